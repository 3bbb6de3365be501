import * as z from "zod/mini";
import { normaliseMobile } from "../accounts/mobile.rules";

/**
 * Field checks shared by the server and the browser forms, and the per-field answer of a refused
 * form. Written with zod's tree-shakable "mini" API because the browser runs them (the profile form
 * loads them when the shopper starts editing); the full API's schemas take them as they are.
 */

/** A refused form's problems: each field's first message, keyed by its path ("name", "addresses.0.zipcode"). */
export type FieldErrors = Record<string, string>;

/** Issues by field, in the order they were found; an issue about the whole input (no path) is left out. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[], prefix: PropertyKey[] = []): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    if (issue.path.length === 0) continue;
    const key = [...prefix, ...issue.path].map(String).join(".");
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * A text field: non-strings count as blank, the value is trimmed (and `tidy` applied) before the
 * checks run, and `abort` stops it at its first failed check, so each field reports one message.
 */
export const textField = (checks: z.core.$ZodCheck<string>[], tidy: (v: string) => string = (v) => v) =>
  z.pipe(
    z.transform((v: unknown) => tidy(typeof v === "string" ? v.trim() : "")),
    z.string().check(...checks),
  );
export const blankIs = (error: string) => z.minLength(1, { error, abort: true });
export const longerThan = (max: number, error: string) => z.maxLength(max, { error, abort: true });

/** A person's name: inner whitespace collapsed. */
export const nameField = textField([blankIs("Name is required"), longerThan(100, "Name must be at most 100 characters")], (v) =>
  v.replace(/\s+/g, " "),
);

/** An Indian mobile number, however it was written (`normaliseMobile`), kept as its 10 digits. */
export const mobileField = (blank: string, invalid: string) =>
  textField([blankIs(blank), z.regex(/^[6-9]\d{9}$/, { error: invalid })], (v) => normaliseMobile(v) ?? v);
