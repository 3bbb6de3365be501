import { settings } from "../content/settings";
import { afterSaleNotices } from "./after-sale.rules";

/**
 * Every word the shop answers a cancel or a return with: the notices her order pages show, and the
 * refusals the services send (docs/product/after-the-purchase.md). The pages import only
 * `afterSaleNotices`; the services, the return form and the tests use this whole set.
 */
const { cancelWithinHours, returnWithinDays } = settings.policies;

export const afterSaleMessages = {
  ...afterSaleNotices,
  cancelClosed: (n: number) =>
    `Order #${n} can no longer be cancelled here: an order can be cancelled within ${cancelWithinHours} hours of placing it, before it ships. Write to us or call us and we will help.`,
  cancelAlready: (n: number) => `Order #${n} is already cancelled.`,
  cancelPaymentDue: (n: number) =>
    `Order #${n} is waiting for its payment: it is not an order until it is paid, and it lapses by itself if you do not pay.`,
  returnClosed: (n: number) =>
    `Order #${n} can no longer be returned: a return must be asked for within ${returnWithinDays} days of delivery.`,
  returnNotDelivered: (n: number) => `Order #${n} has not been delivered yet: a return can be asked for once it arrives.`,
  notReturnable: (name: string) =>
    `${name} cannot be returned: pieces bought in a clearance or final sale, and items that cannot be resold for hygiene reasons, are not taken back.`,
  tooMany: (name: string, most: number) =>
    most === 0 ? `${name} has no pieces left to return.` : `You can return at most ${most} of ${name}.`,
  alreadyOpen: (name: string) => `A return for ${name} is already open.`,
  noLines: "Choose at least one piece to return.",
  exchangeSizeless: "An exchange is for another size: choose Too small or Too large as the reason.",
  exchangeSameSize: "Choose a size other than the one you have.",
  exchangeOutOfStock: (size: string) => `Size ${size} is out of stock, so we can refund this piece instead.`,
  chooseReason: "Choose why you are sending it back.",
  chooseKind: "Choose a refund or an exchange.",
  chooseSize: "Choose the size you would like instead.",
  exchangeNoSuchSize: (size: string) => `This piece is not made in size ${size}.`,
  exchangeProductGone: (name: string) => `${name} is no longer made, so it can be refunded but not exchanged.`,
  refundTakesNoSize: "A refund takes no size: choose an exchange to ask for another size.",
  notOfOrder: "That piece is not part of this order.",
  quantity: "Enter how many pieces to send back (1 or more).",
  lineTwice: "Each piece can be chosen once.",
} as const;
