import { addressLines } from "./address-block.rules";
import type { OrderView } from "./order-views";
import { orderMessages, paymentMethodLabel } from "./order-views.rules";
import { formatRupees } from "./pricing";
import { settings } from "./settings";
import { SHOP_SETTING_DEFAULTS, type ShopSettings } from "./shop-settings.rules";

/**
 * The shop's mails, rendered from their parameters when they are sent: plain text for every client,
 * and a simple branded HTML part (inline styles only). The outbox keeps a template's name and
 * parameters; those listed as `secret` are sealed there (see mail.ts).
 */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes, when not to the sender (the shop's copy of a contact message or enquiry). */
  replyTo?: string;
}

/** The shop's contact details and gift count a mail shows: the owner's settings when the mail is sent. */
export type MailShop = Pick<ShopSettings, "email" | "phone" | "hours" | "address" | "giftOrderLimit">;

/** Set for the duration of one (synchronous) render by `renderMail`; the defaults otherwise. */
let shop: MailShop = SHOP_SETTING_DEFAULTS;

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function signature(): string {
  const { name } = settings.brand;
  const { email, phone } = shop;
  return `Warm regards,\n${name}\n${email} · ${phone}`;
}

function html(title: string, body: string): string {
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

/** An order as its mails show it: plain data, kept in the outbox with the mail (see mail.ts). */
export interface OrderMail {
  orderNumber: number;
  giftEligible: boolean;
  paymentMethod: OrderView["paymentMethod"];
  couponCode: string | null;
  subtotalPaise: number;
  discountPaise: number;
  shippingPaise: number;
  totalPaise: number;
  lines: { name: string; color: string; size: string; quantity: number; unitPricePaise: number }[];
  shipping: OrderView["shipping"];
}

/** The mail's copy of an order view. */
export function orderMail(order: OrderView): OrderMail {
  return {
    orderNumber: order.orderNumber,
    giftEligible: order.giftEligible,
    paymentMethod: order.paymentMethod,
    couponCode: order.couponCode,
    subtotalPaise: order.subtotalPaise,
    discountPaise: order.discountPaise,
    shippingPaise: order.shippingPaise,
    totalPaise: order.totalPaise,
    lines: order.lines.map(({ name, color, size, quantity, unitPricePaise }) => ({ name, color, size, quantity, unitPricePaise })),
    shipping: { ...order.shipping },
  };
}

const GIFT_NOTE = orderMessages.gift;

const lineLabel = (l: OrderMail["lines"][number]) => `${l.name} (${[l.color, `size ${l.size}`].filter(Boolean).join(", ")})`;

/** Items, the discount when there is one, delivery and total, as [label, amount] rows. */
function figureRows(order: OrderMail): [string, string][] {
  const items = order.lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
  const rows: [string, string][] = [["Items", formatRupees(items)]];
  if (order.discountPaise > 0) {
    rows.push([order.couponCode ? `Discount (${order.couponCode})` : "Discount", `-${formatRupees(order.discountPaise)}`]);
  }
  rows.push(["Delivery", order.shippingPaise > 0 ? formatRupees(order.shippingPaise) : "Free"], ["Total", formatRupees(order.totalPaise)]);
  return rows;
}

function orderText(order: OrderMail): string[] {
  return [
    ...order.lines.map((l) => `- ${lineLabel(l)} x ${l.quantity}: ${formatRupees(l.unitPricePaise * l.quantity)}`),
    "",
    ...figureRows(order).map(([label, amount]) => `${label}: ${amount}`),
    `Payment method: ${paymentMethodLabel(order.paymentMethod)}`,
    "",
    "Delivering to:",
    ...addressLines(order.shipping, { email: true }),
  ];
}

const CELL = "padding:6px 0;border-top:1px solid #EADFD3;vertical-align:top";

function orderHtml(order: OrderMail): string {
  const lines = order.lines
    .map(
      (l) =>
        `<tr><td style="${CELL}">${escapeHtml(lineLabel(l))} &times; ${l.quantity}</td><td style="${CELL};text-align:right;white-space:nowrap">${escapeHtml(formatRupees(l.unitPricePaise * l.quantity))}</td></tr>`,
    )
    .join("");
  const figures = figureRows(order)
    .map(([label, amount]) => {
      const strong = label === "Total" ? "font-weight:700;font-size:18px;color:#8A1C2B" : "";
      return `<tr><td style="${CELL};${strong}">${escapeHtml(label)}</td><td style="${CELL};text-align:right;white-space:nowrap;${strong}">${escapeHtml(amount)}</td></tr>`;
    })
    .join("");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 12px;font-size:15px">${lines}${figures}</table>
<p style="margin:0 0 12px">Payment method: <strong>${escapeHtml(paymentMethodLabel(order.paymentMethod))}</strong></p>
<p style="margin:0 0 4px;font-weight:600">Delivering to</p>
<p style="margin:0 0 16px">${addressLines(order.shipping, { email: true }).map(escapeHtml).join("<br>")}</p>`;
}

const giftHtml = (text: string) =>
  `<p style="margin:0 0 16px;padding:10px 14px;border-left:4px solid #E39B2D;background:#FBF7F2;font-weight:600">${escapeHtml(text)}</p>`;

/** In a confirmation's `link`, stands for the order's number: the link is sealed before the database numbers the order. */
export const ORDER_NUMBER_IN_LINK = "{orderNumber}";

function orderConfirmationMail({ name, order, link: linkTemplate }: { name: string; order: OrderMail; link: string }): MailContent {
  const link = linkTemplate.replace(ORDER_NUMBER_IN_LINK, String(order.orderNumber));
  const brand = settings.brand.name;
  const subject = `Your ${brand} order #${order.orderNumber} is confirmed`;
  const cod = order.paymentMethod === "cashOnDelivery";
  const payNote = cod ? `Please keep ${formatRupees(order.totalPaise)} ready: you pay when it arrives.` : "Your payment has been received.";
  const text = [
    `Namaste ${name},`,
    "",
    `Thank you for shopping with ${brand}. Your order #${order.orderNumber} is confirmed.`,
    ...(order.giftEligible ? ["", GIFT_NOTE] : []),
    "",
    ...orderText(order),
    "",
    payNote,
    "",
    "View your order:",
    link,
    "",
    `To cancel within ${settings.policies.cancelWithinHours} hours of ordering, write to ${shop.email} or use the enquiry form on our site.`,
    "",
    signature(),
  ].join("\n");
  const body = `<p style="margin:0 0 12px">Namaste ${escapeHtml(name)},</p>
<p style="margin:0 0 16px">Thank you for shopping with ${escapeHtml(brand)}. Your order <strong>#${order.orderNumber}</strong> is confirmed.</p>
${order.giftEligible ? giftHtml(GIFT_NOTE) : ""}${orderHtml(order)}
<p style="margin:0 0 16px">${escapeHtml(payNote)}</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#8A1C2B;color:#fff;text-decoration:none;padding:12px 22px;border-radius:6px;font-weight:600">View your order</a></p>
<p style="margin:0;color:#6E625C;font-size:14px">To cancel within ${settings.policies.cancelWithinHours} hours of ordering, write to ${escapeHtml(shop.email)} or use the enquiry form on our site.</p>`;
  return { subject, text, html: html(subject, body) };
}

function newOrderMail({ order }: { order: OrderMail }): MailContent {
  const s = order.shipping;
  const subject = `New order #${order.orderNumber}: ${formatRupees(order.totalPaise)}, ${paymentMethodLabel(order.paymentMethod)}`;
  const gift = `Gift: this order is among the first ${shop.giftOrderLimit}; pack the complimentary gift with it.`;
  const text = [
    `New order #${order.orderNumber} on ${settings.brand.name}.`,
    "",
    `Customer: ${s.fullName}, ${s.emailAddress}, ${s.phoneNumber}`,
    ...(order.giftEligible ? [gift] : []),
    "",
    ...orderText(order),
  ].join("\n");
  const body = `<p style="margin:0 0 12px">New order <strong>#${order.orderNumber}</strong>.</p>
<p style="margin:0 0 16px">Customer: ${escapeHtml(s.fullName)}, <a href="mailto:${escapeHtml(s.emailAddress)}" style="color:#8A1C2B">${escapeHtml(s.emailAddress)}</a>, ${escapeHtml(s.phoneNumber)}</p>
${order.giftEligible ? giftHtml(gift) : ""}${orderHtml(order)}`;
  return { subject, text, html: html(subject, body) };
}

function refundDueMail({ order, paymentId }: { order: OrderMail; paymentId: string }): MailContent {
  const s = order.shipping;
  const amount = formatRupees(order.totalPaise);
  const subject = `Refund due: order #${order.orderNumber}, payment ${paymentId}`;
  const what = `A payment of ${amount} (payment ${paymentId}) arrived for order #${order.orderNumber} after the order had expired, and its stock has since been sold. The order is kept as paid and flagged for a refund: please refund ${amount} to the customer through the payment dashboard and let them know.`;
  const text = [what, "", `Customer: ${s.fullName}, ${s.emailAddress}, ${s.phoneNumber}`, "", ...orderText(order)].join("\n");
  const body = `<p style="margin:0 0 16px;padding:10px 14px;border-left:4px solid #8A1C2B;background:#FBF7F2">${escapeHtml(what)}</p>
<p style="margin:0 0 16px">Customer: ${escapeHtml(s.fullName)}, <a href="mailto:${escapeHtml(s.emailAddress)}" style="color:#8A1C2B">${escapeHtml(s.emailAddress)}</a>, ${escapeHtml(s.phoneNumber)}</p>
${orderHtml(order)}`;
  return { subject, text, html: html(subject, body) };
}

/** The visitor's words in a mail's HTML: escaped, line breaks kept. */
const paragraphHtml = (s: string) => escapeHtml(s).replace(/\n/g, "<br>");

const QUOTE = "margin:0 0 16px;padding:10px 14px;border-left:4px solid #E39B2D;background:#FBF7F2;white-space:normal";

/** Label and value rows of the shop's copy of a form, as text lines and an HTML table. */
function detailRows(rows: [string, string][]) {
  const text = rows.map(([k, v]) => `${k}: ${v}`);
  const html = `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:15px">${rows
    .map(
      ([k, v]) =>
        `<tr><td style="${CELL};padding-right:16px;color:#6E625C">${escapeHtml(k)}</td><td style="${CELL}">${escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table>`;
  return { text, html };
}

/** Subject lines carry a visitor's name on one line and short (it is checked as one line already). */
const subjectPart = (s: string) => s.replace(/\s+/g, " ").slice(0, 60);

function contactToShopMail({ name, email, message }: { name: string; email: string; message: string }): MailContent {
  const subject = `Contact message from ${subjectPart(name)}`;
  const details = detailRows([
    ["Name", name],
    ["Email", email],
  ]);
  const text = [
    `A message from the contact form on ${settings.brand.name}. Reply to this e-mail to answer ${name}.`,
    "",
    ...details.text,
    "",
    message,
  ].join("\n");
  const body = `<p style="margin:0 0 12px">A message from the contact form. Reply to this e-mail to answer.</p>
${details.html}<p style="${QUOTE}">${paragraphHtml(message)}</p>`;
  return { subject, text, html: html(subject, body), replyTo: email };
}

function contactAckMail({ name }: { name: string }): MailContent {
  const brand = settings.brand.name;
  const subject = `We have received your message | ${brand}`;
  const lines = [
    `Thank you for writing to ${brand}. Your message has reached us, and one of us will write back as soon as we can.`,
    `If it is urgent, call us on ${shop.phone} (${shop.hours}).`,
  ];
  const text = [`Namaste ${name},`, "", ...lines, "", "If you did not write to us, you can ignore this e-mail.", "", signature()].join(
    "\n",
  );
  const body = `<p style="margin:0 0 12px">Namaste ${escapeHtml(name)},</p>
${lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join("")}
<p style="margin:0;color:#6E625C;font-size:14px">If you did not write to us, you can ignore this e-mail.</p>`;
  return { subject, text, html: html(subject, body) };
}

export interface EnquiryMail {
  fullName: string;
  email: string;
  phone: string;
  enquiryType: string;
  message: string;
  preferredContactMethod: string;
  preferredTime: string;
  orderNumber: number | null;
}

const enquiryKind = (e: Pick<EnquiryMail, "enquiryType" | "orderNumber">) =>
  e.orderNumber !== null ? `Order cancellation query, order #${e.orderNumber}` : `${e.enquiryType} enquiry`;

function enquiryToShopMail(e: EnquiryMail): MailContent {
  const subject = `${enquiryKind(e)} from ${subjectPart(e.fullName)}`;
  const details = detailRows([
    ["Name", e.fullName],
    ["Email", e.email],
    ["Phone", e.phone || "not given"],
    ["Enquiry type", e.enquiryType],
    ...(e.orderNumber !== null ? ([["Order number", `#${e.orderNumber}`]] as [string, string][]) : []),
    ["Preferred contact", e.preferredContactMethod],
    ["Preferred time", e.preferredTime || "any time"],
  ]);
  const text = [
    `An enquiry from the enquiry form on ${settings.brand.name}. Reply to this e-mail to answer ${e.fullName}.`,
    "",
    ...details.text,
    "",
    e.message,
  ].join("\n");
  const body = `<p style="margin:0 0 12px">An enquiry from the enquiry form. Reply to this e-mail to answer.</p>
${details.html}<p style="${QUOTE}">${paragraphHtml(e.message)}</p>`;
  return { subject, text, html: html(subject, body), replyTo: e.email };
}

function enquiryAckMail({
  fullName,
  enquiryType,
  orderNumber,
}: Pick<EnquiryMail, "fullName" | "enquiryType" | "orderNumber">): MailContent {
  const brand = settings.brand.name;
  const subject = `We have received your enquiry | ${brand}`;
  const kind = orderNumber !== null ? `cancellation query about order #${orderNumber}` : `${enquiryType.toLowerCase()} enquiry`;
  const lines = [
    `Thank you for your ${kind}. It has reached us, and we will get back to you as soon as we can, the way you asked us to.`,
    `If it is urgent, call us on ${shop.phone} (${shop.hours}).`,
  ];
  const text = [`Namaste ${fullName},`, "", ...lines, "", "If you did not write to us, you can ignore this e-mail.", "", signature()].join(
    "\n",
  );
  const body = `<p style="margin:0 0 12px">Namaste ${escapeHtml(fullName)},</p>
${lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join("")}
<p style="margin:0;color:#6E625C;font-size:14px">If you did not write to us, you can ignore this e-mail.</p>`;
  return { subject, text, html: html(subject, body) };
}

/** A shopper's order as it moves on: shipped with its courier and tracking number, delivered, cancelled. */
function myOrdersLine(link: string | null): { text: string[]; html: string } {
  if (!link) return { text: [], html: "" };
  return {
    text: ["", "See your orders:", link],
    html: `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#8A1C2B;color:#fff;text-decoration:none;padding:12px 22px;border-radius:6px;font-weight:600">See your orders</a></p>`,
  };
}

function orderShippedMail({
  name,
  order,
  courier,
  trackingNumber,
  link,
}: {
  name: string;
  order: OrderMail;
  courier: string;
  trackingNumber: string;
  link: string | null;
}): MailContent {
  const subject = `Your ${settings.brand.name} order #${order.orderNumber} has shipped`;
  const cod = order.paymentMethod === "cashOnDelivery";
  const payNote = cod ? `Please keep ${formatRupees(order.totalPaise)} ready: you pay when it arrives.` : null;
  const more = myOrdersLine(link);
  const text = [
    `Namaste ${name},`,
    "",
    `Good news: your order #${order.orderNumber} is on its way.`,
    "",
    `Courier: ${courier}`,
    `Tracking number: ${trackingNumber}`,
    "",
    ...orderText(order),
    ...(payNote ? ["", payNote] : []),
    ...more.text,
    "",
    signature(),
  ].join("\n");
  const body = `<p style="margin:0 0 12px">Namaste ${escapeHtml(name)},</p>
<p style="margin:0 0 16px">Good news: your order <strong>#${order.orderNumber}</strong> is on its way.</p>
${
  detailRows([
    ["Courier", courier],
    ["Tracking number", trackingNumber],
  ]).html
}${orderHtml(order)}
${payNote ? `<p style="margin:0 0 16px">${escapeHtml(payNote)}</p>` : ""}${more.html}`;
  return { subject, text, html: html(subject, body) };
}

function orderDeliveredMail({ name, order, link }: { name: string; order: OrderMail; link: string | null }): MailContent {
  const brand = settings.brand.name;
  const subject = `Your ${brand} order #${order.orderNumber} has been delivered`;
  const lines = [
    `Your order #${order.orderNumber} has been delivered. We hope you love it.`,
    "If you have a moment, a review of what you bought helps other shoppers; it shows as a verified purchase.",
    `Anything not right? Write to ${shop.email} or call ${shop.phone}.`,
  ];
  const more = myOrdersLine(link);
  const text = [`Namaste ${name},`, "", ...lines, "", ...orderText(order), ...more.text, "", signature()].join("\n");
  const body = `<p style="margin:0 0 12px">Namaste ${escapeHtml(name)},</p>
${lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join("")}${orderHtml(order)}${more.html}`;
  return { subject, text, html: html(subject, body) };
}

function orderCancelledMail({
  name,
  order,
  refundDue,
  link,
}: {
  name: string;
  order: OrderMail;
  refundDue: boolean;
  link: string | null;
}): MailContent {
  const brand = settings.brand.name;
  const subject = `Your ${brand} order #${order.orderNumber} has been cancelled`;
  const lines = [
    `Your order #${order.orderNumber} has been cancelled.`,
    refundDue
      ? `Your payment of ${formatRupees(order.totalPaise)} will be refunded to the way you paid; we will write again once it is on its way.`
      : "Nothing has been charged for it.",
    `Questions? Write to ${shop.email} or call ${shop.phone} (${shop.hours}).`,
  ];
  const more = myOrdersLine(link);
  const text = [`Namaste ${name},`, "", ...lines, "", ...orderText(order), ...more.text, "", signature()].join("\n");
  const body = `<p style="margin:0 0 12px">Namaste ${escapeHtml(name)},</p>
${lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join("")}${orderHtml(order)}${more.html}`;
  return { subject, text, html: html(subject, body) };
}

/** A staff reply to a contact message or an enquiry: the reply, and her words quoted briefly. */
export interface MessageReplyMail {
  name: string;
  kind: "contact" | "enquiry";
  /** The order a cancellation query named, if any. */
  orderNumber: number | null;
  /** The shop's reply, as staff wrote it. */
  reply: string;
  /** The start of the sender's message (quoted; cut short by the service). */
  original: string;
}

function messageReplyMail({ name, kind, orderNumber, reply, original }: MessageReplyMail): MailContent {
  const brand = settings.brand.name;
  const about =
    orderNumber !== null ? `your cancellation query about order #${orderNumber}` : kind === "enquiry" ? "your enquiry" : "your message";
  const subject = `Re: ${about} | ${brand}`;
  const quoted = original.split("\n").map((l) => `> ${l}`);
  const text = [
    `Namaste ${name},`,
    "",
    reply,
    "",
    `You wrote to us (${about}):`,
    ...quoted,
    "",
    "Reply to this e-mail to write back to us.",
    "",
    signature(),
  ].join("\n");
  const body = `<p style="margin:0 0 12px">Namaste ${escapeHtml(name)},</p>
<p style="margin:0 0 16px">${paragraphHtml(reply)}</p>
<p style="margin:0 0 6px;color:#6E625C;font-size:14px">You wrote to us (${escapeHtml(about)}):</p>
<p style="${QUOTE};color:#6E625C;font-size:14px">${paragraphHtml(original)}</p>
<p style="margin:0;color:#6E625C;font-size:14px">Reply to this e-mail to write back to us.</p>`;
  return { subject, text, html: html(subject, body), replyTo: shop.email };
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
  "order-confirmation": template({ secret: ["link"], render: orderConfirmationMail }),
  "new-order": template({ secret: [], render: newOrderMail }),
  "refund-due": template({ secret: [], render: refundDueMail }),
  "contact-to-shop": template({ secret: [], render: contactToShopMail }),
  "contact-ack": template({ secret: [], render: contactAckMail }),
  "enquiry-to-shop": template({ secret: [], render: enquiryToShopMail }),
  "enquiry-ack": template({ secret: [], render: enquiryAckMail }),
  "message-reply": template({ secret: [], render: messageReplyMail }),
  "order-shipped": template({ secret: [], render: orderShippedMail }),
  "order-delivered": template({ secret: [], render: orderDeliveredMail }),
  "order-cancelled": template({ secret: [], render: orderCancelledMail }),
};

export type MailTemplate = keyof typeof mailTemplates;
export type MailParams<T extends MailTemplate> = Parameters<(typeof mailTemplates)[T]["render"]>[0];

export function renderMail<T extends MailTemplate>(
  name: T,
  params: MailParams<T>,
  settingsNow: MailShop = SHOP_SETTING_DEFAULTS,
): MailContent {
  // Rendering is synchronous: no other render can run between setting and restoring.
  const before = shop;
  shop = settingsNow;
  try {
    return (mailTemplates[name] as Template<MailParams<T>>).render(params);
  } finally {
    shop = before;
  }
}
