/** A fresh CSP nonce per request: inline hydration scripts carry it instead of 'unsafe-inline'. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * `payment`: the origins Checkout.js and Razorpay's API come from (workers/services/orders/razorpay.ts):
 * Razorpay's own in production, the local stand-in's in local runs and tests, nothing more.
 */
export function securityHeaders(
  nonce: string,
  { https, payment }: { https: boolean; payment: { script: string; api: string } },
): Record<string, string> {
  const PAYMENT_SCRIPT = payment.script;
  const PAYMENT_FRAME = payment.api === payment.script ? "" : ` ${payment.api}`;
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${PAYMENT_SCRIPT}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // A product's video may be a link to an https MP4/WebM the owner hosts elsewhere (the back
    // office takes only those, workers/services/back-office/catalog/admin-products.rules.ts); media never runs script.
    "media-src 'self' blob: https:",
    "font-src 'self'",
    `connect-src 'self' ${PAYMENT_SCRIPT}${PAYMENT_FRAME}`,
    `frame-src ${PAYMENT_SCRIPT}${PAYMENT_FRAME}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
  };
  if (https) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains; preload";
  return headers;
}
