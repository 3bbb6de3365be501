import { RETURN_REASONS } from "../../../workers/services/orders/after-sale.rules";
import { afterSaleMessages } from "../../../workers/services/orders/after-sale-messages.rules";
import type { ReturnLineFacts } from "../../../workers/services/orders/return-request";
import { OnceForm } from "../forms/once-form";

/**
 * The returns form: a plain form that posts to its page's action, so it works before (and without)
 * the script. Every control is uncontrolled, its default what she posted last, so nothing she ticks
 * or chooses is reset when the script takes over or when a refusal comes back. The exchange choices
 * show only while a size reason is ticked (CSS `:has`, no script needed).
 */

/** What she posted, by field name: `line` holds the ticked line ids, comma separated. */
export type ReturnFormValues = Record<string, string>;

export const returnFields = {
  line: "line",
  quantity: (id: number) => `quantity-${id}`,
  choice: (id: number) => `choice-${id}`,
  size: (id: number) => `size-${id}`,
  refundInstead: "refundInstead",
  lineError: (id: number) => `line-${id}`,
} as const;

/** How many of a line she may still send back, or why none. */
function availability(line: ReturnLineFacts): { most: number; why: string | null } {
  if (!line.returnable) return { most: 0, why: afterSaleMessages.notReturnable(line.name) };
  if (line.open) return { most: 0, why: afterSaleMessages.alreadyOpen(line.name) };
  const most = Math.max(0, line.quantity - line.returned);
  return { most, why: most === 0 ? afterSaleMessages.tooMany(line.name, 0) : null };
}

function ReturnLine({ line, values, error }: { line: ReturnLineFacts; values: ReturnFormValues; error: string | undefined }) {
  const { most, why } = availability(line);
  const ticked = (values[returnFields.line] ?? "").split(",").includes(String(line.lineId));
  const choice = values[returnFields.choice(line.lineId)] === "exchange" ? "exchange" : "refund";
  const others = line.productId === null ? [] : line.sizes.filter((s) => s.size !== line.size);
  const base = `return-line-${line.lineId}`;
  const errorId = `${base}-error`;
  const whyId = `${base}-why`;
  // The size she chose is gone: she may take a refund for this piece instead, her other choices kept.
  const outOfStock = error !== undefined && others.some((s) => error === afterSaleMessages.exchangeOutOfStock(s.size));
  return (
    <li className={`return-line${error ? " return-line--invalid" : ""}`}>
      <div className="return-line__pick">
        <input
          type="checkbox"
          id={`${base}-pick`}
          name={returnFields.line}
          value={line.lineId}
          defaultChecked={ticked && most > 0}
          disabled={most === 0}
          aria-describedby={[why ? whyId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined}
        />
        <label htmlFor={`${base}-pick`} className="return-line__name">
          {line.name}
          <span className="return-line__options">
            {[line.color, `Size ${line.size}`].filter(Boolean).join(" · ")}
            {line.quantity > 1 ? ` · ${line.quantity} bought` : ""}
          </span>
        </label>
      </div>
      {why && (
        <p id={whyId} className="field__hint">
          {why}
        </p>
      )}
      {most > 0 && (
        <div className="return-line__details">
          <div className="field return-line__quantity">
            <label htmlFor={`${base}-quantity`}>Pieces</label>
            <select
              id={`${base}-quantity`}
              name={returnFields.quantity(line.lineId)}
              defaultValue={values[returnFields.quantity(line.lineId)] ?? "1"}
            >
              {Array.from({ length: most }, (_, i) => String(i + 1)).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          {others.length > 0 && (
            <fieldset className="return-line__exchange">
              <legend>Refund or another size</legend>
              <label className="return-choice">
                <input type="radio" name={returnFields.choice(line.lineId)} value="refund" defaultChecked={choice === "refund"} /> Refund
              </label>
              <label className="return-choice" htmlFor={`${base}-exchange`}>
                <input
                  type="radio"
                  id={`${base}-exchange`}
                  name={returnFields.choice(line.lineId)}
                  value="exchange"
                  defaultChecked={choice === "exchange"}
                />{" "}
                Exchange for size
              </label>
              <select
                aria-label={`Size instead of ${line.size}`}
                name={returnFields.size(line.lineId)}
                defaultValue={values[returnFields.size(line.lineId)] ?? ""}
                className="return-line__size"
              >
                <option value="">Choose a size</option>
                {others.map((s) => (
                  <option key={s.id} value={s.size}>
                    {s.stock > 0 ? s.size : `${s.size} (out of stock)`}
                  </option>
                ))}
              </select>
            </fieldset>
          )}
        </div>
      )}
      {error && (
        <div className="return-line__error">
          <p id={errorId} className="field__error">
            {error}
          </p>
          {outOfStock && (
            <button type="submit" name={returnFields.refundInstead} value={line.lineId} className="button button--secondary">
              Refund this piece instead
            </button>
          )}
        </div>
      )}
    </li>
  );
}

export function ReturnForm({
  lines,
  values,
  fields,
  message,
  action,
  accessKey,
}: {
  lines: ReturnLineFacts[];
  values: ReturnFormValues;
  fields: Record<string, string>;
  message: string | null;
  action: string;
  accessKey: string | null;
}) {
  const reasonError = fields.reason;
  const linesError = fields.lines ?? fields.line;
  return (
    <OnceForm method="post" action={action} className="return-form" noValidate>
      {accessKey && <input type="hidden" name="key" value={accessKey} />}
      {message && (
        <p className="form-message form-message--error" role="alert">
          {message}
        </p>
      )}
      <fieldset className="return-form__group" aria-describedby={linesError ? "return-lines-error" : undefined}>
        <legend>What are you sending back?</legend>
        {linesError && (
          <p id="return-lines-error" className="field__error">
            {linesError}
          </p>
        )}
        <ul className="return-lines">
          {lines.map((line) => (
            // Remounted when the server switched her choice (a refund instead of a size gone), so the radio shows it.
            <ReturnLine
              key={`${line.lineId}-${values[returnFields.choice(line.lineId)] ?? ""}`}
              line={line}
              values={values}
              error={fields[returnFields.lineError(line.lineId)]}
            />
          ))}
        </ul>
      </fieldset>
      <fieldset className="return-form__group" aria-describedby={reasonError ? "return-reason-error" : undefined}>
        <legend>Why?</legend>
        {reasonError && (
          <p id="return-reason-error" className="field__error">
            {reasonError}
          </p>
        )}
        {RETURN_REASONS.map((r) => (
          <label key={r.id} className="return-choice">
            <input
              type="radio"
              name="reason"
              value={r.id}
              defaultChecked={values.reason === r.id}
              data-size-reason={r.size ? "" : undefined}
            />{" "}
            {r.label}
          </label>
        ))}
        <p className="field__hint">For Too small or Too large you can ask for another size instead of a refund.</p>
      </fieldset>
      <button type="submit" className="button button--primary">
        Ask for the return
      </button>
    </OnceForm>
  );
}
