import { moveReturn } from "../../../workers/services/back-office/returns/admin-return-moves";
import { type ReturnDetail, returnDetail } from "../../../workers/services/back-office/returns/admin-returns";
import {
  allowedReturnMoves,
  DECLINE_REASON_MAX,
  REFUND_METHOD_LIST,
  RETURN_ACTION_LABELS,
  type ReturnAction,
  refundMethodLabel,
  returnKindLabel,
  returnMessages,
  returnStatusLabel,
} from "../../../workers/services/back-office/returns/admin-returns.rules";
import { formatRupees } from "../../../workers/services/catalog/pricing";
import { RETURN_REASONS } from "../../../workers/services/orders/after-sale.rules";
import { AdminFormField } from "../../components/admin/admin-form-field";
import { figures } from "../../components/admin/admin-lists";
import { AdminMoveForm, DetailHead, HistoryPanel, type MoveProblem, NextSteps, when } from "../../components/admin/admin-move-form";
import { AdminPanel } from "../../components/admin/admin-panel";
import { LinesTable, PieceCells } from "../../components/admin/lines-table";
import { PageNotice } from "../../components/admin/page-notice";
import { ShopLink } from "../../components/shop-link";
import { readForm } from "../../lib/auth.server";
import { backOfficeMeta } from "../../lib/back-office/admin-meta";
import { notFound, settleMove } from "../../lib/back-office/admin-move.server";
import type { Route } from "./+types/admin-return";

/**
 * One return request in the back office (/admin/returns/:id): her order, the pieces, the reason and
 * any size she asked for instead, its history, and a form for each move its state allows. Each form
 * posts to this route's action, which calls moveReturn (the rule is checked there, in the writing
 * statement) and redirects back with a notice, or answers the service's message and field errors.
 */
const isAction = (v: string | null): v is ReturnAction => v !== null && Object.hasOwn(returnMessages.done, v);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  try {
    const r = await returnDetail(context.services, params.id);
    const done = new URL(request.url).searchParams.get("done");
    return { r, done: isAction(done) ? done : null };
  } catch (error) {
    notFound(error);
    throw error;
  }
}

const TEXT_FIELDS = ["courier", "trackingNumber", "reason", "amount", "method", "reference"];

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) {
    if (typeof v === "string" && (TEXT_FIELDS.includes(k) || /^(restocked|writtenOff)-\d{1,15}$/.test(k))) values[k] = v.slice(0, 600);
  }
  // The receive form has two counts per piece, named by the piece's line.
  const lines = Object.keys(values)
    .flatMap((k) => /^restocked-(\d+)$/.exec(k)?.[1] ?? [])
    .map((id) => ({ id, restocked: values[`restocked-${id}`], writtenOff: values[`writtenOff-${id}`] ?? "" }));
  return settleMove(intent, values, "The return could not be changed. Please try again.", `/admin/returns/${params.id}`, async () => {
    await moveReturn(context.services, params.id, intent, { ...values, lines });
    return undefined;
  });
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = ({ params }) => backOfficeMeta(`Return #${params.id}`);

const reasonLabel = (id: string) => RETURN_REASONS.find((r) => r.id === id)?.label ?? id;
const rupeesField = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

const HISTORY_LABELS: Record<string, string> = {
  "return.approve": "Approved",
  "return.decline": "Declined",
  "return.receive": "Received",
  "return.refund": "Refunded",
  "return.ship-exchange": "Exchange shipped",
};

function MoveForm({ intent, r, actionData }: { intent: ReturnAction; r: ReturnDetail; actionData: MoveProblem | undefined }) {
  return (
    <AdminMoveForm
      fetcherKey={`return-${intent}`}
      intent={intent}
      headingId={`return-move-${intent}`}
      title={RETURN_ACTION_LABELS[intent]}
      quiet={intent === "decline"}
      actionData={actionData}
    >
      {(problem) => <MoveFields intent={intent} r={r} problem={problem} />}
    </AdminMoveForm>
  );
}

