import { Form, useNavigation } from "react-router";
import { afterSaleNotices } from "../../../workers/services/orders/after-sale.rules";
import { cancelEnquiryPath } from "../../../workers/services/orders/order-cancel.rules";
import { useStoreContact } from "../../lib/store-contact";
import { ShopLink } from "../shop-link";

/** What the cancel action answers when it may not cancel (a cancel that went through redirects back to the page). */
export interface CancelAnswer {
  intent: "cancel";
  ok: false;
  orderNumber: number;
  message: string;
}

/**
 * "Cancel order" and its one confirming step: a native disclosure, so the tap before the page's
 * script has started opens it too, and a form that posts to the page's own action (the same post
 * with or without the script).
 */
export function CancelOrder({ orderNumber, accessKey, action }: { orderNumber: number; accessKey: string | null; action: string }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "cancel" &&
    navigation.formData.get("order") === String(orderNumber);
  const confirmId = `cancel-${orderNumber}-confirm`;
  return (
    <details className="cancel-order">
      <summary className="button button--secondary cancel-order__open">
        Cancel order<span className="visually-hidden"> #{orderNumber}</span>
      </summary>
      <Form method="post" action={action} className="cancel-order__confirm" aria-describedby={confirmId}>
        <p id={confirmId}>{afterSaleNotices.cancelConfirm(orderNumber)}</p>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="order" value={orderNumber} />
        {accessKey && <input type="hidden" name="key" value={accessKey} />}
        <button type="submit" className="button button--primary" disabled={busy} aria-disabled={busy || undefined}>
          {busy ? "Cancelling..." : "Yes, cancel this order"}
        </button>
      </Form>
    </details>
  );
}

/** For an order she can no longer cancel here: how to reach the shop, and the enquiry form filled in for this order. */
export function CancelHelp({ orderNumber }: { orderNumber: number }) {
  const { email, phone, phoneHref } = useStoreContact();
  return (
    <div className="cancel-help">
      <p>{afterSaleNotices.cancelHelp(orderNumber)}</p>
      <p className="cancel-help__ways">
        <a href={phoneHref}>Call {phone}</a>
        <a href={`mailto:${email}?subject=${encodeURIComponent(`Order #${orderNumber}`)}`}>Write to {email}</a>
        <ShopLink to={cancelEnquiryPath(orderNumber)}>
          Send an enquiry<span className="visually-hidden"> about order #{orderNumber}</span>
        </ShopLink>
      </p>
    </div>
  );
}

/** The action's words for a cancel it refused, at the top of the page: the order's card may no longer have its button. */
export function CancelRefused({ answer }: { answer: unknown }) {
  const refused = answer && typeof answer === "object" && (answer as CancelAnswer).intent === "cancel" ? (answer as CancelAnswer) : null;
  if (!refused) return null;
  return (
    <p className="notice notice--error" role="alert">
      {refused.message}
    </p>
  );
}
