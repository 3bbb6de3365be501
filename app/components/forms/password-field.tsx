import { useState } from "react";
import { useHydrated } from "../../lib/use-hydrated";
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
