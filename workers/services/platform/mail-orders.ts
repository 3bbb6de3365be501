import { addressLines } from "../accounts/address-block.rules";
import { formatRupees } from "../catalog/pricing";
import { settings } from "../content/settings";
import type { OrderView } from "../orders/order-views";
import { orderMessages, paymentMethodLabel } from "../orders/order-views.rules";
import { CELL, detailRows, escapeHtml, html, type MailContent, shop, signature } from "./mail-frame";

/** An order's mails: to her when it is placed, shipped, delivered or cancelled; to the shop for a new order or a refund due. */

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

export function orderConfirmationMail({ name, order, link: linkTemplate }: { name: string; order: OrderMail; link: string }): MailContent {
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

export function newOrderMail({ order }: { order: OrderMail }): MailContent {
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

export function refundDueMail({ order, paymentId }: { order: OrderMail; paymentId: string }): MailContent {
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

/** A shopper's order as it moves on: shipped with its courier and tracking number, delivered, cancelled. */
function myOrdersLine(link: string | null): { text: string[]; html: string } {
  if (!link) return { text: [], html: "" };
  return {
    text: ["", "See your orders:", link],
    html: `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#8A1C2B;color:#fff;text-decoration:none;padding:12px 22px;border-radius:6px;font-weight:600">See your orders</a></p>`,
  };
}

export function orderShippedMail({
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

export function orderDeliveredMail({ name, order, link }: { name: string; order: OrderMail; link: string | null }): MailContent {
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

export function orderCancelledMail({
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

/** To the shop: a shopper cancelled her order herself; its stock is back on sale, and a paid one waits for its refund. */
export function orderCancelledByShopperMail({ order, refundDue }: { order: OrderMail; refundDue: boolean }): MailContent {
  const s = order.shipping;
  const subject = `Order #${order.orderNumber} cancelled by the customer${refundDue ? ": refund due" : ""}`;
  const what = [
    `${s.fullName} cancelled order #${order.orderNumber} from My Orders; its pieces are back in stock.`,
    refundDue
      ? `It was paid: please refund ${formatRupees(order.totalPaise)} from the order's page in the back office.`
      : "Nothing was paid for it.",
  ];
  const text = [...what, "", `Customer: ${s.fullName}, ${s.emailAddress}, ${s.phoneNumber}`, "", ...orderText(order)].join("\n");
  const body = `${what.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join("")}
<p style="margin:0 0 16px">Customer: ${escapeHtml(s.fullName)}, <a href="mailto:${escapeHtml(s.emailAddress)}" style="color:#8A1C2B">${escapeHtml(s.emailAddress)}</a>, ${escapeHtml(s.phoneNumber)}</p>
${orderHtml(order)}`;
  return { subject, text, html: html(subject, body) };
}
