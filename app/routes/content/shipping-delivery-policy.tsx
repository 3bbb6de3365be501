import { settings } from "../../../workers/services/content/settings";
import { moneyRules } from "../../../workers/services/content/shop-settings";
import { policyMeta } from "../../components/policy/policy-meta";
import { PolicyPage } from "../../components/policy/policy-page";
import { publicPageHeaders } from "../../lib/cache";
import { damageWindow, deliveryChargeText, deliveryDays, processingDays } from "../../lib/help-figures";
import { useStoreContact } from "../../lib/store-contact";
import type { Route } from "./+types/shipping-delivery-policy";

const PATH = "/shipping-delivery-policy";
const { policies } = settings;

/** The delivery charge and any free-shipping threshold are the shop's live money rules (the database). */
export async function loader({ context }: Route.LoaderArgs) {
  return { rules: await moneyRules(context.services) };
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export default function ShippingDeliveryPolicy({ loaderData }: Route.ComponentProps) {
  const store = useStoreContact();
  return (
    <PolicyPage
      path={PATH}
      summary={`We pack every order in Ghaziabad and send it anywhere in India. It leaves us within ${processingDays} and reaches you ${deliveryDays} after that.`}
    >
      <section>
        <h2>Where we deliver</h2>
        <p>
          We deliver to addresses across India, to any valid six-digit PIN code. We do not ship outside India at the moment; if you would
          like a piece sent abroad, write to us and we will tell you honestly whether we can help.
        </p>
      </section>
      <section>
        <h2>Delivery charges</h2>
        <p>{deliveryChargeText(loaderData.rules)}</p>
        <p>The exact charge is always shown in your order summary at checkout, before you pay, and nothing is added after that.</p>
      </section>
      <section>
        <h2>How long it takes</h2>
        <ul>
          <li>
            <strong>Packing:</strong> your order is checked, folded and packed within {processingDays} of being placed (a paid online order
            counts from when the payment is confirmed).
          </li>
          <li>
            <strong>On the way:</strong> our courier partners deliver within {deliveryDays} of dispatch. Big cities are usually at the
            quicker end; smaller towns and remote PIN codes can take the full time.
          </li>
          <li>
            Business days are Monday to Saturday, leaving out public holidays. Festivals, strikes or bad weather can add a day or two.
          </li>
        </ul>
      </section>
      <section>
        <h2>Following your order</h2>
        <p>
          Once you are signed in, <strong>My Orders</strong> shows every order with its payment and delivery status. We also write to you by
          e-mail when your order is placed.
        </p>
      </section>
      <section>
        <h2>If nobody is home</h2>
        <p>
          The courier tries up to {policies.deliveryAttempts} times. If the parcel still cannot be delivered, it comes back to us and we get
          in touch. Sending it out again may carry a fresh delivery charge. Please give a phone number that will be answered, and a complete
          address with landmark.
        </p>
      </section>
      <section>
        <h2>Damaged or opened parcels</h2>
        <p>
          If the packaging looks tampered with, you may refuse the parcel. If something inside is damaged, tell us within {damageWindow} of
          delivery at <a href={`mailto:${store.email}`}>{store.email}</a> with your order number and a few photos of the parcel and the
          garment. We will replace it or refund you, as our Cancellation &amp; Return Policy explains.
        </p>
      </section>
    </PolicyPage>
  );
}

const DESCRIPTION = `Where ${settings.brand.name} delivers, what delivery costs and how long it takes: orders packed in Ghaziabad and sent across India.`;

export const meta: Route.MetaFunction = ({ matches }) => policyMeta(PATH, DESCRIPTION, matches);
