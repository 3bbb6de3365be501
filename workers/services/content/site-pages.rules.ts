/**
 * The shop's own pages about itself, in the footer's two columns and in the sitemap: one
 * list, so a page added here is linked and listed at once. Client-safe.
 */
export const INFORMATION_PAGES = [
  { to: "/about-us", label: "About Us" },
  { to: "/manufacturing", label: "Manufacturing" },
  { to: "/faqs", label: "FAQs" },
  { to: "/contact-us", label: "Contact Us" },
  { to: "/enquiry-us", label: "Enquiry & Cancellation" },
] as const;

export const POLICY_PAGES = [
  { to: "/cancellation-return-policy", label: "Cancellation & Return Policy" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-and-conditions", label: "Terms & Conditions" },
  { to: "/shipping-delivery-policy", label: "Shipping & Delivery Policy" },
] as const;
