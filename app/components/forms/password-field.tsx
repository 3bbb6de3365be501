import { useState } from "react";
import { PASSWORD_HINT } from "../../../workers/services/accounts/auth.rules";
import { useHydrated } from "../../lib/hooks/use-hydrated";
import { Field } from "./fields";

/** A password field with a Show/Hide toggle once JavaScript is running. */
export function PasswordField(props: React.ComponentProps<typeof Field>) {
  const [shown, setShown] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="password-field">
      <Field {...props} type={shown ? "text" : "password"} />
      {hydrated && (
        <button type="button" className="password-toggle" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
          {shown ? "Hide password" : "Show password"}
        </button>
      )}
    </div>
  );
}

/** Choosing a password: the password with its rules, and the same again to confirm it. */
export function NewPasswordFields({
  label,
  confirmLabel,
  errors,
}: {
  label: string;
  confirmLabel: string;
  errors: { password?: string; confirmPassword?: string };
}) {
  return (
    <>
      <PasswordField label={label} name="password" autoComplete="new-password" required hint={PASSWORD_HINT} error={errors.password} />
      <PasswordField label={confirmLabel} name="confirmPassword" autoComplete="new-password" required error={errors.confirmPassword} />
    </>
  );
}
