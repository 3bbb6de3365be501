import { REFUND_METHOD_OPTIONS } from "../../../workers/services/orders/order-invoice.rules";

/** How the back office made a refund: to the way she paid unless chosen otherwise (an uncontrolled select). */
export function RefundMethodSelect({ error, defaultValue = "original" }: { error?: string; defaultValue?: string }) {
  return (
    <div className="admin-field">
      <label htmlFor="f-refundMethod">Refunded by</label>
      <select
        id="f-refundMethod"
        name="refundMethod"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "f-refundMethod-error" : undefined}
      >
        {REFUND_METHOD_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <span id="f-refundMethod-error" className="admin-field__error">
          {error}
        </span>
      )}
    </div>
  );
}
