import { settings } from "../content/settings";
import { detailRows, escapeHtml, html, type MailContent, shop, signature } from "./mail-frame";

/** Mails about a visitor's message: the shop's copy of a contact message or enquiry, her acknowledgement, and a staff reply. */

/** The visitor's words in a mail's HTML: escaped, line breaks kept. */
const paragraphHtml = (s: string) => escapeHtml(s).replace(/\n/g, "<br>");

const QUOTE = "margin:0 0 16px;padding:10px 14px;border-left:4px solid #E39B2D;background:#FBF7F2;white-space:normal";

/** Subject lines carry a visitor's name on one line and short (it is checked as one line already). */
const subjectPart = (s: string) => s.replace(/\s+/g, " ").slice(0, 60);

export function contactToShopMail({ name, email, message }: { name: string; email: string; message: string }): MailContent {
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

export function contactAckMail({ name }: { name: string }): MailContent {
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

export function enquiryToShopMail(e: EnquiryMail): MailContent {
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

export function enquiryAckMail({
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

export function messageReplyMail({ name, kind, orderNumber, reply, original }: MessageReplyMail): MailContent {
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
