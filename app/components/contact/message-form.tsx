import { useEffect, useId, useLayoutEffect, useRef } from "react";
import { useActionData, useFetcher } from "react-router";
import { HONEYPOT_FIELD, MESSAGE_LIMITS } from "../../../workers/services/content/messages.rules";
import type { FormProblem } from "../../lib/auth.server";
import { useHydrated } from "../../lib/hooks/use-hydrated";
import { useOneSubmission } from "../../lib/hooks/use-one-submission";
import { Field, FieldNotes, FormMessage, useFocusFirstInvalid } from "../forms/fields";

/** A message form's answer: sent (its message), or the refusal with each field's message. */
export type MessageAnswer = { sent: true; message: string } | (FormProblem & { sent?: false });

/**
 * One message form, with or without JavaScript: with it, a fetcher posts to the page's action and
 * the page stays put; without it, the browser posts the same form to the same action and the page
 * comes back with its answer. After a success the form is emptied (the defaults, i.e. a signed-in
 * shopper's name and e-mail, come back); after a refusal the first field in error takes the focus.
 */
export function useMessageForm(onReset?: () => void) {
  const fetcher = useFetcher<MessageAnswer>();
  const posted = useActionData<MessageAnswer>();
  const answer = fetcher.data ?? posted;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, answer);
  const reset = useRef(onReset);
  reset.current = onReset;
  useEffect(() => {
    if (answer?.sent) {
      formRef.current?.reset();
      reset.current?.();
    }
  }, [answer]);
  const failed = answer && !answer.sent ? answer : undefined;
  const pending = fetcher.state !== "idle";
  return {
    fetcher,
    answer,
    formRef,
    pending,
    /** The form's onSubmit: a double click sends the message once. */
    submitOnce: useOneSubmission(pending, fetcher.data),
    errors: failed?.fields ?? {},
    /** What was typed, to refill the form after a refusal without JavaScript. */
    values: failed?.values ?? {},
  };
}

/** Ids and ARIA attributes of a field with an optional hint and error. */
export function useFieldIds(name: string, error?: string, hint?: string) {
  const id = `${name}-${useId()}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return {
    id,
    hintId,
    errorId,
    aria: {
      "aria-invalid": error ? true : undefined,
      "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
    },
  };
}

const useBeforePaint = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * Hydrating a textarea, React 18 writes the text the server rendered in it back into it, over
 * whatever the shopper has typed since (it leaves inputs alone). That text is not empty when a form
 * posted before the script started came back refused with what was typed. So what the page's
 * textarea holds is read before React takes it over and put back before the next paint.
 */
function useKeepTypedText(id: string) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const typed = useRef<string | null>(null);
  const hydrating = !useHydrated();
  const read = useRef(false);
  if (hydrating && !read.current && typeof document !== "undefined") {
    read.current = true;
    typed.current = document.querySelector<HTMLTextAreaElement>(`textarea[id="${CSS.escape(id)}"]`)?.value ?? null;
  }
  useBeforePaint(() => {
    const el = textarea.current;
    if (el && typed.current !== null && el.value !== typed.current) el.value = typed.current;
    typed.current = null;
  }, []);
  return textarea;
}

/** A labelled textarea with its hint and error; uncontrolled (`defaultValue`), what was typed is kept. */
export function TextAreaField({
  label,
  name,
  error,
  hint,
  ...rest
}: { label: string; name: string; error?: string; hint?: string } & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const f = useFieldIds(name, error, hint);
  const textarea = useKeepTypedText(f.id);
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label htmlFor={f.id}>{label}</label>
      <textarea ref={textarea} id={f.id} name={name} rows={6} {...f.aria} {...rest} />
      <FieldNotes hint={hint} hintId={f.hintId} error={error} errorId={f.errorId} />
    </div>
  );
}

/**
 * The honeypot: out of sight and out of the tab order, and labelled for anyone who meets it anyway
 * (a screen reader user) to leave it empty. A robot that fills it is refused and nothing is sent.
 */
export function Honeypot() {
  const id = useId();
  return (
    <div className="visually-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The submit button: "Sending..." and disabled while the form is on its way. */
export function SendButton({ pending, children }: { pending: boolean; children: React.ReactNode }) {
  return (
    <button type="submit" className="button button--primary" disabled={pending} aria-disabled={pending}>
      {pending ? "Sending..." : children}
    </button>
  );
}

/** What the last send said: sent, or refused (beside the field at fault when one is named). */
export function SendNotice({ answer }: { answer?: MessageAnswer }) {
  return (
    <FormMessage
      message={answer?.message}
      tone={answer?.sent ? "success" : "error"}
      besideField={!!answer && !answer.sent && !!answer.fields}
      answer={answer}
    />
  );
}

type Typed = { values: Record<string, string | undefined>; errors: Record<string, string | undefined> };

/** Who writes: her name (under the form's own field name) and e-mail, a signed-in shopper's filled in. */
export function SenderFields({
  nameField,
  nameLabel,
  prefill,
  values,
  errors,
}: Typed & { nameField: string; nameLabel: string; prefill: { name: string; email: string } }) {
  return (
    <>
      <Field
        label={nameLabel}
        name={nameField}
        autoComplete="name"
        required
        maxLength={MESSAGE_LIMITS.name}
        defaultValue={values[nameField] ?? prefill.name}
        error={errors[nameField]}
      />
      <Field
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        maxLength={MESSAGE_LIMITS.email}
        defaultValue={values.email ?? prefill.email}
        error={errors.email}
      />
    </>
  );
}

/** The message itself. */
export function MessageField({ values, errors }: Typed) {
  return (
    <TextAreaField
      label="Message"
      name="message"
      required
      maxLength={MESSAGE_LIMITS.message}
      defaultValue={values.message ?? ""}
      error={errors.message}
    />
  );
}
