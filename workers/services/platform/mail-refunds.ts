import { formatRupees } from "../catalog/pricing";
import { settings } from "../content/settings";
import type { RefundMethod } from "../orders/refunds";
import { indiaDate } from "./india-time.rules";
import { escapeHtml, html, type MailContent, shop, signature } from "./mail-frame";

/** How the money went back, in her mail's words. */
const METHOD_WORDS: Record<RefundMethod, string> = {
  original: "to the way you paid",
  "bank-transfer": "by bank transfer",
  upi: "by UPI",
};

/** To her when the shop has refunded an order: how much, when, how and the reference her bank shows. */
export function orderRefundedMail({
  name,
  orderNumber,
  amountPaise,
  at,
  reference,
  method,
  link,
}: {
  name: string;
  orderNumber: number;
  amountPaise: number;
  /** ISO time of the refund. */
  at: string;
  reference: string;
  method: RefundMethod;
  link: string | null;
}): MailContent {
  const brand = settings.brand.name;
  const amount = formatRupees(amountPaise, { paise: "always" });
  const subject = `Your refund of ${amount} for ${brand} order #${orderNumber}`;
  const lines = [
    `We have refunded ${amount} for your order #${orderNumber} ${METHOD_WORDS[method] ?? METHOD_WORDS.original} on ${indiaDate(at)}.`,
    `Refund reference: ${reference}. Banks usually show it within 5 to 7 working days; quote this reference if you ask them about it.`,
    `Questions? Write to ${shop.email} or call ${shop.phone} (${shop.hours}).`,
  ];
  const more = link
    ? {
        text: ["", "See your orders and refunds:", link],
        html: `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}">See your orders and refunds</a></p>`,
      }
    : { text: [], html: "" };
  const text = [`Namaste ${name},`, "", ...lines, ...more.text, "", signature()].join("\n");
  const body = `<p style="margin:0 0 12px">Namaste ${escapeHtml(name)},</p>
${lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join("")}${more.html}`;
  return { subject, text, html: html(subject, body) };
}
