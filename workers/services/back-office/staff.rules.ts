/**
 * The Staff page's words: client-safe (no zod, no database), so the page and the service
 * say the same thing.
 */
export const STAFF_MESSAGES = {
  /** One answer for an unknown e-mail and an unverified account: it tells the owner no more than that. */
  noAccount: "No verified account with that e-mail address.",
  emailRequired: "Enter the e-mail address of the account to give the staff role.",
  alreadyStaff: "That account already has the staff role.",
  isOwner: "That account is the shop's owner.",
  given: "now has the staff role. They sign in again to open the back office.",
  removed: "Staff role removed. Their sessions have ended.",
  alreadyRemoved: "That account no longer had the staff role.",
  confirmRemove: "Tick “Yes, remove the staff role” to remove it.",
} as const;

/**
 * The audit log's entity filters: a message is a contact message or an enquiry; stock is a size's
 * stock or price and a CSV import; a category is a category or a subcategory.
 */
export const AUDIT_ENTITIES = ["all", "order", "message", "review", "product", "stock", "category", "coupon", "settings", "user"] as const;
export type AuditEntityFilter = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_PAGE_SIZE = 50;
