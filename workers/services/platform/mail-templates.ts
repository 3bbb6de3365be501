import { SHOP_SETTING_DEFAULTS } from "../content/shop-settings.rules";
import { passwordResetMail, signupCodeMail } from "./mail-account";
import { type MailContent, type MailShop, withMailShop } from "./mail-frame";
import { contactAckMail, contactToShopMail, enquiryAckMail, enquiryToShopMail, messageReplyMail } from "./mail-messages";
import {
  newOrderMail,
  orderCancelledByShopperMail,
  orderCancelledMail,
  orderConfirmationMail,
  orderDeliveredMail,
  orderShippedMail,
  refundDueMail,
} from "./mail-orders";
import { orderRefundedMail } from "./mail-refunds";
import { exchangeShippedMail, returnApprovedMail, returnDeclinedMail, returnReceivedMail, returnRefundedMail } from "./mail-return-steps";
import { returnRequestedMail, returnRequestedShopMail } from "./mail-returns";

/**
 * The shop's mails, rendered from their parameters when they are sent: plain text for every client,
 * and a simple branded HTML part (inline styles only). The outbox keeps a template's name and
 * parameters; those listed as `secret` are sealed there (see mail.ts). Each family of mails has its
 * file (mail-account.ts, mail-orders.ts, mail-messages.ts) in the frame of mail-frame.ts; this one
 * names them.
 */

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
  "return-requested": template({ secret: [], render: returnRequestedMail }),
  "return-requested-shop": template({ secret: [], render: returnRequestedShopMail }),
  "order-refunded": template({ secret: [], render: orderRefundedMail }),
  "order-cancelled-to-shop": template({ secret: [], render: orderCancelledByShopperMail }),
  "return-approved": template({ secret: [], render: returnApprovedMail }),
  "return-declined": template({ secret: [], render: returnDeclinedMail }),
  "return-received": template({ secret: [], render: returnReceivedMail }),
  "return-refunded": template({ secret: [], render: returnRefundedMail }),
  "exchange-shipped": template({ secret: [], render: exchangeShippedMail }),
};

export type MailTemplate = keyof typeof mailTemplates;
export type MailParams<T extends MailTemplate> = Parameters<(typeof mailTemplates)[T]["render"]>[0];

export function renderMail<T extends MailTemplate>(
  name: T,
  params: MailParams<T>,
  settingsNow: MailShop = SHOP_SETTING_DEFAULTS,
): MailContent {
  return withMailShop(settingsNow, () => (mailTemplates[name] as Template<MailParams<T>>).render(params));
}
