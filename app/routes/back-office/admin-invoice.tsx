import { data } from "react-router";
import { type Invoice, type InvoiceLine, orderInvoice } from "../../../workers/services/back-office/orders/admin-invoice";
import { formatRupees } from "../../../workers/services/catalog/pricing";
import { settings } from "../../../workers/services/content/settings";
import { AppError } from "../../../workers/services/platform/errors";
import { AddressBlock } from "../../components/address-block";
import { figures, TableHead } from "../../components/admin/admin-lists";
import { DOCUMENT_RUPEES, dayLabel, PrintButton } from "../../lib/back-office/admin-documents";
import { paymentMethodLabel, paymentStatusLabel } from "../../lib/back-office/admin-labels";
import type { Route } from "./+types/admin-invoice";

/**
 * An order's tax invoice (/admin/orders/:number/invoice): the seller with its GSTIN, the
 * buyer and the place of supply, each line's HSN, discount, taxable value, rate and CGST + SGST (or
 * IGST), the delivery charge, the totals and the amount in words. Printable on A4 (admin-documents.css hides
 * the back office's bar and the links on paper). The figures are the service's (gst.ts); an order
 * that has no invoice yet (or never will: cancelled) answers 409 with the reason.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { invoice: await orderInvoice(context.services, params.number), refused: null };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    if (error instanceof AppError && error.status === 409) return data({ invoice: null, refused: error.message }, { status: 409 });
    throw error;
  }
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Tax invoice, order #${params.number} | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

const money = (paise: number) => formatRupees(paise);
/** Amounts on an invoice always show their paise. */
const exact = (paise: number) => formatRupees(paise, DOCUMENT_RUPEES);
const place = (state: string, code: string | null) => (code ? `${state} (code ${code})` : state);

function Seller({ invoice }: { invoice: Invoice }) {
  const s = invoice.seller;
  return (
    <div className="doc-party">
      <p className="doc-brand">{s.name}</p>
      <p>
        <strong>{s.legalName}</strong>
      </p>
      <address>
        {s.address.line1}, {s.address.line2}
        <br />
        {s.address.city}, {s.state} {s.address.pin}
        <br />
        {s.phone} · {s.email}
      </address>
      <p>
        GSTIN: <strong>{s.gstin}</strong>
      </p>
      <p>State: {place(s.state, s.stateCode)}</p>
    </div>
  );
}

function TaxCells({ row, intraState }: { row: { cgstPaise: number; sgstPaise: number; igstPaise: number }; intraState: boolean }) {
  return intraState ? (
    <>
      <td className="admin-num">{exact(row.cgstPaise)}</td>
      <td className="admin-num">{exact(row.sgstPaise)}</td>
    </>
  ) : (
    <td className="admin-num">{exact(row.igstPaise)}</td>
  );
}

function LineRow({ line, index, intraState }: { line: InvoiceLine; index: number; intraState: boolean }) {
  return (
    <tr>
      <td>{index + 1}</td>
      <th scope="row">
        {line.name}
        <span className="doc-sub">
          Size {line.size}, {line.color}
        </span>
      </th>
      <td>{line.hsn}</td>
      <td className="admin-num">{line.quantity}</td>
      <td className="admin-num">{exact(line.unitPricePaise)}</td>
      <td className="admin-num">{line.discountPaise > 0 ? exact(-line.discountPaise) : "—"}</td>
      <td className="admin-num">{exact(line.taxablePaise)}</td>
      <td className="admin-num">{line.rate}%</td>
      <TaxCells row={line} intraState={intraState} />
      <td className="admin-num">{exact(line.totalPaise)}</td>
    </tr>
  );
}

