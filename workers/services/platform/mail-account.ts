import { settings } from "../content/settings";
import { escapeHtml, html, type MailContent, signature } from "./mail-frame";

/** The account's mails: the sign-up code and the password reset link. */

export function signupCodeMail({ name, code, minutes }: { name: string; code: string; minutes: number }): MailContent {
  const subject = `${code} is your ${settings.brand.name} verification code`;
  const text = [
    `Namaste ${name},`,
    "",
    `Your ${settings.brand.name} verification code is: ${code}`,
    "",
    `Enter it on the verification page to finish creating your account. It is valid for ${minutes} minutes and can be used once.`,
    "If you did not try to create an account, you can ignore this e-mail; no account is opened without the code.",
    "",
    signature(),
  ].join("\n");
  const body = `<p style="margin:0 0 12px">Namaste ${escapeHtml(name)},</p>
<p style="margin:0 0 12px">Your verification code is:</p>
<p style="margin:0 0 16px;font-size:32px;letter-spacing:8px;font-weight:700;font-variant-numeric:tabular-nums;color:#2B2321">${escapeHtml(code)}</p>
<p style="margin:0 0 12px">Enter it on the verification page to finish creating your account. It is valid for ${minutes} minutes and can be used once.</p>
<p style="margin:0;color:#6E625C;font-size:14px">If you did not try to create an account, you can ignore this e-mail; no account is opened without the code.</p>`;
  return { subject, text, html: html(subject, body) };
}

export function passwordResetMail({ name, link, minutes }: { name: string; link: string; minutes: number }): MailContent {
  const subject = `Reset your ${settings.brand.name} password`;
  const text = [
    `Namaste ${name},`,
    "",
    "We received a request to reset the password of your account. Open this link to choose a new one:",
    link,
    "",
    `The link works once and expires in ${minutes} minutes. Resetting signs you out on every device.`,
    "If you did not ask for this, ignore this e-mail; your password stays as it is.",
    "",
    signature(),
  ].join("\n");
  const body = `<p style="margin:0 0 12px">Namaste ${escapeHtml(name)},</p>
<p style="margin:0 0 16px">We received a request to reset the password of your account.</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#8A1C2B;color:#fff;text-decoration:none;padding:12px 22px;border-radius:6px;font-weight:600">Choose a new password</a></p>
<p style="margin:0 0 12px;font-size:14px">Or copy this link: <a href="${escapeHtml(link)}" style="color:#8A1C2B;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="margin:0 0 12px">The link works once and expires in ${minutes} minutes. Resetting signs you out on every device.</p>
<p style="margin:0;color:#6E625C;font-size:14px">If you did not ask for this, ignore this e-mail; your password stays as it is.</p>`;
  return { subject, text, html: html(subject, body) };
}
