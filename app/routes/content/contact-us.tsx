import { sendContactMessage } from "../../../workers/services/content/messages";
import { CONTACT_MESSAGES } from "../../../workers/services/content/messages.rules";
import { settings } from "../../../workers/services/content/settings";
import { DEFAULT_STORE_CONTACT, type StoreContact } from "../../../workers/services/content/shop-settings.rules";
import { Honeypot, MessageField, SendButton, SenderFields, SendNotice, useMessageForm } from "../../components/contact/message-form";
import { messageAction, prefill } from "../../lib/message-form.server";
import { seoMeta } from "../../lib/seo";
import { useStoreContact } from "../../lib/store-contact";
import type { Route } from "./+types/contact-us";

// Not edge-cached (no `headers` export): a signed-in shopper's name and e-mail are filled in.
export async function loader({ context }: Route.LoaderArgs) {
  return { prefill: await prefill(context.services) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return messageAction(
    request,
    (input) => sendContactMessage(context.services, input),
    ["name", "email", "message"],
    CONTACT_MESSAGES.failed,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = matches.find((m) => m?.id === "root")?.data as { origin?: string; store?: StoreContact } | undefined;
  const store = origin?.store ?? DEFAULT_STORE_CONTACT;
  return seoMeta({
    title: "Contact Us",
    description: `Write to ${settings.brand.name}, call us or visit our store in ${store.address.city}, ${store.address.state}. We are happy to help.`,
    origin: origin?.origin ?? "",
    path: "/contact-us",
  });
};

export default function ContactUs({ loaderData }: Route.ComponentProps) {
  const store = useStoreContact();
  const { address } = store;
  const addressLine = [address.line1, address.line2, address.city, address.state, address.pin].filter(Boolean).join(", ");
  const mapLink = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${settings.brand.name}, ${addressLine}`)}`;
  const { fetcher, answer, formRef, pending, submitOnce, errors, values } = useMessageForm();
  const { prefill } = loaderData;
  return (
    <div className="container section contact">
      <header className="contact__intro">
        <h1>Contact Us</h1>
        <p>
          A question about a kurti, a size, an order or a gift? Write to us and one of us will write back as soon as we can. You are always
          welcome at our store, too.
        </p>
      </header>
      <div className="contact__grid">
        <section className="contact__form-card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          <SendNotice answer={answer} />
          <fetcher.Form method="post" ref={formRef} noValidate className="contact__form" onSubmit={submitOnce}>
            <SenderFields nameField="name" nameLabel="Name" prefill={prefill} values={values} errors={errors} />
            <MessageField values={values} errors={errors} />
            <Honeypot />
            <SendButton pending={pending}>Send Message</SendButton>
          </fetcher.Form>
        </section>
        <aside className="contact__details" aria-labelledby="contact-details-title">
          <h2 id="contact-details-title">Reach us</h2>
          <dl>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${store.email}`}>{store.email}</a>
            </dd>
            <dt>Phone</dt>
            <dd>
              <a href={store.phoneHref}>{store.phone}</a>
            </dd>
            <dt>Store</dt>
            <dd>
              <address>
                {settings.brand.name}
                <br />
                {address.line1}, {address.line2}
                <br />
                {address.city}, {address.state} {address.pin}
              </address>
              <a href={mapLink} rel="noopener" target="_blank">
                Find us on Google Maps<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </dd>
            <dt>Hours</dt>
            <dd>{store.hours}</dd>
          </dl>
          <h3>Follow us</h3>
          <ul className="contact__social">
            {settings.social.map((s) => (
              <li key={s.name}>
                <a href={s.href} rel="noopener" target="_blank">
                  {s.name}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
