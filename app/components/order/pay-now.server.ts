import { data, redirect } from "react-router";
import { orderMessages, PAYMENT_WINDOW_MINUTES } from "../../../workers/services/orders/order.rules";
import { confirmPayment, startPayment } from "../../../workers/services/orders/order-payments";
import { orderPagePath } from "../../../workers/services/orders/order-views.rules";
import type { ServiceContext } from "../../../workers/services/platform/context";
import { cookieHeader, readCookie } from "../../../workers/services/platform/cookies";
import { errorHeaders } from "../../../workers/services/platform/errors";
import { problemOf } from "../../lib/action-errors.server";
import type { PayNowAnswer } from "./pay-now";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * The "Pay now" form's action, for the pages that show it (the thank-you page, My Orders): `pay`
 * answers the payment for Razorpay's window (without JavaScript, that it needs JavaScript), `verify`
 * checks Razorpay's answer as checkout does and goes to the order's page, paid. Null for another
 * intent. Both go through the order service.
 */
export async function payNowAction(form: FormData, services: ServiceContext): Promise<ReturnType<typeof data<PayNowAnswer>> | null> {
  const intent = text(form, "intent");
  const orderNumber = Number(text(form, "order")) || 0;
  if (intent === "pay") {
    // The form was posted as a document: no script ran (yet). Razorpay's window is a script, so the
    // page says paying needs JavaScript; the payment comes with the answer, and a page whose script
    // then starts (she tapped before it had) opens the window by itself. Nothing is changed.
    const scripted = text(form, "js") === "1";
    try {
      const { order, payment } = await startPayment(services, { order: text(form, "order"), key: text(form, "key") || null });
      if (!scripted)
        return data<PayNowAnswer>(
          { intent, ok: false, orderNumber: order.orderNumber, message: orderMessages.payNeedsJavaScript, payment },
          { status: 400 },
        );
      return data<PayNowAnswer>({ intent, ok: true, orderNumber: order.orderNumber, payment });
    } catch (error) {
      const problem = problemOf(error, "Pay now failed");
      return data<PayNowAnswer>(
        { intent, ok: false, orderNumber, message: problem?.message ?? orderMessages.initiateFailed },
        { status: problem?.status ?? 500, headers: problem ? errorHeaders(problem) : undefined },
      );
    }
  }
  if (intent === "verify") {
    try {
      const { order, accessKey } = await confirmPayment(services, {
        razorpay_order_id: form.get("razorpay_order_id"),
        razorpay_payment_id: form.get("razorpay_payment_id"),
        razorpay_signature: form.get("razorpay_signature"),
      });
      throw redirect(orderPagePath(order.orderNumber, accessKey), 303);
    } catch (error) {
      if (error instanceof Response) throw error;
      const problem = problemOf(error, "Pay now failed");
      return data<PayNowAnswer>(
        { intent, ok: false, orderNumber, message: orderMessages.verifyFailed },
        { status: problem?.status ?? 500 },
      );
    }
  }
  return null;
}

/**
 * A guest's browser keeps the key to her online order while it waits for its payment, so paying
 * again from checkout (a reload, a retry after a failed payment) takes that order up instead of
 * making another. HttpOnly, only as long as the order can wait.
 */
const WAITING_ORDER_COOKIE = "aanchal_waiting_order";

export const waitingOrderKey = (request: Request) => readCookie(request.headers, WAITING_ORDER_COOKIE) ?? undefined;

export const keepWaitingOrder = (request: Request, accessKey: string) =>
  cookieHeader(WAITING_ORDER_COOKIE, accessKey, {
    maxAge: PAYMENT_WINDOW_MINUTES * 60,
    secure: new URL(request.url).protocol === "https:",
  });