/** The fields a move asks for, with the values and errors of its refusal. */
function MoveFields({ intent, r, problem }: { intent: ReturnAction; r: ReturnDetail; problem: MoveProblem | undefined }) {
  const err = problem?.fields ?? {};
  const value = (name: string, fallback = "") => problem?.values?.[name] ?? fallback;
  const field = (name: string, label: string, more: Partial<React.ComponentProps<typeof AdminFormField>> = {}) => (
    <AdminFormField
      id={`${intent}-${name}`}
      name={name}
      label={label}
      error={err[name]}
      defaultValue={value(name)}
      required
      autoComplete="off"
      {...more}
    />
  );
  return (
    <>
      {(intent === "approve" || intent === "ship-exchange") && (
        <>
          {field("courier", intent === "approve" ? "Pickup courier" : "Courier")}
          {field("trackingNumber", intent === "approve" ? "Pickup tracking number" : "Tracking number")}
        </>
      )}
      {intent === "decline" && (
        <div className="admin-field">
          <label htmlFor="decline-reason">Why (she is mailed this)</label>
          <textarea
            id="decline-reason"
            name="reason"
            rows={3}
            required
            maxLength={DECLINE_REASON_MAX}
            defaultValue={value("reason")}
            aria-invalid={err.reason ? true : undefined}
            aria-describedby={err.reason ? "decline-reason-error" : undefined}
          />
          {err.reason && (
            <span id="decline-reason-error" className="admin-field__error" role="alert">
              {err.reason}
            </span>
          )}
        </div>
      )}
      {intent === "receive" && (
        <fieldset className="admin-return__receive">
          <legend>For each piece: back on the shelf, or written off as damaged</legend>
          {r.lines.map((l) => (
            <fieldset key={l.id} className="admin-return__count">
              <legend>
                {l.name}, size {l.size}: {l.quantity} {l.quantity === 1 ? "piece" : "pieces"}
              </legend>
              {field(`restocked-${l.id}`, "Back on the shelf", {
                type: "number",
                min: 0,
                max: l.quantity,
                inputMode: "numeric",
                defaultValue: value(`restocked-${l.id}`, String(l.quantity)),
              })}
              {field(`writtenOff-${l.id}`, "Written off", {
                type: "number",
                min: 0,
                max: l.quantity,
                inputMode: "numeric",
                defaultValue: value(`writtenOff-${l.id}`, "0"),
              })}
            </fieldset>
          ))}
        </fieldset>
      )}
      {intent === "refund" && (
        <>
          {r.kind === "exchange" && <p className="admin-muted">Refund instead of the exchange, when the size cannot be sent.</p>}
          {field("amount", "Amount in rupees", {
            inputMode: "decimal",
            defaultValue: value("amount", rupeesField(Math.min(r.paidPaise, r.refundablePaise))),
            hint: `She paid ${formatRupees(r.paidPaise)} for these pieces; ${formatRupees(r.refundablePaise)} is left to refund on the order.`,
          })}
          <div className="admin-field">
            <label htmlFor="refund-method">Paid back</label>
            <select
              id="refund-method"
              name="method"
              defaultValue={value("method", r.order.paymentMethod === "cashOnDelivery" ? "bank-transfer" : "original")}
              aria-invalid={err.method ? true : undefined}
              aria-describedby={err.method ? "refund-method-error" : undefined}
            >
              {REFUND_METHOD_LIST.map((m) => (
                <option key={m} value={m}>
                  {refundMethodLabel(m)}
                </option>
              ))}
            </select>
            {err.method && (
              <span id="refund-method-error" className="admin-field__error" role="alert">
                {err.method}
              </span>
            )}
          </div>
          {field("reference", "Refund reference")}
        </>
      )}
    </>
  );
}

