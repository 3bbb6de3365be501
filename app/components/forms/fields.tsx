import { useEffect, useId } from "react";
import { useNavigation } from "react-router";
import { useHydrated } from "../../lib/use-hydrated";
import { useToast } from "../toast/toast";

interface FieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  /** The message for this field, shown under it and tied to it with aria-describedby. */
  error?: string;
  hint?: string;
}

/** A labelled input with its hint and error, accessible by default. */
export function Field({ label, name, error, hint, id, className, ...input }: FieldProps) {
  const auto = useId();
  const inputId = id ?? `${name}-${auto}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={["field", error && "field--invalid", className].filter(Boolean).join(" ")}>
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        // biome-ignore lint/a11y/noAutofocus: without JavaScript the page comes back from the server: the field in error takes the focus, and its message is read with it (aria-describedby).
        autoFocus={error ? true : undefined}
        {...input}
      />
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
    </div>
  );
}

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
      disabled={submitting}
      aria-disabled={submitting}
      {...rest}
    >
      {submitting ? pendingLabel : children}
    </button>
  );
}

/**
 * A form's message (SPEC §8: toasts at the top centre). With JavaScript it is a toast, announced by
 * the toast region; without, the page came back from the server and the message sits above the form,
 * unless `besideField` says it is already shown under its field.
 */
export function FormMessage({
  message,
  tone = "error",
  besideField = false,
  answer,
}: {
  message?: string | null;
  tone?: "error" | "success" | "info";
  besideField?: boolean;
  /** The action answer the message came from: a repeated answer with the same text toasts again. */
  answer?: unknown;
}) {
  const hydrated = useHydrated();
  const toast = useToast();
  // biome-ignore lint/correctness/useExhaustiveDependencies: answer is the trigger: the same message answered again toasts again.
  useEffect(() => {
    if (message) toast[tone](message);
  }, [message, tone, toast, answer]);
  if (!message || hydrated || besideField) return null;
  return (
    <p className={`form-message form-message--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {message}
    </p>
  );
}

/** After a failed submit, puts the keyboard focus on the field the message is about. */
export function useFocusField(field: string | undefined, form: React.RefObject<HTMLFormElement | null>, answer: unknown) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: answer is the trigger: a repeated refusal of the same field focuses it again.
  useEffect(() => {
    if (!field) return;
    form.current?.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`)?.focus();
  }, [field, form, answer]);
}
