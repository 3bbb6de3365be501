import { settings } from "../../../workers/services/content/settings";
import type { MoneyRules } from "../../../workers/services/content/shop-settings";
import {
  cancelWindow,
  damageWindow,
  deliveryChargeText,
  deliveryDays,
  paymentMethodsText,
  processingDays,
  refundDays,
  returnWindow,
} from "../../lib/help-figures";

export interface FaqEntry {
  question: string;
  /** Plain text: the page shows it and the FAQPage JSON-LD repeats it word for word. */
  answer: string;
}

export interface FaqTopic {
  slug: string;
  name: string;
  /** May be empty: the page then says so (docs/product/content.md, "FAQ topics"). */
  entries: FaqEntry[];
}

const { store, brand } = settings;
const address = `${store.address.line1}, ${store.address.line2}, ${store.address.city}, ${store.address.state} ${store.address.pin}`;

/**
 * The FAQ, by topic. Every figure is read (money rules from the database, the rest from settings), so
 * an answer cannot promise what checkout or the policies do not. The last topic has no answers yet.
 */
export function faqTopics(rules: MoneyRules & { giftOrderLimit: number }): FaqTopic[] {
  return [
    {
      slug: "general-questions",
      name: "General Questions",
      entries: [
        {
          question: `Who is ${brand.name}?`,
          answer: `We are a small, family-run label making kurtis, kurta sets, Anarkalis, dresses and sarees in ${store.address.city}. Each piece is made with care here and checked by our own team before it is packed for you.`,
        },
        {
          question: "Can I visit your store?",
          answer: `Yes, please do. Our store is at ${address}, open ${store.hours}. You can see the fabrics and try pieces on before you buy.`,
        },
        {
          question: "How can I reach you?",
          answer: `Write to ${store.email} or call ${store.phone} (${store.hours}). You can also send us a message from the Contact Us page, and we reply by e-mail.`,
        },
        {
          question: "Do I need an account to shop?",
          answer:
            "You can buy a piece straight away with Buy Now and check out as a guest. An account keeps your cart and wishlist on every device, remembers your addresses and shows all your orders in one place.",
        },
      ],
    },
    {
      slug: "ordering-payment",
      name: "Ordering & Payment",
      entries: [
        {
          question: "Which payment methods do you accept?",
          answer: `You can pay by ${paymentMethodsText}. Online payments go through Razorpay, a secure Indian payment gateway, so your card and bank details never reach us.`,
        },
        {
          question: "Is cash on delivery available?",
          answer:
            "Yes. Choose Cash on Delivery at checkout and pay the courier when your parcel arrives. Please keep the exact amount ready if you can.",
        },
        {
          question: "How do I use a coupon code?",
          answer:
            "Enter the code in the coupon box at checkout and apply it. The discount shows in your order summary before you pay. One coupon can be used per order.",
        },
        {
          question: "Can I cancel my order?",
          answer: `Yes, within ${cancelWindow} of placing it. Open My Orders, choose Cancel order on the order and confirm; it is cancelled at once. For help, write to ${store.email} with your order number.`,
        },
        {
          question: "Is there an offer on at the moment?",
          answer: `Yes: the first ${rules.giftOrderLimit} orders placed with us each come with a complimentary gift, packed in the same parcel.`,
        },
      ],
    },
    {
      slug: "shipping-delivery",
      name: "Shipping & Delivery",
      entries: [
        {
          question: "How much does delivery cost?",
          answer: `${deliveryChargeText(rules)} You always see the charge in your order summary before you pay.`,
        },
        {
          question: "How long will my order take?",
          answer: `We pack your order within ${processingDays}, and it reaches you in ${deliveryDays} after that. Remote PIN codes can take the full time.`,
        },
        {
          question: "Where do you deliver?",
          answer: "Anywhere in India with a valid six-digit PIN code. We do not ship outside India at the moment.",
        },
        {
          question: "How do I know where my order is?",
          answer: "Sign in and open My Orders: each order shows its payment and delivery status.",
        },
        {
          question: "What if my parcel arrives damaged?",
          answer: `Tell us within ${damageWindow} of delivery at ${store.email}, with your order number and a few photos, and we will put it right with a replacement or a refund.`,
        },
        {
          question: "Can I return or exchange a piece?",
          answer: `Yes, within ${returnWindow} of delivery, if it is unworn with its tags and original packaging, or if it arrived damaged or wrong. Exchanges depend on stock; refunds reach you within ${refundDays}.`,
        },
      ],
    },
    {
      slug: "product-care",
      name: "Product Care",
      entries: [
        {
          question: "How should I wash my kurti?",
          answer:
            "Follow the wash care on the product page. For most of our cotton and block-printed pieces: a gentle hand wash in cold water with a mild detergent, inside out, and dry in the shade.",
        },
        {
          question: "Will the colour run?",
          answer:
            "Hand-dyed and block-printed fabrics can release a little colour in the first few washes. Wash them separately, do not soak them, and the colours settle.",
        },
        {
          question: "How do I care for embroidered and silk pieces?",
          answer:
            "Dry clean them, or hand wash very gently if the label allows. Iron on the reverse at low heat, with a cloth over embroidery, and store them folded in a cotton or muslin bag, away from direct sun.",
        },
        {
          question: "How do I choose my size?",
          answer:
            "Each product page has a size chart with chest, waist and hip in inches. Measure a kurti that fits you well and compare; if you are between sizes, choose the larger one.",
        },
      ],
    },
    { slug: "bulk-custom-orders", name: "Bulk & Custom Orders", entries: [] },
  ];
}

/** What a topic with no answers yet says (docs/product/content.md, "FAQ topics"). */
export const NO_FAQS = "No FAQs available for this topic yet.";

/** The topic shown when the address names none. */
export const DEFAULT_TOPIC = "general-questions";
