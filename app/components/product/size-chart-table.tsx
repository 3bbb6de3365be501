/** Body measurements in inches (docs/product/catalog.md). */
export const SIZE_CHART = [
  { size: "XS", chest: 30, waist: 26, hip: 32 },
  { size: "S", chest: 32, waist: 28, hip: 34 },
  { size: "M", chest: 34, waist: 30, hip: 36 },
  { size: "L", chest: 36, waist: 32, hip: 38 },
  { size: "XL", chest: 38, waist: 34, hip: 40 },
  { size: "XXL", chest: 40, waist: 36, hip: 42 },
  { size: "3XL", chest: 42, waist: 38, hip: 44 },
  { size: "4XL", chest: 44, waist: 40, hip: 46 },
] as const;

/** The size chart; it only ever reaches the browser in the on-demand modal's chunk. */
export function SizeChartTable() {
  return (
    <table className="size-chart">
      <caption>Body measurements in inches</caption>
      <thead>
        <tr>
          <th scope="col">Size</th>
          <th scope="col">Chest</th>
          <th scope="col">Waist</th>
          <th scope="col">Hip</th>
        </tr>
      </thead>
      <tbody>
        {SIZE_CHART.map((row) => (
          <tr key={row.size}>
            <th scope="row">{row.size}</th>
            <td>{row.chest}</td>
            <td>{row.waist}</td>
            <td>{row.hip}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
