import { settings } from "./settings";

/**
 * The shop's mails, rendered from their parameters when they are sent: plain text for every client,
 * and a simple branded HTML part (inline styles only). The outbox keeps a template's name and
 * parameters; those listed as `secret` are sealed there (see mail.ts).
 */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function signature(): string {
  const { name } = settings.brand;
  const { email, phone } = settings.store;
  return `Warm regards,\n${name}\n${email} · ${phone}`;
}

function html(title: string, body: string): string {
  const { name, tagline } = settings.brand;
  const { email, phone, address } = settings.store;
  return `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#FBF7F2;color:#2B2321;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#fff;border-radius:12px;border-top:6px solid #8A1C2B">
<tr><td style="padding:28px 28px 8px"><p style="margin:0;font-family:ui-serif,Georgia,serif;font-size:26px;color:#8A1C2B">${escapeHtml(name)}</p>
<p style="margin:2px 0 0;font-size:13px;color:#6E625C">${escapeHtml(tagline)}</p></td></tr>
<tr><td style="padding:12px 28px 28px;font-size:16px;line-height:1.55">${body}</td></tr>
<tr><td style="padding:16px 28px;background:#EADFD3;border-radius:0 0 12px 12px;font-size:12px;color:#4a3f3b">
${escapeHtml(name)}, ${escapeHtml(address.line1)}, ${escapeHtml(address.line2)}, ${escapeHtml(address.city)}, ${escapeHtml(address.state)} ${escapeHtml(address.pin)}<br>
${escapeHtml(email)} · ${escapeHtml(phone)}</td></tr></table></td></tr></table></body></html>`;
}

function signupCodeMail({ name, code, minutes }: { name: string; code: string; minutes: number }): MailContent {
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

function passwordResetMail({ name, link, minutes }: { name: string; link: string; minutes: number }): MailContent {
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

interface Template<P> {
  /** Parameters never stored in clear: a sign-up code, a link that carries a reset token. */
  secret: readonly (keyof P & string)[];
  render(params: P): MailContent;
}

const template = <P>(t: Template<P>) => t;

export const mailTemplates = {
  "signup-code": template({ secret: ["code"], render: signupCodeMail }),
  "password-reset": template({ secret: ["link"], render: passwordResetMail }),
};

export type MailTemplate = keyof typeof mailTemplates;
export type MailParams<T extends MailTemplate> = Parameters<(typeof mailTemplates)[T]["render"]>[0];

export function renderMail<T extends MailTemplate>(name: T, params: MailParams<T>): MailContent {
  return (mailTemplates[name] as Template<MailParams<T>>).render(params);
}
