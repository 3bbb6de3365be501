import * as z from "zod";
import { EMAIL_MESSAGE } from "../accounts/auth.rules";
import { normaliseMobile } from "../accounts/mobile.rules";
import {
  CANCELLATION_QUERY,
  CONTACT_MESSAGES,
  CONTACT_METHODS,
  type ContactMethod,
  ENQUIRY_MESSAGES,
  ENQUIRY_TYPE_OPTIONS,
  MESSAGE_LIMITS,
  type StoredEnquiryType,
} from "./messages.rules";

/**
 * The contact message and the enquiry as the pages' forms (strings) and API clients (JSON) send them
 * (docs/product/content.md). Each field reports one message, the words of messages.rules.ts. Non-strings count
 * as blank. A line break (CR or LF) in a name or an e-mail is refused outright, never tidied away:
 * those two travel towards mail headers (Reply-To), and nothing a visitor types may start a new one.
 */

/** The posted object (anything else counts as empty), every expected key present (an absent one is blank). */
const withKeys = (keys: string[]) =>
  z.unknown().transform((v) => {
    const posted = v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
    return Object.fromEntries(keys.map((k) => [k, posted[k] ?? ""])) as Record<string, unknown>;
  });

const raw = (v: unknown) => (typeof v === "string" ? v : "");
const LINE_BREAK = /[\r\n\u2028\u2029]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a one-line field keeps no control characters
const CONTROL_ANY = /[\u0000-\u001f\u007f]/g;
const EMAIL = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+\.[^\s@<>,;:"()[\]\\]+$/;
const length = (s: string) => [...s].length;

type Check = (text: string) => string | null;

/** A field from a problem-finder over its tidied text: the first problem found is its one message. */
function field<T = string>(tidy: (v: unknown) => string | null, problem: Check, convert: (s: string) => T = (s) => s as T) {
  return z.unknown().transform((v, ctx) => {
    const text = tidy(v);
    const found = text === null ? CONTACT_MESSAGES.lineBreak : problem(text);
    if (found) {
      ctx.addIssue({ code: "custom", message: found });
      return z.NEVER;
    }
    return convert(text as string);
  });
}

/** One line of text: a line break refuses it (null), control characters go, whitespace collapses. */
const oneLine = (v: unknown) => {
  const s = raw(v);
  if (s.length > 4 * MESSAGE_LIMITS.message) return s.slice(0, MESSAGE_LIMITS.message + 1);
  if (LINE_BREAK.test(s)) return null;
  return s.replace(CONTROL_ANY, " ").replace(/\s+/g, " ").trim();
};

/** Running text: line ends made one kind, control characters other than tab and newline dropped. */
const paragraphs = (v: unknown) => {
  const s = raw(v);
  if (s.length > 4 * MESSAGE_LIMITS.message) return s.slice(0, MESSAGE_LIMITS.message + 1);
  return s.replace(/\r\n?/g, "\n").replace(CONTROL, "").trim();
};

const nameOf = (required: string) =>
  field(oneLine, (s) => (!s ? required : length(s) > MESSAGE_LIMITS.name ? CONTACT_MESSAGES.nameTooLong : null));

const email = field(
  (v) => {
    const s = raw(v);
    return LINE_BREAK.test(s) ? null : s.trim().toLowerCase();
  },
  (s) => (s.length > MESSAGE_LIMITS.email || !EMAIL.test(s) ? EMAIL_MESSAGE : null),
);

const message = field(paragraphs, (s) =>
  !s ? CONTACT_MESSAGES.messageRequired : length(s) > MESSAGE_LIMITS.message ? CONTACT_MESSAGES.messageTooLong : null,
);

/** The honeypot: anything but an absent or empty value is a robot's. */
const honeypot = z.unknown().transform((v) => v !== undefined && v !== null && v !== "");

export const contactInputSchema = withKeys(["name", "email", "message", "website"]).pipe(
  z.object({
    name: nameOf(CONTACT_MESSAGES.nameRequired),
    email,
    message,
    website: honeypot,
  }),
);
export type ContactInput = z.output<typeof contactInputSchema>;

const phone = field(
  oneLine,
  (s) => (s && !normaliseMobile(s) ? ENQUIRY_MESSAGES.phoneInvalid : null),
  (s) => (s ? normaliseMobile(s)! : ""),
);

const enquiryType = field(oneLine, (s) => ((ENQUIRY_TYPE_OPTIONS as readonly string[]).includes(s) ? null : ENQUIRY_MESSAGES.typeRequired));

const contactMethod = field(
  oneLine,
  (s) => (!s || (CONTACT_METHODS as readonly string[]).includes(s) ? null : ENQUIRY_MESSAGES.methodInvalid),
  (s) => (s || "Email") as ContactMethod,
);

const preferredTime = field(oneLine, (s) => (length(s) > MESSAGE_LIMITS.preferredTime ? ENQUIRY_MESSAGES.preferredTimeTooLong : null));

/** An order number as typed: digits, with an optional leading "#"; or a whole number in JSON. */
const orderNumber = field(
  (v) => (typeof v === "number" && Number.isSafeInteger(v) ? String(v) : oneLine(v)),
  (s) => (!s || new RegExp(`^#?[1-9]\\d{0,${MESSAGE_LIMITS.orderNumber - 1}}$`).test(s) ? null : ENQUIRY_MESSAGES.orderNumberInvalid),
  (s) => (s ? Number(s.replace("#", "")) : null),
);

export const enquiryInputSchema = withKeys([
  "fullName",
  "email",
  "phone",
  "enquiryType",
  "message",
  "preferredContactMethod",
  "preferredTime",
  "orderNumber",
  "website",
])
  .pipe(
    z.object({
      fullName: nameOf(ENQUIRY_MESSAGES.fullNameRequired),
      email,
      phone,
      enquiryType,
      message,
      preferredContactMethod: contactMethod,
      preferredTime,
      orderNumber,
      website: honeypot,
    }),
  )
  .superRefine((v, ctx) => {
    if (v.enquiryType === CANCELLATION_QUERY && v.orderNumber === null) {
      ctx.addIssue({ code: "custom", path: ["orderNumber"], message: ENQUIRY_MESSAGES.orderNumberRequired });
    }
  })
  .transform(({ enquiryType, orderNumber, ...rest }) => {
    const cancellation = enquiryType === CANCELLATION_QUERY;
    return {
      ...rest,
      // The cancellation query is stored and sent as General, with its order number (docs/product/content.md).
      enquiryType: (cancellation ? "General" : enquiryType) as StoredEnquiryType,
      orderNumber: cancellation ? orderNumber : null,
      cancellation,
    };
  });
export type EnquiryInput = z.output<typeof enquiryInputSchema>;