export default function AdminReturnPage({ loaderData, actionData }: Route.ComponentProps) {
  const { r, done } = loaderData;
  const moves = allowedReturnMoves(r);
  const problem = actionData as MoveProblem | undefined;
  return (
    <div className="admin-page">
      <DetailHead back={<ShopLink to="/admin/returns">All returns</ShopLink>} title={<>Return #{r.id}</>}>
        {returnKindLabel(r.kind)} for <ShopLink to={`/admin/orders/${r.orderNumber}`}>order #{r.orderNumber}</ShopLink>, asked{" "}
        {when(r.createdAt)} · <span className={`admin-status admin-status--return-${r.status}`}>{returnStatusLabel(r.status)}</span>
      </DetailHead>
      <PageNotice notice={done && returnMessages.done[done]} />
      <NextSteps id="return-moves" idle="Nothing to do for this return now.">
        {moves.map((m) => (
          <MoveForm key={m} intent={m} r={r} actionData={problem} />
        ))}
      </NextSteps>
      <div className="admin-grid">
        <AdminPanel id="return-shopper" title="Customer">
          <dl className="admin-dl">
            <dt>Name</dt>
            <dd>{r.shopper.name}</dd>
            <dt>E-mail</dt>
            <dd>{r.shopper.email}</dd>
            <dt>Account</dt>
            <dd>{r.shopper.guest ? "Guest order" : (r.shopper.accountEmail ?? "—")}</dd>
            <dt>Reason</dt>
            <dd>{reasonLabel(r.reason)}</dd>
          </dl>
        </AdminPanel>
        <AdminPanel id="return-steps" title="Steps">
          <dl className="admin-dl">
            <dt>Approved</dt>
            <dd>{when(r.approvedAt)}</dd>
            <dt>Pickup</dt>
            <dd>{r.pickupCourier ? `${r.pickupCourier}, ${r.pickupTracking}` : "—"}</dd>
            <dt>Received</dt>
            <dd>{when(r.receivedAt)}</dd>
            {r.declineReason && (
              <>
                <dt>Declined</dt>
                <dd>
                  {when(r.declinedAt)}: {r.declineReason}
                </dd>
              </>
            )}
            {r.exchangeCourier && (
              <>
                <dt>Exchange sent</dt>
                <dd>
                  {r.exchangeCourier}, {r.exchangeTracking}
                </dd>
              </>
            )}
            <dt>Closed</dt>
            <dd>{when(r.closedAt)}</dd>
          </dl>
        </AdminPanel>
        <AdminPanel id="return-money" title="Money">
          <dl className="admin-dl">
            <dt>Order total</dt>
            <dd>{formatRupees(r.order.totalPaise)}</dd>
            <dt>Paid for these pieces</dt>
            <dd>{formatRupees(r.paidPaise)}</dd>
            <dt>Left to refund on the order</dt>
            <dd>{formatRupees(r.refundablePaise)}</dd>
            {r.refunds.map((f) => (
              <div key={f.id} className="admin-dl__row">
                <dt>Refunded {when(f.createdAt)}</dt>
                <dd>
                  {formatRupees(f.amountPaise)}, {refundMethodLabel(f.method)}, {f.reference}
                  {f.creditNoteNumber ? ` (credit note ${f.creditNoteNumber})` : ""}
                </dd>
              </div>
            ))}
          </dl>
        </AdminPanel>
      </div>
      <AdminPanel id="return-lines" title="Pieces">
        <LinesTable
          label="Pieces"
          caption={<>Pieces in return #{r.id}</>}
          columns={["Product", "Colour", "Size", "Instead", figures("Qty"), figures("Paid"), figures("Restocked"), figures("Written off")]}
        >
          {r.lines.map((l) => (
            <tr key={l.id}>
              <PieceCells line={l} />
              <td>{l.exchangeSize ? `Size ${l.exchangeSize}${l.heldExchange ? " (held)" : ""}` : "—"}</td>
              <td className="admin-num">{l.quantity}</td>
              <td className="admin-num">{formatRupees(l.paidPaise)}</td>
              <td className="admin-num">{l.restocked}</td>
              <td className="admin-num">{l.writtenOff}</td>
            </tr>
          ))}
        </LinesTable>
      </AdminPanel>
      <HistoryPanel id="return-history" history={r.history} labels={HISTORY_LABELS} actorOf={(h) => h.actorEmail ?? "a removed account"} />
    </div>
  );
}
