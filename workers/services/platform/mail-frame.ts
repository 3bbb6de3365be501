import { settings } from "../content/settings";
import { SHOP_SETTING_DEFAULTS, type ShopSettings } from "../content/shop-settings.rules";

/** What every mail of the shop shares: its frame (brand, contact details), signature and escaping. */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes, when not to the sender (the shop's copy of a contact message or enquiry). */
  replyTo?: string;
}

/** The shop's contact details and gift count a mail shows: the owner's settings when the mail is sent. */
export type MailShop = Pick<ShopSettings, "email" | "phone" | "hours" | "address" | "giftOrderLimit">;

/**
 * Set for the duration of one (synchronous) render by `renderMail` (through `withMailShop`); the
 * defaults otherwise. Each mail family imports it: an import is a live binding, it sees each render's.
 */
export let shop: MailShop = SHOP_SETTING_DEFAULTS;

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function signature(): string {
  const { name } = settings.brand;
  const { email, phone } = shop;
  return `Warm regards,\n${name}\n${email} · ${phone}`;
}

export function html(title: string, body: string): string {
  const { name, tagline } = settings.brand;
  const { email, phone, address } = shop;
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

export const CELL = "padding:6px 0;border-top:1px solid #EADFD3;vertical-align:top";

/** Renders with these settings as `shop`. Rendering is synchronous: no other render can run between setting and restoring. */
export function withMailShop<T>(settingsNow: MailShop, render: () => T): T {
  const before = shop;
  shop = settingsNow;
  try {
    return render();
  } finally {
    shop = before;
  }
}

/** Label and value rows of the shop's copy of a form, as text lines and an HTML table. */
export function detailRows(rows: [string, string][]) {
  const text = rows.map(([k, v]) => `${k}: ${v}`);
  const html = `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:15px">${rows
    .map(
      ([k, v]) =>
        `<tr><td style="${CELL};padding-right:16px;color:#6E625C">${escapeHtml(k)}</td><td style="${CELL}">${escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table>`;
  return { text, html };
}
