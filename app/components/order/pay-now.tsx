import { useEffect, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { orderMessages } from "../../../workers/services/orders/order.rules";
import { useHydrated } from "../../lib/hooks/use-hydrated";
import type { PaymentStart } from "../checkout/checkout.rules";
import { FormMessage } from "../forms/fields";

/** What the Pay now action answers (a verified payment redirects to the order's page instead). */
export type PayNowAnswer =
  | { intent: "pay"; ok: true; orderNumber: number; payment: PaymentStart }
  /** `payment`: the form was posted before any script ran; a page whose script starts then opens Razorpay's window with it. */
  | { intent: "pay" | "verify"; ok: false; orderNumber: number; message: string; payment?: PaymentStart };

type Notice = { message: string; tone: "error" | "info" };

/**
 * "Pay now" for an online order still waiting for its payment: a form posting to the page's own
 * action, which answers the payment; the page then opens Razorpay's window for it, and posts
 * Razorpay's answer back to be verified, as checkout does. Without JavaScript the form posts as a
 * document and the page answers that paying online needs JavaScript.
 */
export function PayNow({ orderNumber, accessKey, action }: { orderNumber: number; accessKey: string | null; action: string }) {
  const hydrated = useHydrated();
  const pay = useFetcher<PayNowAnswer>({ key: `pay-now-${orderNumber}` });
  const verify = useFetcher<PayNowAnswer>({ key: `pay-now-verify-${orderNumber}` });
  const pageAnswer = useActionData<PayNowAnswer>();
  const [paying, setPaying] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(
    pageAnswer && !pageAnswer.ok && pageAnswer.orderNumber === orderNumber ? { message: pageAnswer.message, tone: "error" } : null,
  );
  const busy = pay.state !== "idle" || verify.state !== "idle" || paying;
  const say = (message: string, tone: Notice["tone"] = "error") => setNotice({ message, tone });

  /** Razorpay's window for the payment the action answered; its answer is posted back to be verified. */
  function open(payment: PaymentStart) {
    setNotice(null);
    setPaying(true);
    void import("../checkout/razorpay-checkout").then(
      ({ payWithRazorpay }) =>
        payWithRazorpay(payment, orderNumber, {
          onSuccess: (response) => verify.submit({ intent: "verify", order: String(orderNumber), ...response }, { method: "post", action }),
          onFailed: () => {
            setPaying(false);
            say(orderMessages.paymentFailed);
          },
          onDismiss: (afterFailure) => {
            setPaying(false);
            if (!afterFailure) say(orderMessages.cancelled, "info");
          },
          onLoadError: () => {
            setPaying(false);
            say(orderMessages.sdkFailed);
          },
        }),
      () => {
        setPaying(false);
        say(orderMessages.sdkFailed);
      },
    );
  }

  // She pressed Pay now before the page's script had started: the page came back with the payment
  // (and the words for a browser without JavaScript); now that the script runs, the window opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page has been taken over.
  useEffect(() => {
    if (pageAnswer?.intent === "pay" && pageAnswer.orderNumber === orderNumber && pageAnswer.payment) open(pageAnswer.payment);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer once, when it has arrived.
  useEffect(() => {
    const answer = pay.data;
    if (pay.state !== "idle" || !answer || answer.intent !== "pay") return;
    if (!answer.ok) say(answer.message);
    else open(answer.payment);
  }, [pay.data, pay.state]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer once.
  useEffect(() => {
    const answer = verify.data;
    if (verify.state !== "idle" || !answer || answer.ok) return;
    setPaying(false);
    say(answer.message);
  }, [verify.data, verify.state]);

  return (
    <pay.Form method="post" action={action} className="pay-now">
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="order" value={orderNumber} />
      {accessKey && <input type="hidden" name="key" value={accessKey} />}
      {hydrated && <input type="hidden" name="js" value="1" />}
      <button type="submit" className="button button--primary pay-now__button" disabled={busy} aria-disabled={busy || undefined}>
        {busy ? "Opening payment..." : "Pay now"}
        <span className="visually-hidden"> for order #{orderNumber}</span>
      </button>
      <FormMessage message={notice?.message} tone={notice?.tone} inline answer={notice} />
    </pay.Form>
  );
}
