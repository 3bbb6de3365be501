import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { MOBILE_INPUT_MAX_LENGTH } from "../../../workers/services/accounts/mobile.rules";
import { sendEnquiry } from "../../../workers/services/content/messages";
import {
  CANCELLATION_QUERY,
  CONTACT_METHODS,
  ENQUIRY_MESSAGES,
  ENQUIRY_TYPE_OPTIONS,
  MESSAGE_LIMITS,
} from "../../../workers/services/content/messages.rules";
import { settings } from "../../../workers/services/content/settings";
import {
  Honeypot,
  MessageField,
  SendButton,
  SenderFields,
  SendNotice,
  useFieldIds,
  useMessageForm,
} from "../../components/contact/message-form";
import { Field, FieldNotes } from "../../components/forms/fields";
import { useHydrated } from "../../lib/hooks/use-hydrated";
import { messageAction, prefill } from "../../lib/message-form.server";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/enquiry-us";

const FIELDS = ["fullName", "email", "phone", "enquiryType", "message", "preferredContactMethod", "preferredTime", "orderNumber"];

/**
 * A link may choose the type and name the order (`?type=Order Cancellation Query&order=1024`, from an
 * order she can no longer cancel herself); anything else in them is ignored, and the form checks what is sent as always.
 */
function fromLink(url: URL) {
  const type = url.searchParams.get("type") ?? "";
  const order = url.searchParams.get("order") ?? "";
  return {
    enquiryType: (ENQUIRY_TYPE_OPTIONS as readonly string[]).includes(type) ? type : "",
    orderNumber: new RegExp(`^[1-9]\\d{0,${MESSAGE_LIMITS.orderNumber - 1}}$`).test(order) ? order : "",
  };
}

// Not edge-cached (no `headers` export): a signed-in shopper's name and e-mail are filled in.
export async function loader({ request, context }: Route.LoaderArgs) {
  return { prefill: await prefill(context.services), linked: fromLink(new URL(request.url)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return messageAction(request, (input) => sendEnquiry(context.services, input), FIELDS, ENQUIRY_MESSAGES.failed);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = matches.find((m) => m?.id === "root")?.data as { origin?: string } | undefined;
  return seoMeta({
    title: "Enquiry & Cancellation Form",
    description: `Ask ${settings.brand.name} about a product, a bulk or custom order, or cancel an order: send us an enquiry and we will get back to you.`,
    origin: origin?.origin ?? "",
    path: "/enquiry-us",
  });
};

const useBeforePaint = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** The type, uncontrolled: a choice made before the page's script started stays chosen (`onChosen` reports it then too). */
function EnquiryTypeField({ defaultValue, onChosen, error }: { defaultValue: string; onChosen: (v: string) => void; error?: string }) {
  const f = useFieldIds("enquiryType", error);
  const select = useRef<HTMLSelectElement>(null);
  const reported = useRef(onChosen);
  reported.current = onChosen;
  // Before the first paint, so a page reached by a link does not flash the order number.
  useBeforePaint(() => {
    if (select.current) reported.current(select.current.value);
  }, []);
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label htmlFor={f.id}>Enquiry type</label>
      <select
        ref={select}
        id={f.id}
        name="enquiryType"
        required
        defaultValue={defaultValue}
        onChange={(e) => onChosen(e.target.value)}
        {...f.aria}
      >
        <option value="">Choose a type</option>
        {ENQUIRY_TYPE_OPTIONS.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <FieldNotes error={error} errorId={f.errorId} />
    </div>
  );
}

function ContactMethodField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const f = useFieldIds("preferredContactMethod", error);
  return (
    <fieldset className={error ? "field field--invalid enquiry__methods" : "field enquiry__methods"} aria-describedby={f.errorId}>
      <legend>Preferred contact method</legend>
      {CONTACT_METHODS.map((m) => (
        <label key={m} className="enquiry__method">
          <input type="radio" name="preferredContactMethod" value={m} defaultChecked={m === defaultValue} />
          {m}
        </label>
      ))}
      <FieldNotes error={error} errorId={f.errorId} />
    </fieldset>
  );
}

export default function EnquiryUs({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  // The type in the select, once read from it (null until then: the page as served, order number shown).
  const [chosen, setChosen] = useState<string | null>(null);
  const { fetcher, answer, formRef, pending, submitOnce, errors, values } = useMessageForm(() => setChosen(""));
  const { prefill, linked } = loaderData;
  // Without JavaScript the order number is always there, with a hint; with it, only for a cancellation.
  // It stays mounted until the select has been read, so a number typed before hydration is kept.
  const askOrder = chosen === null || chosen === CANCELLATION_QUERY;
  return (
    <div className="container section contact">
      <header className="contact__intro">
        <h1>Enquiry &amp; Cancellation Form</h1>
        <p>
          Looking for a colour in another size, planning a bulk or custom order, or need to cancel an order? Tell us here. To cancel, choose{" "}
          <strong>{CANCELLATION_QUERY}</strong> and give your order number.
        </p>
      </header>
      <section className="contact__form-card contact__form-card--wide" aria-labelledby="enquiry-form-title">
        <h2 id="enquiry-form-title">Your enquiry</h2>
        <SendNotice answer={answer} />
        <fetcher.Form method="post" ref={formRef} noValidate className="contact__form enquiry__form" onSubmit={submitOnce}>
          <SenderFields nameField="fullName" nameLabel="Full name" prefill={prefill} values={values} errors={errors} />
          <Field
            label="Phone (optional)"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={MOBILE_INPUT_MAX_LENGTH}
            hint="A 10-digit Indian mobile number"
            defaultValue={values.phone ?? ""}
            error={errors.phone}
          />
          <EnquiryTypeField defaultValue={values.enquiryType ?? linked.enquiryType} onChosen={setChosen} error={errors.enquiryType} />
          {askOrder && (
            <Field
              label="Order number"
              name="orderNumber"
              inputMode="numeric"
              autoComplete="off"
              maxLength={MESSAGE_LIMITS.orderNumber + 1}
              required={hydrated}
              hint={
                hydrated
                  ? "You will find it in your order confirmation e-mail and under My Orders."
                  : `Only for an ${CANCELLATION_QUERY}: the number from your confirmation e-mail or My Orders.`
              }
              defaultValue={values.orderNumber ?? linked.orderNumber}
              error={errors.orderNumber}
            />
          )}
          <MessageField values={values} errors={errors} />
          <ContactMethodField defaultValue={values.preferredContactMethod || "Email"} error={errors.preferredContactMethod} />
          <Field
            label="Preferred time (optional)"
            name="preferredTime"
            maxLength={MESSAGE_LIMITS.preferredTime}
            placeholder="e.g. weekdays after 5 PM"
            defaultValue={values.preferredTime ?? ""}
            error={errors.preferredTime}
          />
          <Honeypot />
          <SendButton pending={pending}>Send Enquiry</SendButton>
        </fetcher.Form>
      </section>
    </div>
  );
}
