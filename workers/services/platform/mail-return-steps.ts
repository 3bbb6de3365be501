import { formatRupees } from "../catalog/pricing";
import { settings } from "../content/settings";
import { detailRows, escapeHtml, html, type MailContent, shop, signature } from "./mail-frame";

/** Her mails as the back office moves her return on: approved (the pickup), declined, received, refunded, exchange shipped. */

/** A return as its mails show it: plain data, kept in the outbox with the mail. */
export interface ReturnMail {
  returnId: number;
  orderNumber: number;
  kind: "refund" | "exchange";
  lines: { name: string; color: string; size: string; quantity: number; exchangeSize: string | null }[];
}

const lineLabel = (l: ReturnMail["lines"][number]) =>
  `${l.name} (${[l.color, `size ${l.size}`].filter(Boolean).join(", ")}) x ${l.quantity}${l.exchangeSize ? `, for size ${l.exchangeSize}` : ""}`;

const BUTTON =
  "display:inline-block;background:#8A1C2B;color:#fff;text-decoration:none;padding:12px 22px;border-radius:6px;font-weight:600";

interface Parts {
  name: string;
  r: ReturnMail;
  subject: string;
  lead: string[];
  rows?: [string, string][];
  after?: string[];
  link: string | null;
}

function returnMail({ name, r, subject, lead, rows = [], after = [], link }: Parts): MailContent {
  const details = detailRows(rows);
  const pieces = r.lines.map(lineLabel);
  const help = `Questions? Write to ${shop.email} or call ${shop.phone} (${shop.hours}).`;
  const text = [
    `Namaste ${name},`,
    "",
    ...lead,
    ...(rows.length ? ["", ...details.text] : []),
    "",
    "The pieces:",
    ...pieces.map((p) => `- ${p}`),
    ...(after.length ? ["", ...after] : []),
    "",
    help,
    ...(link ? ["", "See your orders:", link] : []),
    "",
    signature(),
  ].join("\n");
  const p = (t: string) => `<p style="margin:0 0 12px">${escapeHtml(t)}</p>`;
  const body = `<p style="margin:0 0 12px">Namaste ${escapeHtml(name)},</p>
${lead.map(p).join("")}${rows.length ? details.html : ""}
<ul style="margin:0 0 16px;padding-left:20px">${pieces.map((x) => `<li>${escapeHtml(x)}</li>`).join("")}</ul>
${after.map(p).join("")}${p(help)}${link ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="${BUTTON}">See your orders</a></p>` : ""}`;
  return { subject, text, html: html(subject, body) };
}

const brand = () => settings.brand.name;

export function returnApprovedMail(p: { name: string; r: ReturnMail; courier: string; trackingNumber: string; link: string | null }) {
  return returnMail({
    name: p.name,
    r: p.r,
    link: p.link,
    subject: `Your ${brand()} return for order #${p.r.orderNumber} is approved`,
    lead: [
      `We have approved your return for order #${p.r.orderNumber}. A courier will come to collect the pieces from your delivery address.`,
      "Please pack them with their tags on; the courier may check them at your door.",
    ],
    rows: [
      ["Pickup courier", p.courier],
      ["Tracking number", p.trackingNumber],
    ],
  });
}

export function returnDeclinedMail(p: { name: string; r: ReturnMail; reason: string; link: string | null }) {
  return returnMail({
    name: p.name,
    r: p.r,
    link: p.link,
    subject: `Your ${brand()} return for order #${p.r.orderNumber} was declined`,
    lead: [`We are sorry: we cannot take back these pieces of order #${p.r.orderNumber}.`, `Why: ${p.reason}`],
    after: p.r.kind === "exchange" ? ["The size we held for you has gone back on sale."] : [],
  });
}

export function returnReceivedMail(p: { name: string; r: ReturnMail; link: string | null }) {
  return returnMail({
    name: p.name,
    r: p.r,
    link: p.link,
    subject: `We have received your ${brand()} return for order #${p.r.orderNumber}`,
    lead: [
      `Your pieces from order #${p.r.orderNumber} have reached us.`,
      p.r.kind === "exchange"
        ? "We will send your new size shortly and mail you its tracking number."
        : "We will make your refund shortly and write again when it is on its way.",
    ],
  });
}

export function returnRefundedMail(p: {
  name: string;
  r: ReturnMail;
  amountPaise: number;
  method: string;
  reference: string;
  link: string | null;
}) {
  return returnMail({
    name: p.name,
    r: p.r,
    link: p.link,
    subject: `Your ${brand()} refund for order #${p.r.orderNumber}: ${formatRupees(p.amountPaise)}`,
    lead: [
      `We have refunded ${formatRupees(p.amountPaise)} for your return from order #${p.r.orderNumber}.`,
      "A refund to a card or bank usually shows in 5 to 7 working days.",
    ],
    rows: [
      ["Amount", formatRupees(p.amountPaise)],
      ["Paid back", p.method],
      ["Reference", p.reference],
    ],
  });
}

export function exchangeShippedMail(p: { name: string; r: ReturnMail; courier: string; trackingNumber: string; link: string | null }) {
  return returnMail({
    name: p.name,
    r: p.r,
    link: p.link,
    subject: `Your ${brand()} exchange for order #${p.r.orderNumber} has shipped`,
    lead: [`Good news: your new size for order #${p.r.orderNumber} is on its way.`],
    rows: [
      ["Courier", p.courier],
      ["Tracking number", p.trackingNumber],
    ],
  });
}
