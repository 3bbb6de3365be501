import { settings } from "../content/settings";
import { indiaDate } from "./india-time.rules";
import { CELL, detailRows, escapeHtml, html, type MailContent, shop, signature } from "./mail-frame";

/** A return request's mails: hers (what she sends back, why, what happens next) and the shop's copy. */

export interface ReturnMailLine {
  name: string;
  color: string;
  size: string;
  quantity: number;
  /** The size she asked for instead, held for her; null for a refund. */
  exchangeSize: string | null;
}

interface ReturnMail {
  orderNumber: number;
  /** The reason in her words ("Too small"). */
  reason: string;
  lines: ReturnMailLine[];
  /** ISO: the end of the returns window. */
  until: string;
}

const lineText = (l: ReturnMailLine) =>
  `${l.name} (${[l.color, `size ${l.size}`].filter(Boolean).join(", ")}) x ${l.quantity}: ${
    l.exchangeSize ? `exchange for size ${l.exchangeSize}` : "refund"
  }`;

const linesHtml = (lines: ReturnMailLine[]) =>
  `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:15px">${lines
    .map((l) => `<tr><td style="${CELL}">${escapeHtml(lineText(l))}</td></tr>`)
    .join("")}</table>`;

function nextSteps(lines: ReturnMailLine[]): string[] {
  const { min, max } = settings.policies.refundBusinessDays;
  const steps = [
    "We look at your request and write to you within two working days. Once it is approved, a courier collects the pieces from your address: please keep them unused, with their tags, in the packet they came in.",
  ];
  if (lines.some((l) => l.exchangeSize)) {
    steps.push("The size you asked for is set aside for you now, and leaves as soon as your piece reaches us.");
  }
  if (lines.some((l) => !l.exchangeSize)) {
    steps.push(`Refunds go back the way you paid, ${min} to ${max} working days after the piece reaches us.`);
  }
  return steps;
}

export function returnRequestedMail(p: ReturnMail & { name: string; link: string | null }): MailContent {
  const subject = `We have your return request for order #${p.orderNumber}`;
  const steps = nextSteps(p.lines);
  const text = [
    `Namaste ${p.name},`,
    "",
    `We have your request to send back pieces of order #${p.orderNumber}.`,
    "",
    ...p.lines.map((l) => `- ${lineText(l)}`),
    `Reason: ${p.reason}`,
    "",
    "What happens next:",
    ...steps,
    ...(p.link ? ["", "See your order and its returns:", p.link] : []),
    "",
    `Questions? Write to ${shop.email} or call ${shop.phone} (${shop.hours}).`,
    "",
    signature(),
  ].join("\n");
  const body = `<p style="margin:0 0 12px">Namaste ${escapeHtml(p.name)},</p>
<p style="margin:0 0 16px">We have your request to send back pieces of order <strong>#${p.orderNumber}</strong>.</p>
${linesHtml(p.lines)}<p style="margin:0 0 16px">Reason: <strong>${escapeHtml(p.reason)}</strong></p>
<p style="margin:0 0 4px;font-weight:600">What happens next</p>
${steps.map((s) => `<p style="margin:0 0 12px">${escapeHtml(s)}</p>`).join("")}${
  p.link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(p.link)}" style="display:inline-block;background:#8A1C2B;color:#fff;text-decoration:none;padding:12px 22px;border-radius:6px;font-weight:600">See your order</a></p>`
    : ""
}
<p style="margin:0;color:#6E625C;font-size:14px">Questions? Write to ${escapeHtml(shop.email)} or call ${escapeHtml(shop.phone)} (${escapeHtml(shop.hours)}).</p>`;
  return { subject, text, html: html(subject, body) };
}

export function returnRequestedShopMail(p: ReturnMail & { customer: { name: string; email: string; phone: string } }): MailContent {
  const subject = `Return requested: order #${p.orderNumber}, ${p.reason}`;
  const rows = detailRows([
    ["Customer", `${p.customer.name}, ${p.customer.email}, ${p.customer.phone}`],
    ["Reason", p.reason],
    ["Window ends", indiaDate(p.until)],
  ]);
  const text = [
    `A return was requested for order #${p.orderNumber}. It waits in the returns queue for approval.`,
    "",
    ...rows.text,
    "",
    ...p.lines.map((l) => `- ${lineText(l)}`),
  ].join("\n");
  const body = `<p style="margin:0 0 16px">A return was requested for order <strong>#${p.orderNumber}</strong>. It waits in the returns queue for approval.</p>
${rows.html}${linesHtml(p.lines)}`;
  return { subject, text, html: html(subject, body), replyTo: p.customer.email };
}