function InvoiceSheet({ invoice: v }: { invoice: Invoice }) {
  const b = v.buyer.address;
  const taxCols = v.intraState ? 2 : 1;
  return (
    <article className="doc-sheet" aria-labelledby="doc-title">
      <header className="doc-head">
        <Seller invoice={v} />
        <div className="doc-title">
          <h1 id="doc-title">Tax invoice</h1>
          <dl className="doc-facts">
            <dt>Invoice number</dt>
            <dd>{v.invoiceNumber}</dd>
            <dt>Invoice date</dt>
            <dd>{dayLabel(v.invoiceDate)}</dd>
            <dt>Order number</dt>
            <dd>#{v.orderNumber}</dd>
            <dt>Payment</dt>
            <dd>
              {paymentMethodLabel(v.paymentMethod)}, {paymentStatusLabel(v.paymentStatus).toLowerCase()}
            </dd>
          </dl>
        </div>
      </header>
      <section className="doc-parties" aria-label="Buyer and place of supply">
        <div className="doc-party">
          <h2>Billed and shipped to</h2>
          <AddressBlock address={{ ...b, fullName: v.buyer.name }} layout={{ roadOnHouseLine: true, phoneLabel: false }} />
          <p>State: {place(v.buyer.state, v.buyer.stateCode)}</p>
        </div>
        <div className="doc-party">
          <h2>Place of supply</h2>
          <p>
            <strong>{place(v.placeOfSupply.state, v.placeOfSupply.stateCode)}</strong>
          </p>
          <p>{v.intraState ? "Within the state: CGST and SGST" : "Outside the state: IGST"}</p>
          <p>Reverse charge: No</p>
        </div>
      </section>
      <table className="admin-table doc-table">
        <caption className="visually-hidden">Goods and charges on invoice {v.invoiceNumber}</caption>
        <TableHead
          columns={[
            "#",
            "Description",
            "HSN",
            ...["Qty", "Unit price (incl. GST)", "Discount", "Taxable value", "GST rate"].map(figures),
            ...(v.intraState ? ["CGST", "SGST"] : ["IGST"]).map(figures),
            figures("Total"),
          ]}
        />
        <tbody>
          {v.lines.map((line, i) => (
            <LineRow key={`${line.name}-${line.size}-${line.color}`} line={line} index={i} intraState={v.intraState} />
          ))}
          {v.delivery && (
            <tr>
              <td>{v.lines.length + 1}</td>
              <th scope="row">
                Delivery charge
                <span className="doc-sub">Taxed with the goods, at their highest rate</span>
              </th>
              <td>{v.delivery.hsn}</td>
              <td className="admin-num">1</td>
              <td className="admin-num">{exact(v.delivery.valuePaise)}</td>
              <td className="admin-num">—</td>
              <td className="admin-num">{exact(v.delivery.taxablePaise)}</td>
              <td className="admin-num">{v.delivery.rate}%</td>
              <TaxCells row={v.delivery} intraState={v.intraState} />
              <td className="admin-num">{exact(v.delivery.valuePaise)}</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={5}>
              Total
            </th>
            <td className="admin-num">{v.totals.discountPaise > 0 ? exact(-v.totals.discountPaise) : "—"}</td>
            <td className="admin-num">{exact(v.totals.taxablePaise)}</td>
            <td />
            <TaxCells row={v.totals} intraState={v.intraState} />
            <td className="admin-num">
              <strong>{exact(v.totals.totalPaise)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      <div className="doc-summary">
        <dl className="admin-dl admin-dl--totals">
          <dt>Taxable value</dt>
          <dd>{exact(v.totals.taxablePaise)}</dd>
          {v.intraState ? (
            <>
              <dt>CGST</dt>
              <dd>{exact(v.totals.cgstPaise)}</dd>
              <dt>SGST</dt>
              <dd>{exact(v.totals.sgstPaise)}</dd>
            </>
          ) : (
            <>
              <dt>IGST</dt>
              <dd>{exact(v.totals.igstPaise)}</dd>
            </>
          )}
          <dt>Invoice total</dt>
          <dd>
            <strong>{exact(v.totals.totalPaise)}</strong>
          </dd>
        </dl>
        <p className="doc-words">
          Amount in words: <strong>{v.amountInWords}</strong>
        </p>
      </div>
      <div className="doc-notes">
        <p>
          Prices are inclusive of GST.{" "}
          {v.couponCode && v.totals.discountPaise > 0
            ? `The coupon ${v.couponCode} (${money(v.totals.discountPaise)}) is shared across the goods in proportion to their value and lowers their taxable value. `
            : ""}
          Garments: {v.rule.lowRate}% GST on a piece of taxable value up to {money(v.rule.thresholdPaise)}, {v.rule.highRate}% above (since{" "}
          {dayLabel(v.rule.effective)}).
        </p>
        {taxCols === 2 && <p>CGST and SGST are each half of the GST rate.</p>}
      </div>
      <p className="doc-sign">
        For {v.seller.legalName}
        <span className="doc-sign__line">Authorised signatory</span>
      </p>
    </article>
  );
}

export default function AdminInvoicePage({ loaderData, params }: Route.ComponentProps) {
  const { invoice, refused } = loaderData;
  return (
    <div className="admin-page doc">
      <div className="doc-actions">
        <p className="admin-muted">
          <a href={`/admin/orders/${params.number}`}>Back to order #{params.number}</a>
        </p>
        {invoice && <PrintButton label="Print invoice" />}
      </div>
      {invoice ? (
        <InvoiceSheet invoice={invoice} />
      ) : (
        <section className="admin-panel" aria-labelledby="doc-title">
          <h1 id="doc-title">Tax invoice</h1>
          <p className="notice notice--error" role="alert">
            {refused}
          </p>
        </section>
      )}
    </div>
  );
}
