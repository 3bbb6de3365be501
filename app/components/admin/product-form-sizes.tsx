import { FieldError, RowCell, RowsTable } from "./product-form-fields";
import type { FormSize, ProductFormOptionsView } from "./product-form-types";

/** Sizes with their prices and stock, spare blank rows included, and "Add rows" for more. */
export function SizesSection({
  sizes,
  options,
  errors,
}: {
  sizes: FormSize[];
  options: ProductFormOptionsView;
  errors: Record<string, string>;
}) {
  return (
    <fieldset className="admin-panel admin-product__section">
      <legend>Sizes &amp; stock</legend>
      <p className="admin-muted">
        At least one size from the size chart. Prices in rupees; the discount price, if any, must be below the price. Leave a row blank to
        leave it out; taking a size off drops it from shoppers' carts.
      </p>
      <FieldError path="sizes" errors={errors} />
      <RowsTable label="Sizes and stock" columns={["Size", "Price (₹)", "Discount price (₹)", "Stock"]}>
        {sizes.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the form
          <tr key={i}>
            <RowCell path={`sizes.${i}.size`} label={`Size, row ${i + 1}`} errors={errors}>
              {(control) => (
                <select {...control} defaultValue={s.size}>
                  <option value="">—</option>
                  {options.sizeChart.map((z) => (
                    <option key={z} value={z}>
                      {z}
                    </option>
                  ))}
                </select>
              )}
            </RowCell>
            <RowCell path={`sizes.${i}.price`} label={`Price in rupees, row ${i + 1}`} errors={errors}>
              {(control) => <input {...control} defaultValue={s.price} inputMode="decimal" />}
            </RowCell>
            <RowCell path={`sizes.${i}.discountPrice`} label={`Discount price in rupees, row ${i + 1}`} errors={errors}>
              {(control) => <input {...control} defaultValue={s.discountPrice} inputMode="decimal" />}
            </RowCell>
            <RowCell path={`sizes.${i}.stock`} label={`Stock, row ${i + 1}`} errors={errors}>
              {(control) => (
                <>
                  <input {...control} defaultValue={s.stock} inputMode="numeric" />
                  {s.stockWas !== "" && <input type="hidden" name={`sizes.${i}.stockWas`} value={s.stockWas} />}
                </>
              )}
            </RowCell>
          </tr>
        ))}
      </RowsTable>
      <button type="submit" name="intent" value="more-rows" className="button" formNoValidate>
        Add rows
      </button>
    </fieldset>
  );
}
