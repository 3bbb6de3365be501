import { data, redirect } from "react-router";
import { settings } from "../../../workers/services/content/settings";
import { isSizeReason, type ReturnReason, returnUntil } from "../../../workers/services/orders/after-sale.rules";
import { afterSaleMessages } from "../../../workers/services/orders/after-sale-messages.rules";
import { formatOrderDate, orderMessages, orderPagePath } from "../../../workers/services/orders/order-views.rules";
import { askReturn, returnForm } from "../../../workers/services/orders/return-request";
import { AppError } from "../../../workers/services/platform/errors";
import { signInPath } from "../../../workers/services/platform/paths";
import { RETURNED_PARAM } from "../../components/order/order-returns";
import { ReturnForm, type ReturnFormValues, returnFields } from "../../components/order/return-form";
import { ShopLink } from "../../components/shop-link";
import { formProblem, readForm } from "../../lib/auth.server";
import type { Route } from "./+types/order-return";

/**
 * Return or exchange (docs/product/after-the-purchase.md, "Returns and exchanges"): the delivered
 * order's pieces, each with a box and a quantity, the reason, and for a size reason a refund or
 * another size. Her own order signed in, or a guest's with her link's key (`?key=K`). The order, its
 * lines and the session check are one round trip; the form posts to the action, which calls the same
 * service as `POST /api/orders/{number}/returns` and sends her back to her order.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Return or exchange: order #${loaderData.order.orderNumber}` : "Return or exchange"} | ${settings.brand.name}` },
  { name: "robots", content: "noindex" },
];

const PRIVATE = { "Cache-Control": "private, no-store" };
const NOT_FOUND = `${orderMessages.notFound}.`;

function refusedPage(err: unknown, request: Request): never {
  if (err instanceof AppError && err.status === 401) {
    const { pathname, search } = new URL(request.url);
    throw redirect(signInPath(pathname + search), { headers: PRIVATE });
  }
  if (err instanceof AppError && (err.status === 400 || err.status === 404)) throw data(NOT_FOUND, { status: 404, headers: PRIVATE });
  throw err;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get("key");
  try {
    const form = await returnForm(context.services, params.number, key);
    return data({ ...form, key }, { headers: PRIVATE });
  } catch (err) {
    refusedPage(err, request);
  }
}

/** Her choices as the form posted them, to refill it after a refusal. */
function postedValues(form: FormData): ReturnFormValues {
  const values: ReturnFormValues = { [returnFields.line]: form.getAll(returnFields.line).map(String).join(",") };
  for (const [name, value] of form.entries()) {
    if (name !== returnFields.line && name !== "key" && typeof value === "string" && value.length <= 40) values[name] = value;
  }
  // "Refund this piece instead": her confirmation switches that line to a refund, the rest as she left it.
  const instead = values[returnFields.refundInstead];
  if (instead) {
    values[returnFields.choice(Number(instead))] = "refund";
    delete values[returnFields.refundInstead];
  }
  return values;
}

/** The service's input from the form: a line is exchanged when a size reason is ticked and she chose another size for it. */
function requestOf(values: ReturnFormValues) {
  const ids = values[returnFields.line] ? values[returnFields.line]!.split(",") : [];
  const sized = isSizeReason(values.reason as ReturnReason);
  const missing: Record<string, string> = {};
  const lines = ids.map((id) => {
    const exchange = sized && values[returnFields.choice(Number(id))] === "exchange";
    const size = values[returnFields.size(Number(id))] ?? "";
    if (exchange && !size) missing[returnFields.lineError(Number(id))] = afterSaleMessages.chooseSize;
    return { orderLineId: id, quantity: values[returnFields.quantity(Number(id))] ?? "1", exchangeSize: exchange ? size : null };
  });
  const kind = lines.some((l) => l.exchangeSize) ? "exchange" : "refund";
  return { input: { lines, reason: values.reason, kind }, missing };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const keyValue = form.get("key") ?? new URL(request.url).searchParams.get("key");
  const key = typeof keyValue === "string" && keyValue ? keyValue : null;
  const values = postedValues(form);
  const { input, missing } = requestOf(values);
  if (Object.keys(missing).length > 0) {
    return data({ message: afterSaleMessages.chooseSize, fields: missing, values }, { status: 400, headers: PRIVATE });
  }
  try {
    const { order } = await askReturn(context.services, params.number, input, key);
    const page = orderPagePath(order.orderNumber, key);
    throw redirect(`${page}&${RETURNED_PARAM}=1`, { headers: PRIVATE });
  } catch (err) {
    if (err instanceof Response) throw err;
    if (err instanceof AppError && (err.status === 401 || err.status === 404)) refusedPage(err, request);
    return formProblem(err, values, "Your request could not be sent. Please try again.");
  }
}

export const headers: Route.HeadersFunction = () => PRIVATE;

export const handle = { failure: orderMessages.loadFailed };

export default function OrderReturnPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, lines, closed, key } = loaderData;
  const problem = actionData && "message" in actionData ? actionData : null;
  const lastDay = order.deliveredAt ? new Date(returnUntil(Date.parse(order.deliveredAt)) - 1).toISOString() : null;
  const back = orderPagePath(order.orderNumber, key);
  return (
    <div className="order-page return-page container">
      <header>
        <p className="eyebrow">Order #{order.orderNumber}</p>
        <h1 className="order-page__title">Return or exchange</h1>
        {lastDay && !closed && (
          <p>
            You can ask until <time dateTime={lastDay}>{formatOrderDate(lastDay)}</time>, {settings.policies.returnWithinDays} days from
            delivery.
          </p>
        )}
      </header>
      {closed ? (
        <p className="notice">{closed}</p>
      ) : (
        <ReturnForm
          lines={lines}
          values={problem?.values ?? {}}
          fields={problem?.fields ?? {}}
          message={problem?.message ?? null}
          action={`/my-orders/${order.orderNumber}/return${key ? `?key=${encodeURIComponent(key)}` : ""}`}
          accessKey={key}
        />
      )}
      <p>
        <ShopLink to={back}>Back to order #{order.orderNumber}</ShopLink>
      </p>
    </div>
  );
}
