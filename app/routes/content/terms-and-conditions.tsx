import { settings } from "../../../workers/services/content/settings";
import { shopSettings } from "../../../workers/services/content/shop-settings";
import { policyMeta } from "../../components/policy/policy-meta";
import { PolicyPage } from "../../components/policy/policy-page";
import { ShopLink } from "../../components/shop-link";
import { publicPageHeaders } from "../../lib/cache";
import { cancelWindow, paymentMethodsText, refundDays, returnWindow } from "../../lib/help-figures";
import { useStoreContact } from "../../lib/store-contact";
import type { Route } from "./+types/terms-and-conditions";

const PATH = "/terms-and-conditions";
const { brand, policies } = settings;

export const headers: Route.HeadersFunction = publicPageHeaders;

/** The gift promotion's count, as the owner set it (read with the header's settings: one read). */
export async function loader({ context }: Route.LoaderArgs) {
  return { giftOrderLimit: (await shopSettings(context.services)).giftOrderLimit };
}

export default function TermsAndConditions({ loaderData }: Route.ComponentProps) {
  const store = useStoreContact();
  return (
    <PolicyPage
      path={PATH}
      summary={`These terms apply when you use this site or buy from ${brand.name}. They are written to be read: if anything is unclear, ask us before you order.`}
    >
      <section>
        <h2>About us and these terms</h2>
        <p>
          This site is run by {brand.name}, {store.address.line1}, {store.address.line2}, {store.address.city}, {store.address.state}{" "}
          {store.address.pin}, India. By using the site or placing an order you agree to these terms, together with our{" "}
          <ShopLink to="/shipping-delivery-policy">Shipping &amp; Delivery</ShopLink>,{" "}
          <ShopLink to="/cancellation-return-policy">Cancellation &amp; Return</ShopLink> and{" "}
          <ShopLink to="/privacy-policy">Privacy</ShopLink> policies.
        </p>
      </section>
      <section>
        <h2>Who may order</h2>
        <p>
          You must be {policies.minimumAge} or older to use this site and buy from it. When you create an account, keep your password to
          yourself: orders placed from your account are taken as yours. Tell us at once if you think someone else has used it.
        </p>
      </section>
      <section>
        <h2>Products and prices</h2>
        <ul>
          <li>
            Prices are in Indian rupees, as shown on each product. The delivery charge is added at checkout and shown before you pay, as our
            Shipping &amp; Delivery Policy explains.
          </li>
          <li>
            Our pieces are dyed, printed and embroidered by hand, so small differences in colour, print and finish from the photos are part
            of their character, not a defect. Screens also show colours a little differently.
          </li>
          <li>
            Measurements are in inches, and a hand-finished piece may differ from them very slightly. Please check the size chart on each
            product before you order.
          </li>
          <li>
            We take care that prices and stock are right. If we find a clear mistake in a price after you order, we will tell you and you
            may confirm at the correct price or cancel for a full refund.
          </li>
        </ul>
      </section>
      <section>
        <h2>Orders and payment</h2>
        <p>
          An order is placed when checkout confirms it, and we write to you by e-mail. We may decline or cancel an order (for example, when
          a piece has sold out or a payment fails), and if you have paid we refund you in full. You can pay by {paymentMethodsText}. Online
          payments are taken by Razorpay, under its own terms.
        </p>
      </section>
      <section>
        <h2>Cancellations, returns and refunds</h2>
        <p>
          You may cancel within {cancelWindow} of ordering and return an eligible piece within {returnWindow} of delivery; refunds are made
          within {refundDays}. The <ShopLink to="/cancellation-return-policy">Cancellation &amp; Return Policy</ShopLink> has the details,
          and nothing in these terms takes away your rights under the Consumer Protection Act, 2019.
        </p>
      </section>
      <section>
        <h2>Offers and coupons</h2>
        <p>
          A coupon or offer applies only as long as it is valid and on the terms shown with it, cannot be exchanged for cash, and may not be
          combined with another unless we say so. Our launch offer of complimentary gifts is for the first {loaderData.giftOrderLimit}{" "}
          orders, while it lasts.
        </p>
      </section>
      <section>
        <h2>Reviews and what you post</h2>
        <p>
          Reviews must be your own honest experience of the piece. We may remove a review that is abusive, unlawful, off-topic or
          advertising. By posting one you let us show it on this site.
        </p>
      </section>
      <section>
        <h2>Our content</h2>
        <p>
          The designs, pictures, words and logo on this site belong to {brand.name}. Please do not copy or use them for business without our
          written permission.
        </p>
      </section>
      <section>
        <h2>Using the site fairly</h2>
        <p>
          Please do not misuse the site: no attempts to break into accounts or systems, to overload it, or to collect other people's data.
          We may suspend an account that does.
        </p>
      </section>
      <section>
        <h2>Our responsibility</h2>
        <p>
          We stand behind what we sell as these terms and our policies describe. As far as the law allows, we are not responsible for losses
          we could not reasonably foresee, or for delays caused by events outside our control such as floods, strikes or courier
          disruptions. Our responsibility for an order is never more than what you paid for it.
        </p>
      </section>
      <section>
        <h2>Law and disputes</h2>
        <p>
          These terms are governed by the laws of India. Please talk to us first: most problems are solved with one e-mail. Any dispute we
          cannot settle together is for the courts at {policies.courtsCity}, {store.address.state}.
        </p>
      </section>
      <section>
        <h2>Changes</h2>
        <p>We may update these terms; the date at the top shows when. An order is governed by the terms on the day it was placed.</p>
      </section>
    </PolicyPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  policyMeta(
    PATH,
    `The terms of buying from ${brand.name}: who may order, prices, payment, cancellations and returns, reviews, and the law that applies.`,
    matches,
  );
