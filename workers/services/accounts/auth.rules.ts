/**
 * Account rules and messages (docs/product/accounts.md, docs/decisions/0005-sessions-codes-and-limits.md)
 * as plain values: pages show them without loading zod, and `auth.schema` builds its checks from them.
 */
export const EMAIL_MESSAGE = "Enter a valid email";
export const PASSWORD_RULE_MESSAGE = "Password must have 6+ chars, 1 uppercase, 1 lowercase, 1 number, 1 special char";
export const PASSWORD_HINT = "At least 6 characters, with an upper-case and a lower-case letter, a number and a symbol such as # @ ! or &";
/**
 * The character rule of a new password, one source for the forms and the server. A "special
 * character" is any symbol or punctuation mark: whatever is neither a letter, a digit nor a space
 * (so # and ~ count, as a shopper expects, not only the six symbols of an older rule).
 */
export const PASSWORD_RULE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^\p{L}\p{N}\s]).{6,}$/u;
export const PASSWORDS_DIFFER = "Passwords do not match";
export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose one that is harder to guess.";
export const SIGNUP_TIMED_OUT = "Your sign-up has timed out. Please create your account again.";
export const VERIFY_TO_SIGN_IN = "Please verify your email to sign in. We have sent you a code.";
export const PASSWORD_RESET_DONE = "Your password has been reset. Please sign in with the new password.";
export const SIGN_IN_FIRST = "Please login first to continue.";
/**
 * Mail one e-mail address may be sent, whoever asks and from wherever (docs/decisions/0005-sessions-codes-and-limits.md): sign-up codes
 * and reset links each at most one a minute and five an hour, so nobody can flood an inbox.
 */
export const MAIL_ALLOWANCE = { everySeconds: 60, perHour: 5 } as const;
/** Sign-up codes and reset links (docs/decisions/0005-sessions-codes-and-limits.md). */
export const CODE_RULES = { digits: 6, validMinutes: 10, maxWrongTries: 5, resendAfterSeconds: MAIL_ALLOWANCE.everySeconds } as const;
export const RESET_RULES = { validMinutes: 60 } as const;
