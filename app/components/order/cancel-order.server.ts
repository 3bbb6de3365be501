import { data, redirect } from "react-router";
import { cancelMyOrder } from "../../../workers/services/orders/order-cancel";
import type { ServiceContext } from "../../../workers/services/platform/context";
import { errorHeaders } from "../../../workers/services/platform/errors";
import { problemOf } from "../../lib/action-errors.server";
import type { CancelAnswer } from "./cancel-order";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * The "Cancel order" form's action, for the pages that show it (My Orders, the order's page): a
 * cancel that went through goes back to `done(orderNumber)` (a reload does not post it again); a
 * refused one answers the shop's words with its status (409 for an order she may no longer cancel).
 * Null for another intent.
 */
export async function cancelOrderAction(
  form: FormData,
  services: ServiceContext,
  done: (orderNumber: number) => string,
): Promise<ReturnType<typeof data<CancelAnswer>> | null> {
  if (text(form, "intent") !== "cancel") return null;
  const orderNumber = Number(text(form, "order")) || 0;
  try {
    const order = await cancelMyOrder(services, { order: text(form, "order"), key: text(form, "key") || null });
    throw redirect(done(order.orderNumber), 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    const problem = problemOf(error, "Cancel order failed");
    if (!problem) throw error;
    return data<CancelAnswer>(
      { intent: "cancel", ok: false, orderNumber, message: problem.message },
      { status: problem.status, headers: errorHeaders(problem) },
    );
  }
}
