import { SIZE_CHART } from "../../../workers/services/catalog/size-finder.rules";

/** Body measurements in inches (docs/product/catalog.md); the size finder reads the same rows. */
export { SIZE_CHART };

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
