import { PRODUCT_LIMITS } from "../../../workers/services/back-office/catalog/admin-products.rules";
import { FieldError, RowCell, RowsTable } from "./product-form-fields";
import type { FormColour } from "./product-form-types";

/** The colour rows, spare blank ones included. */
export function ColoursSection({ colours, errors }: { colours: FormColour[]; errors: Record<string, string> }) {
  return (
    <fieldset className="admin-panel admin-product__section">
      <legend>Colours</legend>
      <p className="admin-muted">At least one. Leave a row's name blank to leave it out.</p>
      <FieldError path="colors" errors={errors} />
      <RowsTable label="Colours" columns={["#", "Name", "Colour (#rrggbb)"]}>
        {colours.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the form
          <tr key={i}>
            <td>{i + 1}</td>
            <RowCell path={`colors.${i}.name`} label={`Colour ${i + 1} name`} errors={errors}>
              {(control) => <input {...control} defaultValue={c.name} maxLength={PRODUCT_LIMITS.colourName} />}
            </RowCell>
            <RowCell path={`colors.${i}.hex`} label={`Colour ${i + 1} hex code`} errors={errors}>
              {(control) => (
                <>
                  <input {...control} defaultValue={c.hex} maxLength={7} pattern="#[0-9a-fA-F]{6}" className="admin-product__hex" />
                  <span className="admin-product__swatch" style={{ background: /^#[0-9a-f]{6}$/i.test(c.hex) ? c.hex : "transparent" }} />
                </>
              )}
            </RowCell>
          </tr>
        ))}
      </RowsTable>
    </fieldset>
  );
}
