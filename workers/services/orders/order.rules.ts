/**
 * What checkout and payment say (docs/product/orders.md), client-safe: the page and the
 * services share these words.
 */
export const orderMessages = {
  noAddress: "Please provide a delivery address.",
  onlyLeft: (n: number, product: string, size: string) =>
    n <= 0 ? `${product} (${size}) has sold out.` : `Only ${n} left of ${product} (${size})`,
  noLines: "Your cart is empty. Please add items before checking out.",
  choosePayment: "Please choose how you will pay.",
  onlineOff: "Online payment is not available right now. Please choose Cash on Delivery.",
  placeFailed: "Failed to place order",
  orderFailed: "Order failed",
  submitFailed: "Something went wrong during order submission.",
  initiateFailed: "Failed to initiate payment. Please try again.",
  sdkFailed: "Failed to load Razorpay SDK. Please check your connection.",
  verifyFailed: "Payment verification failed.",
  failedVerification: "Payment failed verification.",
  paymentFailed: "Payment failed. Please try again.",
  cancelled: "Payment cancelled.",
  addressNotFound: "That delivery address was not found. Please choose another.",
  tryAgain: "The stock changed while you were ordering. Please try again.",
  alreadyPaid: "This order is already paid.",
  paymentClosed: "The time to pay for this order has ended and its pieces went back on sale. Please order them again.",
  notOnline: "This order is not paid online.",
  /** Pay now without JavaScript: Razorpay's window cannot open. */
  payNeedsJavaScript: "Paying online needs JavaScript turned on in your browser. Turn it on and press Pay now again.",
} as const;

/** Minutes a pending online order holds its stock for its payment (docs/payments.md). */
export const PAYMENT_WINDOW_MINUTES = 30;
