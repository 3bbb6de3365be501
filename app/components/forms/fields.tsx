import { forwardRef, useEffect, useId, useRef } from "react";
import { useNavigation } from "react-router";
import { useHydrated } from "../../lib/hooks/use-hydrated";
import { useToast } from "../toast/toast";

interface FieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  /** The message for this field, shown under it and tied to it with aria-describedby. */
  error?: string;
  hint?: string;
}

/** A field's hint and error under it, each with the id its control's aria-describedby names. */
export function FieldNotes({ hint, hintId, error, errorId }: { hint?: string; hintId?: string; error?: string; errorId?: string }) {
  return (
    <>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </>
  );
}

/**
 * A labelled input with its hint and error, accessible by default. Give it `defaultValue`, not
 * `value`: what a shopper types before the page's script has started is in the input, and a
 * controlled value would replace it (docs/forms-before-hydration.md). The ref is the input's.
 */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, name, error, hint, id, className, ...input }, ref) {
  const auto = useId();
  const inputId = id ?? `${name}-${auto}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={["field", error && "field--invalid", className].filter(Boolean).join(" ")}>
      <label htmlFor={inputId}>{label}</label>
      <input
        ref={ref}
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        // biome-ignore lint/a11y/noAutofocus: without JavaScript the page comes back from the server: the first field in error takes the focus (the browser honours the first autofocus only), and its message is read with it (aria-describedby).
        autoFocus={error ? true : undefined}
        {...input}
      />
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
});

/** The e-mail field of the account forms. */
export function EmailField(props: Omit<FieldProps, "label" | "name" | "type">) {
  return <Field label="Email" name="email" type="email" autoComplete="email" inputMode="email" required {...props} />;
}

/**
 * A submit button that shows a pending label while its form is on its way. With several forms on a
 * page, `intent` tells which one is pending.
 */
export function SubmitButton({
  children,
  pending: pendingLabel,
  intent,
  className = "button button--primary",
  disabled = false,
  ...rest
}: {
  children: React.ReactNode;
  pending: string;
  intent?: string;
} & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <button
      type="submit"
      className={className}
      name={intent ? "intent" : undefined}
      value={intent}
      disabled={submitting || disabled}
      aria-disabled={submitting || disabled}
      {...rest}
    >
      {submitting ? pendingLabel : children}
    </button>
  );
}

/**
 * A form's message (toasts at the top centre; docs/style-guide.md, "Messages"). With JavaScript it is a toast, announced by
 * the toast region, which belongs to the answer that raised it: the form's next message, or leaving
 * the page, takes it away. Without JavaScript the page came back from the server and the message
 * sits above the form, unless `besideField` says it is already shown under its field. `inline` keeps
 * it above the form with JavaScript too, in an alert region announced as it changes (sign-in's
 * failure belongs on the form, not only in a passing toast).
 */
export function FormMessage({
  message,
  tone = "error",
  besideField = false,
  inline = false,
  answer,
}: {
  message?: string | null;
  tone?: "error" | "success" | "info";
  besideField?: boolean;
  inline?: boolean;
  /** The action answer the message came from: a repeated answer with the same text toasts again. */
  answer?: unknown;
}) {
  const hydrated = useHydrated();
  const toast = useToast();
  const onForm = inline && !besideField;
  // The toast this message raised goes when a new answer or message replaces it, or when the page
  // goes; not when only the message is dropped (a page tidying its URL after saying "saved").
  const raised = useRef<{ id: number; answer: unknown } | undefined>(undefined);
  useEffect(() => {
    const last = raised.current;
    if (last && (message || last.answer !== answer)) {
      toast.dismiss(last.id);
      raised.current = undefined;
    }
    if (message && !onForm) raised.current = { id: toast[tone](message), answer };
  }, [message, tone, toast, answer, onForm]);
  useEffect(
    () => () => {
      if (raised.current) toast.dismiss(raised.current.id);
    },
    [toast],
  );
  // Each answer is a new paragraph, so a repeated failure is announced again.
  const answers = useRef({ answer, count: 0 });
  if (answers.current.answer !== answer) answers.current = { answer, count: answers.current.count + 1 };

  const paragraph = message && (
    <p key={answers.current.count} className={`form-message form-message--${tone}`}>
      {message}
    </p>
  );
  if (!onForm && (!message || hydrated || besideField)) return null;
  return <div role={tone === "error" ? "alert" : "status"}>{paragraph}</div>;
}

/** Focuses the first field of `form` flagged invalid (`aria-invalid`), if any. */
export function focusFirstInvalid(form: HTMLElement | null): boolean {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  field?.focus();
  return !!field;
}

/** After each answer, puts the keyboard focus on the first field flagged invalid. */
export function useFocusFirstInvalid(form: React.RefObject<HTMLFormElement | null>, answer: unknown) {
  useEffect(() => {
    if (answer) focusFirstInvalid(form.current);
  }, [form, answer]);
}
