/**
 * The Categories page's words and the icon set: client-safe (no zod, no database),
 * so the page and the service say the same thing.
 */

/**
 * The icons a category tile may show: the storefront's own round category pictures (drawn by
 * db/seed/images.ts categoryIcon, served from R2 under /media/categories/).
 */
export const CATEGORY_ICONS = [
  { value: "/media/categories/kurtis.svg", label: "Kurti" },
  { value: "/media/categories/kurta-sets.svg", label: "Kurta set" },
  { value: "/media/categories/anarkali.svg", label: "Anarkali" },
  { value: "/media/categories/dresses.svg", label: "Dress" },
  { value: "/media/categories/sarees.svg", label: "Saree" },
  { value: "/media/categories/co-ord-sets.svg", label: "Co-ord set" },
  { value: "/media/categories/lehengas.svg", label: "Lehenga" },
] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number]["value"];

export const CATEGORY_NAME_MAX = 60;

export const CATEGORY_MESSAGES = {
  notFound: "No such category",
  subNotFound: "No such subcategory",
  nameRequired: "Enter the name",
  nameTooLong: `The name is at most ${CATEGORY_NAME_MAX} characters`,
  nameChars: "The name has characters that are not allowed",
  nameNoSlug: "The name needs at least one letter or digit",
  icon: "Choose one of the icons",
  direction: "Move up or down",
  nameTaken: "A category with that name already exists",
  subNameTaken: "That category already has a subcategory with that name",
  created: "Category created.",
  subCreated: "Subcategory created.",
  renamed: "Renamed.",
  sameName: "That is already its name.",
  iconSet: "Icon changed.",
  sameIcon: "That is already its icon.",
  moved: "Order of the home tiles changed.",
  notMoved: "It is already at that end.",
  deleted: "Deleted.",
  notEmpty: "It still has products: move or delete them first. Nothing was deleted.",
  subNotEmpty: "It still has products: move them to another subcategory first. Nothing was deleted.",
  reordered: "The order changed meanwhile; it is shown as it is now. Try again.",
} as const;
