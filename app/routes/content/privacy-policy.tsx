import { CODE_RULES, RESET_RULES } from "../../../workers/services/accounts/auth.rules";
import { SESSION_COOKIE, SESSION_DAYS } from "../../../workers/services/accounts/session";
import { settings } from "../../../workers/services/content/settings";
import { policyMeta } from "../../components/policy/policy-meta";
import { PolicyPage } from "../../components/policy/policy-page";
import { ShopLink } from "../../components/shop-link";
import { publicPageHeaders } from "../../lib/cache";
import { STYLESHEET_COOKIE, STYLESHEET_COOKIE_DAYS } from "../../lib/inline-styles";
import { useStoreContact } from "../../lib/store-contact";
import type { Route } from "./+types/privacy-policy";

const PATH = "/privacy-policy";
const { brand } = settings;
/** Indian law (Companies Act 2013 s.128, Income-tax and GST rules) expects books of account kept this long. */
const ORDER_YEARS = 8;

/** The session cookie's name and lifetime, from the server module that sets it (never sent as code). */
export function loader() {
  return { sessionCookie: SESSION_COOKIE, sessionDays: SESSION_DAYS };
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const store = useStoreContact();
  const { sessionCookie, sessionDays } = loaderData;
  const email = <a href={`mailto:${store.email}`}>{store.email}</a>;
  return (
    <PolicyPage
      path={PATH}
      summary="We keep only what we need to make, send and stand behind your clothes. We do not sell your details, and there are no advertising or tracking tools on this site."
    >
      <section>
        <h2>Who we are</h2>
        <p>
          {brand.name} is a family-run ethnic-wear label with its store in {store.address.city}, {store.address.state}. We decide what
          happens to the details you give this site, and we answer for it. Questions about your data go to {email}.
        </p>
      </section>
      <section>
        <h2>What we keep, and for how long</h2>
        <dl className="policy__data">
          <div>
            <dt>Your account</dt>
            <dd>
              Name, e-mail address, mobile number, your password (only as a one-way hash: nobody, including us, can read it back) and, if
              you add one, a profile picture. Kept until you ask us to close the account.
            </dd>
          </div>
          <div>
            <dt>Sign-up codes and password-reset links</dt>
            <dd>
              Stored only as hashes, and they stop working after a short time (a sign-up code after {CODE_RULES.validMinutes} minutes, a
              password-reset link after {RESET_RULES.validMinutes} minutes).
            </dd>
          </div>
          <div>
            <dt>Saved addresses</dt>
            <dd>The delivery addresses you save in your profile or at checkout. Kept until you remove them or close your account.</dd>
          </div>
          <div>
            <dt>Cart and wishlist</dt>
            <dd>What you have put in them, so they are there on any device you sign in from. Kept until you remove the items.</dd>
          </div>
          <div>
            <dt>Orders</dt>
            <dd>
              What you bought, the price, the delivery address, phone and e-mail, how you paid and the payment and delivery status. Kept for{" "}
              {ORDER_YEARS} years, because Indian law expects a business to keep its books of account that long; also after an account is
              closed.
            </dd>
          </div>
          <div>
            <dt>Reviews</dt>
            <dd>The rating, words and name you post on a product. They are public, and stay until you or we remove them.</dd>
          </div>
          <div>
            <dt>Messages and enquiries</dt>
            <dd>
              What you send through our <ShopLink to="/contact-us">contact</ShopLink> and <ShopLink to="/enquiry-us">enquiry</ShopLink>{" "}
              forms: name, e-mail, phone if given, and your message. Kept so we can answer you and follow up, and deleted when you ask.
            </dd>
          </div>
          <div>
            <dt>E-mails we send you</dt>
            <dd>
              A record of each e-mail (to whom, which kind, when, whether it was delivered), so that none is lost or sent twice. Codes and
              links inside them are stored sealed, never in readable form.
            </dd>
          </div>
        </dl>
      </section>
      <section>
        <h2>Cookies</h2>
        <p>
          We use only the cookies the shop needs to work. None of them is for advertising or tracking, so we do not ask you to accept them.
        </p>
        <ul>
          <li>
            <code>{sessionCookie}</code>: keeps you signed in, for up to {sessionDays} days or until you sign out. It is HttpOnly, so no
            script on the page can read it.
          </li>
          <li>
            Short-lived cookies that remember, for at most an hour, a piece you chose with Buy Now or tried to add to your cart before
            signing in, and, for a minute, the note the cart shows you afterwards.
          </li>
          <li>
            <code>{STYLESHEET_COOKIE}</code>: the name of the shop's stylesheet your browser has already saved, for {STYLESHEET_COOKIE_DAYS}{" "}
            days, so the pages you open need not carry it again. It holds nothing about you.
          </li>
        </ul>
      </section>
      <section>
        <h2>Payments</h2>
        <p>
          Online payments are handled by Razorpay, a licensed Indian payment gateway. Your card, bank or UPI details go straight to
          Razorpay; they never pass through or stay on our systems. We keep only the order's payment reference and whether it was paid.
        </p>
      </section>
      <section>
        <h2>Who else sees your details</h2>
        <ul>
          <li>our courier partners: the name, address and phone number a parcel needs;</li>
          <li>Razorpay: what it needs to take a payment or make a refund;</li>
          <li>the services that host this site and its database and send our e-mails, only to do that work for us;</li>
          <li>the authorities, when the law requires it.</li>
        </ul>
        <p>There are no third-party trackers, analytics or advertising on this site, and we never sell or rent your details.</p>
      </section>
      <section>
        <h2>Keeping it safe</h2>
        <p>
          The site is served only over HTTPS, passwords are hashed, and only the few people who run the shop can see orders and messages. We
          briefly count attempts at signing in and sending forms, to stop abuse; those counts are not kept.
        </p>
      </section>
      <section>
        <h2>Your choices</h2>
        <p>
          You can see and change your name, mobile, picture and addresses in your profile, and remove items from your cart and wishlist at
          any time. To get a copy of what we hold about you, to correct it, or to close your account and have your details deleted (except
          the order records the law asks us to keep), write to {email}. We answer every request.
        </p>
      </section>
      <section>
        <h2>Age</h2>
        <p>This site is for people aged {settings.policies.minimumAge} or over. We do not knowingly keep details of anyone younger.</p>
      </section>
      <section>
        <h2>Changes</h2>
        <p>If we change this policy we will update it here, with a new date at the top.</p>
      </section>
    </PolicyPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  policyMeta(
    PATH,
    `What ${brand.name} stores about you and for how long, the cookies we use, how payments are handled, and how to ask us to delete your details.`,
    matches,
  );
