import type { ReactNode } from "react";
import type { Invoice, InvoiceLine } from "../../../workers/services/back-office/orders/admin-invoice";
import { formatRupees } from "../../../workers/services/catalog/pricing";
import type { CreditNote } from "../../../workers/services/orders/credit-notes";
import { refundMethodLabel } from "../../../workers/services/orders/order-invoice.rules";
import { DOCUMENT_RUPEES, dayLabel } from "../../lib/back-office/admin-documents";
import { paymentMethodLabel, paymentStatusLabel } from "../../lib/back-office/admin-labels";
import { AddressBlock } from "../address-block";
import { figures, TableHead } from "../admin/admin-lists";

/**
 * The printable tax invoice and credit note, one markup for the back office's pages and hers
 * (/admin/orders/:number/invoice, /my-orders/:number/invoice and their credit notes), so she prints
 * exactly what the shop prints. Styles: app/styles/order-documents.css (A4 on paper, without the
 * shop's or the back office's frame).
 */

const money = (paise: number) => formatRupees(paise);
/** Amounts on an invoice always show their paise. */
const exact = (paise: number) => formatRupees(paise, DOCUMENT_RUPEES);
const place = (state: string, code: string | null) => (code ? `${state} (code ${code})` : state);

function Seller({ invoice }: { invoice: Pick<Invoice, "seller"> }) {
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

/** A document's heading: the seller, its title, and its facts (numbers and dates). */
function DocHead({ doc, title, children }: { doc: Pick<Invoice, "seller">; title: string; children: ReactNode }) {
  return (
    <header className="doc-head">
      <Seller invoice={doc} />
      <div className="doc-title">
        <h1 id="doc-title">{title}</h1>
        <dl className="doc-facts">{children}</dl>
      </div>
    </header>
  );
}

/** The buyer under `heading`, and the place of supply with the tax it means; `children` end the place of supply. */
function Parties({
  doc,
  heading,
  children,
}: {
  doc: Pick<Invoice, "buyer" | "placeOfSupply" | "intraState">;
  heading: string;
  children: ReactNode;
}) {
  return (
    <section className="doc-parties" aria-label="Buyer and place of supply">
      <div className="doc-party">
        <h2>{heading}</h2>
        <AddressBlock address={{ ...doc.buyer.address, fullName: doc.buyer.name }} layout={{ roadOnHouseLine: true, phoneLabel: false }} />
        <p>State: {place(doc.buyer.state, doc.buyer.stateCode)}</p>
      </div>
      <div className="doc-party">
        <h2>Place of supply</h2>
        <p>
          <strong>{place(doc.placeOfSupply.state, doc.placeOfSupply.stateCode)}</strong>
        </p>
        <p>{doc.intraState ? "Within the state: CGST and SGST" : "Outside the state: IGST"}</p>
        {children}
      </div>
    </section>
  );
}

/** The amounts (`children`, a list) and the total in words. */
function Summary({ words, children }: { words: string; children: ReactNode }) {
  return (
    <div className="doc-summary">
      <dl className="admin-dl admin-dl--totals">{children}</dl>
      <p className="doc-words">
        Amount in words: <strong>{words}</strong>
      </p>
    </div>
  );
}

function Signature({ legalName }: { legalName: string }) {
  return (
    <p className="doc-sign">
      For {legalName}
      <span className="doc-sign__line">Authorised signatory</span>
    </p>
  );
}

/** The last figure of a table's total row. */
function GrandTotal({ paise }: { paise: number }) {
  return (
    <td className="admin-num">
      <strong>{exact(paise)}</strong>
    </td>
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

export function InvoiceSheet({ invoice: v }: { invoice: Invoice }) {
  const taxCols = v.intraState ? 2 : 1;
  return (
    <article className="doc-sheet" aria-labelledby="doc-title">
      <DocHead doc={v} title="Tax invoice">
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
      </DocHead>
      <Parties doc={v} heading="Billed and shipped to">
        <p>Reverse charge: No</p>
      </Parties>
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
            <GrandTotal paise={v.totals.totalPaise} />
          </tr>
        </tfoot>
      </table>
      <Summary words={v.amountInWords}>
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
      </Summary>
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
      <Signature legalName={v.seller.legalName} />
    </article>
  );
}

const SOURCE_WORDS: Record<CreditNote["refund"]["source"], string> = {
  cancellation: "Order cancelled",
  return: "Goods returned",
  "late-payment": "Payment received after the order had lapsed",
};

/** A credit note: the refund of an invoiced order, split back into taxable value and GST by rate. */
export function CreditNoteSheet({ note: c }: { note: CreditNote }) {
  return (
    <article className="doc-sheet" aria-labelledby="doc-title">
      <DocHead doc={c} title="Credit note">
        <dt>Credit note number</dt>
        <dd>{c.creditNoteNumber}</dd>
        <dt>Date</dt>
        <dd>{dayLabel(c.date)}</dd>
        <dt>Against invoice</dt>
        <dd>
          {c.invoiceNumber} of {dayLabel(c.invoiceDate)}
        </dd>
        <dt>Order number</dt>
        <dd>#{c.orderNumber}</dd>
      </DocHead>
      <Parties doc={c} heading="Issued to">
        <p>Reason: {SOURCE_WORDS[c.refund.source]}</p>
      </Parties>
      <table className="admin-table doc-table">
        <caption className="visually-hidden">GST given back on credit note {c.creditNoteNumber}</caption>
        <TableHead columns={["GST rate", ...["Taxable value", ...(c.intraState ? ["CGST", "SGST"] : ["IGST"]), "Total"].map(figures)]} />
        <tbody>
          {c.rows.map((row) => (
            <tr key={row.rate}>
              <th scope="row">Goods and delivery at {row.rate}%</th>
              <td className="admin-num">{exact(row.taxablePaise)}</td>
              <TaxCells row={row} intraState={c.intraState} />
              <td className="admin-num">{exact(row.totalPaise)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="admin-num">{exact(c.totals.taxablePaise)}</td>
            <TaxCells row={c.totals} intraState={c.intraState} />
            <GrandTotal paise={c.totals.totalPaise} />
          </tr>
        </tfoot>
      </table>
      <Summary words={c.amountInWords}>
        <dt>Refunded</dt>
        <dd>
          <strong>{exact(c.refund.amountPaise)}</strong>
        </dd>
        <dt>Refunded by</dt>
        <dd>{refundMethodLabel(c.refund.method)}</dd>
        <dt>Reference</dt>
        <dd>{c.refund.reference}</dd>
      </Summary>
      <div className="doc-notes">
        <p>
          The refund is split into taxable value and GST in the proportions of invoice {c.invoiceNumber}, rate by rate; it lowers the GST
          charged on that invoice by the amounts above.
        </p>
      </div>
      <Signature legalName={c.seller.legalName} />
    </article>
  );
}
