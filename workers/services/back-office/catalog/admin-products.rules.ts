/**
 * The back office's product words and limits: client-safe (no zod, no
 * database), so the product pages, the shared schemas and the service say the same thing.
 */

/** A product's state: a draft is hidden from shoppers; published is `is_active`; archived is kept for its orders. */
export const PRODUCT_STATES = ["draft", "published", "archived"] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

export const PRODUCT_STATE_LABELS: Record<ProductState, string> = { draft: "Draft", published: "Published", archived: "Archived" };

/** The list's filters: every state, or only products with a size at or under the low-stock setting. */
export const PRODUCT_FILTERS = ["all", ...PRODUCT_STATES, "low-stock"] as const;
export type ProductFilter = (typeof PRODUCT_FILTERS)[number];

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;

export const PRODUCT_LIMITS = {
  name: 120,
  slug: 120,
  brand: 60,
  description: 600,
  paragraph: 3000,
  detail: 300,
  metaTitle: 70,
  metaDescription: 200,
  metaKeywords: 300,
  colourName: 40,
  colours: 20,
  sizes: 12,
  /** ₹10,00,000 at most for one piece: a typo's guard, not a business rule. */
  maxPricePaise: 10_00_000_00,
  maxStock: 100_000,
  alt: 200,
  media: 30,
  /** At most this many images in one upload request. */
  imagesPerUpload: 5,
  /** 5 MB per image. */
  imageMaxBytes: 5 * 1024 * 1024,
  /** How many blank colour and size rows the form offers (more with "Add rows"). */
  blankRows: 2,
} as const;

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** A video link: an https address of an MP4 or WebM file. */
export const VIDEO_URL_PATTERN = /^https:\/\/[^\s/?#]+\/[^\s?#]*\.(mp4|webm)(\?[^\s#]*)?$/i;

export const PRODUCT_MESSAGES = {
  notFound: "No such product",
  nameRequired: "Enter the product's name",
  nameTooLong: `The name must be at most ${PRODUCT_LIMITS.name} characters`,
  slugInvalid: "The slug may hold only lowercase letters a-z, digits and single hyphens between them",
  slugTooLong: `The slug must be at most ${PRODUCT_LIMITS.slug} characters`,
  slugTaken: (other: string) => `This slug is already used by ${other}`,
  brandTooLong: `The brand must be at most ${PRODUCT_LIMITS.brand} characters`,
  descriptionRequired: "Enter a short description",
  descriptionTooLong: `The description must be at most ${PRODUCT_LIMITS.description} characters`,
  paragraphTooLong: `A paragraph must be at most ${PRODUCT_LIMITS.paragraph} characters`,
  detailTooLong: `Each detail must be at most ${PRODUCT_LIMITS.detail} characters`,
  metaTitleTooLong: `The meta title must be at most ${PRODUCT_LIMITS.metaTitle} characters`,
  metaDescriptionTooLong: `The meta description must be at most ${PRODUCT_LIMITS.metaDescription} characters`,
  metaKeywordsTooLong: `The meta keywords must be at most ${PRODUCT_LIMITS.metaKeywords} characters`,
  categoryRequired: "Choose a category",
  categoryUnknown: "That category does not exist",
  subcategoryInvalid: "Choose a subcategory of the chosen category",
  colourRequired: "Add at least one colour",
  colourNameRequired: "Enter the colour's name",
  colourNameTooLong: `A colour's name must be at most ${PRODUCT_LIMITS.colourName} characters`,
  colourHexInvalid: "Enter the colour as #rrggbb, e.g. #b03a48",
  colourDuplicate: "Each colour's name must be different",
  tooManyColours: `At most ${PRODUCT_LIMITS.colours} colours`,
  sizeRequired: "Add at least one size",
  sizeInvalid: "Choose a size from the size chart",
  sizeDuplicate: "Each size may appear once",
  tooManySizes: `At most ${PRODUCT_LIMITS.sizes} sizes`,
  priceInvalid: "Enter the price in rupees, above 0 (e.g. 1299 or 1299.50)",
  priceTooHigh: "That price is too high",
  discountInvalid: "Enter the discount price in rupees, or leave it blank",
  discountNotBelow: "The discount price must be below the price",
  stockInvalid: "Stock must be a whole number, 0 or more",
  stockTooHigh: `Stock must be at most ${PRODUCT_LIMITS.maxStock}`,
  altRequired: "Describe the picture for people who cannot see it (alt text)",
  altTooLong: `Alt text must be at most ${PRODUCT_LIMITS.alt} characters`,
  videoUrlInvalid: "A video link must be an https address of an .mp4 or .webm file",
  mediaUnknown: "That picture is not one of this product's",
  mediaColourUnknown: "Choose one of this product's colours for the picture, or “Any colour”",
  tooManyMedia: `At most ${PRODUCT_LIMITS.media} pictures and videos`,
  imageType: "Only JPEG, PNG and WebP pictures can be uploaded (this file is not one of them)",
  imageEmpty: "The file is empty",
  imageTooLarge: "Each picture may be at most 5 MB",
  imageNone: "Choose one or more pictures to upload",
  tooManyImages: `Upload at most ${PRODUCT_LIMITS.imagesPerUpload} pictures at a time`,
  deleteRefused:
    "An order references this product, so it cannot be deleted. Archive it instead: it leaves the shop and the orders keep it.",
  confirmDelete: "Tick “Yes, delete this product” to delete it.",
  created: "Product created as a draft.",
  saved: "Product saved.",
  published: "Product published: shoppers can see it now.",
  unpublished: "Product unpublished: it is a draft again.",
  archived: "Product archived: it has left the shop.",
  restored: "Product restored as a draft.",
  deleted: "Product deleted.",
  imagesAdded: "Pictures added.",
  imageRemoved: "Picture removed.",
  noChange: "Nothing changed.",
  archivedReadOnly: "An archived product cannot be published. Restore it first.",
} as const;

/** A slug made from a name: lowercase a-z0-9, words joined by single hyphens. */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, PRODUCT_LIMITS.slug)
    .replace(/-+$/g, "");
}

/** The product's detail fields (docs/product/catalog.md, "The product page"), with their labels, in the form's order. */
export const PRODUCT_DETAILS = [
  ["fabric", "Fabric"],
  ["fitType", "Fit"],
  ["length", "Length"],
  ["sleeveNeckType", "Sleeve & neck"],
  ["patternPrint", "Pattern / print"],
  ["occasionType", "Occasion"],
  ["washCare", "Wash care"],
  ["countryOfOrigin", "Country of origin"],
  ["deliveryReturns", "Delivery & returns"],
] as const;
export type ProductDetailKey = (typeof PRODUCT_DETAILS)[number][0];
