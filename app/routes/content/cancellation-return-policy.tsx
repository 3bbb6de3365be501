import { settings } from "../../../workers/services/content/settings";
import { policyMeta } from "../../components/policy/policy-meta";
import { PolicyPage } from "../../components/policy/policy-page";
import { ShopLink } from "../../components/shop-link";
import { publicPageHeaders } from "../../lib/cache";
import { cancelWindow, damageWindow, refundDays, returnWindow } from "../../lib/help-figures";
import { useStoreContact } from "../../lib/store-contact";
import type { Route } from "./+types/cancellation-return-policy";

const PATH = "/cancellation-return-policy";

export const headers: Route.HeadersFunction = publicPageHeaders;

export default function CancellationReturnPolicy() {
  const store = useStoreContact();
  const email = <a href={`mailto:${store.email}`}>{store.email}</a>;
  return (
    <PolicyPage
      path={PATH}
      summary={`Changed your mind? You can cancel within ${cancelWindow} of ordering, and return an eligible piece within ${returnWindow} of delivery. Refunds reach you within ${refundDays}.`}
    >
      <section>
        <h2>Cancelling an order</h2>
        <p>
          You can cancel an order yourself within {cancelWindow} of placing it, until it ships: choose <strong>Cancel order</strong> on it
          in <ShopLink to="/my-orders">My Orders</ShopLink> (or on its page, from the link in your order e-mail) and confirm. For help,
          write to {email} or call <a href={store.phoneHref}>{store.phone}</a>. After {cancelWindow} your order may already be packed and on
          its way, so we cannot cancel it, but you can still return it once it arrives, as below.
        </p>
        <p>If you paid online, the full amount of a cancelled order, delivery charge included, comes back to you as a refund.</p>
      </section>
      <section>
        <h2>What you can return</h2>
        <p>Please ask for a return within {returnWindow} of delivery. We accept a return when:</p>
        <ul>
          <li>the piece arrived damaged or defective, or is not what you ordered (wrong item, colour or size); or</li>
          <li>it is unworn, unwashed and unaltered, in its original packaging with all its tags attached.</li>
        </ul>
        <p>Damage in transit should be reported within {damageWindow} of delivery, with photos, so we can take it up with the courier.</p>
      </section>
      <section>
        <h2>What we cannot take back</h2>
        <ul>
          <li>pieces bought in a clearance or final sale;</li>
          <li>personal care items, innerwear and other items that cannot be resold for hygiene reasons;</li>
          <li>pieces made or altered to your own measurements or design.</li>
        </ul>
      </section>
      <section>
        <h2>How to return</h2>
        <ol>
          <li>
            Write to {email} within {returnWindow} of delivery with your order number, the piece you are returning, the reason and, for a
            damaged or wrong item, a few photos.
          </li>
          <li>We reply to tell you how to send it back.</li>
          <li>Once the piece reaches us, we check it and write to tell you that your refund or exchange is on its way.</li>
        </ol>
      </section>
      <section>
        <h2>Refunds</h2>
        <ul>
          <li>Refunds are made within {refundDays} of our approving the return.</li>
          <li>An online payment is refunded to the same card, bank account, UPI ID or wallet you paid with.</li>
          <li>For a cash-on-delivery order we refund by bank transfer or UPI; we will ask you for the details.</li>
          <li>
            The delivery charge is not refunded, unless the piece arrived damaged or defective, or we sent you the wrong one: then you get
            everything back.
          </li>
        </ul>
      </section>
      <section>
        <h2>Exchanges</h2>
        <p>
          Would you rather have another size or colour? We exchange a returnable piece when the one you want is in stock. If it is not, we
          refund you instead.
        </p>
      </section>
    </PolicyPage>
  );
}

const DESCRIPTION = `How to cancel an order with ${settings.brand.name}, what can be returned or exchanged, and how and when refunds are made.`;

export const meta: Route.MetaFunction = ({ matches }) => policyMeta(PATH, DESCRIPTION, matches);
