/**
 * The shop's business constants, in one place. Pages, FAQ and policy text read these, so no page can
 * promise a rule that checkout does not apply. Client-safe: no secrets, no server imports.
 */
export const settings = {
  brand: {
    name: "Aanchal",
    tagline: "Ethnic wear, made with care in Ghaziabad",
    promo: "Exclusive Offer: Complimentary gifts with the first 100 orders",
  },
  store: {
    email: "care@aanchal.in",
    phone: "+91 98110 24680",
    phoneHref: "tel:+919811024680",
    address: {
      line1: "Shop 14, Ambedkar Road",
      line2: "Raj Nagar",
      city: "Ghaziabad",
      state: "Uttar Pradesh",
      pin: "201002",
    },
    hours: "9:00 AM - 9:00 PM",
  },
  social: [
    { name: "Facebook", href: "https://www.facebook.com/aanchal.ethnic" },
    { name: "Instagram", href: "https://www.instagram.com/aanchal.ethnic" },
    { name: "YouTube", href: "https://www.youtube.com/@aanchal.ethnic" },
  ],
  /**
   * The footer's "We accept": what checkout offers and nothing else (docs/product/catalog.md,
   * "Layout and navigation"): Razorpay's online methods ("Bank / UPI / Wallets") and cash on delivery. An
   * older footer also named PayPal, which the shop does not take.
   */
  paymentMethods: ["UPI", "Credit & debit cards", "Net banking", "Wallets", "Cash on delivery"],
  /**
   * The defaults of the money rules. The shop's own values live in the database (`shop_settings`,
   * workers/services/content/shop-settings.ts): checkout, the FAQ and the policies read them from there.
   */
  money: {
    /** ₹100 delivery whenever the subtotal is above 0 (docs/product/orders.md). */
    deliveryChargePaise: 100_00,
    /** Free delivery at or above this subtotal; null means off (docs/product/content.md). */
    freeShippingThresholdPaise: null as number | null,
  },
  /**
   * What the FAQ and the policy pages promise (docs/product/content.md). Where older
   * sources disagreed, one answer: returns within 7 days of delivery (the FAQ's), refunds within
   * 7-10 business days, delivery in 4-7 business days across India.
   */
  policies: {
    /** "Last updated" of every policy page (27 August 2025). */
    updated: "2025-08-27",
    cancelWithinHours: 24,
    returnWithinDays: 7,
    refundBusinessDays: { min: 7, max: 10 },
    processingBusinessDays: { min: 1, max: 2 },
    deliveryBusinessDays: { min: 4, max: 7 },
    deliveryAttempts: 3,
    reportDamageWithinHours: 24,
    minimumAge: 18,
    courtsCity: "Ghaziabad",
  },
  promo: { giftOrderLimit: 100 },
  catalogue: {
    sizeOrder: ["XS", "S", "M", "L", "XL", "XXL", "3XL", "4XL", "Free Size"],
    featuredCount: 4,
    listingPageSize: 8,
    searchPageSize: 16,
    searchMaxQueryLength: 100,
    /** Products suggested under a product, and the newest reviews its page shows (the rest are counted). */
    relatedCount: 4,
    reviewsShown: 10,
  },
  timing: {
    searchDebounceMs: 100,
    topBarSolidAfterPx: 400,
    /** After a filtered listing load, scroll to the products after this pause (docs/product/catalog.md). */
    scrollToProductsMs: 100,
    /** After a successful password reset, go to sign-in after this pause (docs/product/accounts.md). */
    passwordResetRedirectMs: 2_000,
    /** Checkout with an empty cart says so, then goes back to the cart after this pause (docs/product/orders.md). */
    checkoutEmptyRedirectMs: 1_000,
  },
  /** Mail delivery (workers/services/platform/mail.ts): a failed send waits the first pause, doubling up to the longest. */
  mail: {
    retryFirstMinutes: 1,
    retryLongestMinutes: 60,
    /** A mail still failing this long after it was queued is given up (marked dead). */
    giveUpAfterHours: 24,
    /** Shorter than the first pause, so a slow send is over before anyone may claim the mail again. */
    sendTimeoutMs: 10_000,
    /** How many due mails one run of the scheduled handler claims. */
    perRun: 25,
  },
  database: {
    /** Every database call gives up after this long and the shopper gets a 503 (DB_TIMEOUT_MS overrides it). */
    timeoutMs: 4_000,
    /** The `Retry-After` of that 503: long enough for a blip to pass, short enough to come back. */
    retryAfterSeconds: 30,
    /** While the database cannot be reached, a cached catalogue page is still served for this long. */
    staleIfErrorSeconds: 24 * 60 * 60,
  },
  /** The back office. */
  admin: {
    /** A size with this many pieces or fewer shows on the dashboard as low stock. */
    lowStockThreshold: 3,
    /** How many low-stock sizes the dashboard lists (the rest are counted). */
    lowStockListed: 20,
    /** How many of the newest orders the dashboard lists. */
    latestOrdersListed: 8,
  },
  /**
   * GST on the tax invoice (the arithmetic is workers/services/orders/gst.ts). The GSTIN is the owner's to
   * change in Settings (workers/services/content/shop-settings.ts), from this default; everything else the invoice reads is here.
   */
  tax: {
    /** The seller on the invoice (its trade name is brand.name). */
    legalName: "Aanchal Ethnic Wear",
    /**
     * A demo GSTIN, well formed: state code 09 (Uttar Pradesh), the PAN AAKFA1234C (4th letter F: a
     * firm; 5th: A of Aanchal), entity number 1, "Z", and the check character its mod-36 checksum
     * gives (Y; gst.ts isGstin checks it). Replace it with the shop's own before going live.
     */
    gstin: "09AAKFA1234C1ZY",
    /** The shop's state: a buyer there pays CGST + SGST, anywhere else IGST. */
    state: "Uttar Pradesh",
    stateCode: "09",
    /** Invoice numbers are `${prefix}/${financial year}/${order number}`, e.g. AAN/26-27/1001 (16 characters at most). */
    invoicePrefix: "AAN",
    /**
     * Apparel (HSN chapters 61 and 62) since 22 September 2025: 5% on a piece whose value (net of
     * GST) is at most ₹2,500, 18% above. Fabrics (chapters 50 to 55: a saree is an unstitched
     * length of woven fabric) are 5% whatever the price.
     */
    gst: {
      effective: "2025-09-22",
      thresholdPaise: 2_500_00,
      lowRate: 5,
      highRate: 18,
      fabricRate: 5,
    },
    /**
     * HSN code per category slug (a "category/subcategory" key wins over the category's), and
     * whether the goods are a garment (the threshold rule) or a fabric (flat rate):
     * - kurtis: 6211 (other women's garments, woven; a kurti is a tunic, neither a dress nor a blouse);
     * - kurta sets, co-ord sets, lehengas: 6204 (women's ensembles; skirts);
     * - anarkali, dresses: 6204 (women's dresses);
     * - sarees: woven fabric by fibre: cotton 5208, silk 5007, georgette and chiffon 5407 (synthetic
     *   filament); a saree without a subcategory is taken as cotton, most of the shop's.
     * Any other category: 6211, a garment.
     */
    hsn: {
      default: { code: "6211", goods: "garment" },
      byCategory: {
        kurtis: { code: "6211", goods: "garment" },
        "kurta-sets": { code: "6204", goods: "garment" },
        anarkali: { code: "6204", goods: "garment" },
        dresses: { code: "6204", goods: "garment" },
        "co-ord-sets": { code: "6204", goods: "garment" },
        lehengas: { code: "6204", goods: "garment" },
        sarees: { code: "5208", goods: "fabric" },
        "sarees/cotton": { code: "5208", goods: "fabric" },
        "sarees/silk": { code: "5007", goods: "fabric" },
        "sarees/georgette": { code: "5407", goods: "fabric" },
      },
    },
  },
  /** Coming-soon countdown target: 1 September 2025 00:00 IST. */
  launchDate: "2025-09-01T00:00:00+05:30",
} as const;

export type Settings = typeof settings;
