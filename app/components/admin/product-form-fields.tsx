import type { ReactNode } from "react";
import { TableScroll } from "./table-scroll";

/** The product form's fields: a labelled control with its hint and error, and a table row's cell. */

export const fid = (path: string) => `f-${path.replace(/\./g, "-")}`;

export function Field({
  path,
  label,
  value,
  errors,
  hint,
  type = "text",
  multiline,
  required,
  maxLength,
  inputMode,
  className,
  placeholder,
  onChange,
}: {
  path: string;
  label: string;
  value: string;
  errors: Record<string, string>;
  hint?: string;
  type?: string;
  multiline?: boolean;
  required?: boolean;
  maxLength?: number;
  inputMode?: "decimal" | "numeric";
  className?: string;
  placeholder?: string;
  onChange?: (value: string) => void;
}) {
  const id = fid(path);
  const error = errors[path];
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: path,
    defaultValue: value,
    required,
    maxLength,
    placeholder,
    onChange: onChange && ((e: { currentTarget: { value: string } }) => onChange(e.currentTarget.value)),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  };
  return (
    <div className={`admin-field${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea rows={4} {...common} /> : <input type={type} inputMode={inputMode} {...common} />}
      {hint && (
        <span id={`${id}-hint`} className="admin-muted">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="admin-field__error">
          {error}
        </span>
      )}
    </div>
  );
}

export function FieldError({ path, errors }: { path: string; errors: Record<string, string> }) {
  const error = errors[path];
  if (!error) return null;
  return (
    <span id={`${fid(path)}-error`} className="admin-field__error">
      {error}
    </span>
  );
}

export const invalid = (errors: Record<string, string>, path: string) =>
  errors[path] ? { "aria-invalid": true as const, "aria-describedby": `${fid(path)}-error` } : {};

/**
 * One cell of a colour or size row: its control, labelled for screen readers (the column heading
 * says it to sighted users), and the row's error for it. `children` draws the control from the ids
 * and ARIA attributes it must carry.
 */
export function RowCell({
  path,
  label,
  errors,
  children,
}: {
  path: string;
  label: string;
  errors: Record<string, string>;
  children: (control: { id: string; name: string } & ReturnType<typeof invalid>) => React.ReactNode;
}) {
  return (
    <td>
      <label className="visually-hidden" htmlFor={fid(path)}>
        {label}
      </label>
      {children({ id: fid(path), name: path, ...invalid(errors, path) })}
      <FieldError path={path} errors={errors} />
    </td>
  );
}

/** The form's table of rows (colours, sizes): its column headings and one row per entry, scrolling sideways on a phone. */
export function RowsTable({ label, columns, children }: { label: string; columns: string[]; children: ReactNode }) {
  return (
    <TableScroll label={label}>
      <table className="admin-table admin-product__rows">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
