/**
 * A labelled field of the back office's Settings and Coupon forms: its error next to it (and named by
 * aria-describedby), else its hint (the value saved now). Works without JavaScript.
 */
export function AdminFormField({
  id,
  name,
  label,
  hint,
  error,
  defaultValue,
  type = "text",
  ...input
}: {
  id: string;
  name: string;
  label: string;
  hint?: React.ReactNode;
  error?: string;
  defaultValue: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "defaultValue">) {
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...input}
      />
      {error ? (
        <span id={`${id}-error`} className="admin-field__error" role="alert">
          {error}
        </span>
      ) : (
        hint && (
          <span id={`${id}-hint`} className="admin-muted">
            {hint}
          </span>
        )
      )}
    </div>
  );
}
