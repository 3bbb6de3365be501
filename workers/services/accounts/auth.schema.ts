import { z } from "zod";
import { mobileField as mobileOf, nameField } from "../platform/fields.schema";
import {
  CODE_RULES,
  COMMON_PASSWORD_MESSAGE,
  EMAIL_MESSAGE,
  PASSWORD_RULE,
  PASSWORD_RULE_MESSAGE,
  PASSWORDS_DIFFER,
  SIGNUP_TIMED_OUT,
} from "./auth.rules";
import { MOBILE_INVALID } from "./mobile.rules";

/**
 * Account input schemas (docs/product/accounts.md), shared by the API and the page
 * actions. Client-safe, but pages that only show a rule or a message import `auth.rules` instead, so
 * zod stays out of their bundles.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (v: unknown) => (typeof v === "string" ? v : "");

// `abort` ends a field at its first failed check: an over-long value must never reach the e-mail
// pattern or the password checks, whose cost grows with the length (anyone can post megabytes).
export const emailField = z.preprocess(
  (v) => text(v).trim().toLowerCase(),
  z.string().max(254, { error: EMAIL_MESSAGE, abort: true }).regex(EMAIL, EMAIL_MESSAGE),
);

/** Sign-in takes whatever password was set; only its presence is checked here. */
const anyPassword = z.preprocess(text, z.string().min(1, "Password is required").max(256, "Password is too long"));

/**
 * Words behind most leaked passwords. A password is refused when, with leading and trailing digits
 * and symbols removed and look-alike characters undone (P@ssw0rd -> password), it is one of them,
 * so "Password@123" and "India@2024" are refused although they satisfy the character rule.
 */
const COMMON_WORDS = new Set(
  (
    "password passwort passw pass welcome admin administrator qwerty qwertyuiop asdf asdfgh asdfghjkl zxcvbnm abc abcd abcde abcdef " +
    "abcdefg iloveyou love lovely letmein monkey dragon master login hello sunshine princess football cricket baseball " +
    "superman batman india bharat hindustan delhi mumbai kolkata chennai ghaziabad shiva krishna ganesh sairam omsairam " +
    "jaishreeram hanuman test user guest default changeme secret trustno freedom whatever shadow michael jessica " +
    "computer internet summer winter spring autumn flower angel baby sweet honey mother father family friend " +
    "aanchal saree kurti fashion shopping google facebook instagram samsung apple iphone nokia pokemon naruto " +
    "starwars killer charlie donald jordan harley ranger buster soccer hockey tigger pepper ginger cookie chocolate " +
    "qazwsx zaq xsw aaa aaaa aaaaa aaaaaa qwe qwer qwert asd zxc zxcv"
  ).split(" "),
);
const LOOKALIKES: Record<string, string> = { "@": "a", "4": "a", "0": "o", "1": "i", "!": "i", "3": "e", $: "s", "5": "s", "7": "t" };

export function isCommonPassword(password: string): boolean {
  const lower = password.normalize("NFKC").toLowerCase();
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, "");
  if (core.length === 0 || /^(.)\1+$/.test(core)) return true; // no letters, or one letter repeated
  // With look-alikes undone ("P@ssw0rd!" -> "passwordi"), is a common word all the letters there
  // are? Everything around it must be digits and symbols ("Indi@2024", "@Dmin123", "Welcom3!").
  const undone = Array.from(lower, (c) => LOOKALIKES[c] ?? c).join("");
  for (const word of COMMON_WORDS) {
    for (let at = undone.indexOf(word); at !== -1; at = undone.indexOf(word, at + 1)) {
      const rest = lower.slice(0, at) + lower.slice(at + word.length);
      if (!/[a-z]/.test(rest)) return true;
    }
  }
  return false;
}

/** The password rule for every new password (sign-up and reset). */
export const newPassword = z.preprocess(
  text,
  z
    .string()
    .min(1, { error: "Password is required", abort: true })
    .max(128, { error: "Password must be at most 128 characters", abort: true })
    .regex(PASSWORD_RULE, { error: PASSWORD_RULE_MESSAGE, abort: true })
    .refine((p) => !isCommonPassword(p), COMMON_PASSWORD_MESSAGE),
);

export { nameField };
/** Any common way of writing an Indian mobile number (`normaliseMobile`), kept as its 10 digits. */
export const mobileField = mobileOf(MOBILE_INVALID, MOBILE_INVALID);

export const otpField = z.preprocess(
  (v) => text(v).trim(),
  z.string().regex(/^\d{6}$/, `Enter the ${CODE_RULES.digits}-digit code from your email`),
);

export const loginSchema = z.object({ email: emailField, password: anyPassword });
export const registerSchema = z.object({ name: nameField, email: emailField, mobile: mobileField, password: newPassword });

/** The sign-up's own token (given by register), which verify and resend need beside the e-mail. */
const verificationToken = z.preprocess(text, z.string().regex(/^[A-Za-z0-9_-]{43}$/, SIGNUP_TIMED_OUT));

export const verifyOtpSchema = z.object({ email: emailField, otp: otpField, verificationToken });
export const resendOtpSchema = z.object({ email: emailField, verificationToken });
export const emailOnlySchema = z.object({ email: emailField });
export const resetPasswordSchema = z.object({ password: newPassword });

/**
 * The forms add a confirmation field that must match. It is its own schema beside the form's
 * (an intersection), so it is compared even when other fields are refused: a form shows every
 * problem at once (a refinement of the whole form would not run after a refused field).
 */
const confirmation = z
  .object({ password: z.preprocess(text, z.string()), confirmPassword: z.preprocess(text, z.string()) })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ["confirmPassword"] });
export const registerFormSchema = registerSchema.and(confirmation);
export const resetPasswordFormSchema = resetPasswordSchema.and(confirmation);

/** A reset token as we mint them: 32 random bytes, base64url. */
export const RESET_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Where to go after signing in: only a same-site path. Absolute and protocol-relative URLs (and
 * backslash tricks browsers treat as such) fall back to `fallback`.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length > 1000) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters (a tab or newline inside a URL) are exactly what is refused
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\") || /[\u0000-\u001f\\]/.test(target)) return fallback;
  return target;
}
