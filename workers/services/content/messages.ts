import { contactMessages, enquiries } from "../../../db/schema";
import type { ServiceContext } from "../platform/context";
import { AppError } from "../platform/errors";
import { deliverAfterResponse, outboxMail, queueMail } from "../platform/mail";
import { limit } from "../platform/rate-limit";
import { parseInput } from "../platform/validate";
import { CONTACT_MESSAGES, ENQUIRY_MESSAGES, HONEYPOT_FIELD } from "./messages.rules";
import { contactInputSchema, enquiryInputSchema } from "./messages.schema";
import { shopSettings } from "./shop-settings";

/**
 * Contact messages and enquiries (docs/product/content.md), for the pages' actions and the API alike. Each is
 * checked (messages.schema.ts), refused when the honeypot is filled (a 400: nothing stored, nothing
 * sent), counted against the per-address limit (FORM_LIMITER, a 429), and then stored together with
 * its two mails in ONE batch: the shop's copy, whose Reply-To is the sender, and the sender's
 * acknowledgement. So a message exists exactly when its mails do; they are sent after the response
 * and, if that fails, retried by the scheduled handler (mail.ts). Nothing is lost when mail is down.
 */

function refuseRobots(honeypotFilled: boolean) {
  if (honeypotFilled) throw new AppError(400, CONTACT_MESSAGES.honeypot, { field: HONEYPOT_FIELD });
}

export async function sendContactMessage(ctx: ServiceContext, input: unknown): Promise<{ message: string }> {
  const { website, ...msg } = parseInput(contactInputSchema, input);
  refuseRobots(website);
  // The shop's address as the owner set it, read while the rate limit is asked.
  const [{ email: shop }] = await Promise.all([shopSettings(ctx), limit(ctx, "contact")]);
  const [toShop, ack] = await Promise.all([
    outboxMail(ctx, { to: shop, template: "contact-to-shop", params: msg }),
    outboxMail(ctx, { to: msg.email, template: "contact-ack", params: { name: msg.name } }),
  ]);
  const [, shopQueued, ackQueued] = await ctx.db.batch([
    ctx.db.insert(contactMessages).values({ ...msg, createdAt: ctx.now() }),
    queueMail(ctx, toShop),
    queueMail(ctx, ack),
  ]);
  deliverAfterResponse(ctx, shopQueued);
  deliverAfterResponse(ctx, ackQueued);
  return { message: CONTACT_MESSAGES.sent };
}

export async function sendEnquiry(ctx: ServiceContext, input: unknown): Promise<{ message: string }> {
  const { website, cancellation: _, ...enquiry } = parseInput(enquiryInputSchema, input);
  refuseRobots(website);
  const [{ email: shop }] = await Promise.all([shopSettings(ctx), limit(ctx, "enquiry")]);
  const [toShop, ack] = await Promise.all([
    outboxMail(ctx, { to: shop, template: "enquiry-to-shop", params: enquiry }),
    outboxMail(ctx, {
      to: enquiry.email,
      template: "enquiry-ack",
      params: { fullName: enquiry.fullName, enquiryType: enquiry.enquiryType, orderNumber: enquiry.orderNumber },
    }),
  ]);
  const [, shopQueued, ackQueued] = await ctx.db.batch([
    ctx.db.insert(enquiries).values({ ...enquiry, createdAt: ctx.now() }),
    queueMail(ctx, toShop),
    queueMail(ctx, ack),
  ]);
  deliverAfterResponse(ctx, shopQueued);
  deliverAfterResponse(ctx, ackQueued);
  return { message: ENQUIRY_MESSAGES.sent };
}
