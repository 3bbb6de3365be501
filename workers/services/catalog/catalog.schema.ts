import { z } from "zod";
import { settings } from "../content/settings";

/** Ids in URLs are positive integers; anything else is a client error, not a lookup. */
export const idSchema = (label: string) =>
  z.coerce
    .number({ error: `Invalid ${label} id` })
    .int({ error: `Invalid ${label} id` })
    .positive({ error: `Invalid ${label} id` })
    .max(Number.MAX_SAFE_INTEGER, { error: `Invalid ${label} id` });

export const productSortSchema = z.enum(["newest", "price-asc", "price-desc"]);
export type ProductSort = z.infer<typeof productSortSchema>;

const facetSchema = (label: string) =>
  z
    .string()
    .trim()
    .max(40, { error: `Invalid ${label}` })
    .regex(/^[\p{L}\p{N} &'-]*$/u, { error: `Invalid ${label}` })
    .optional()
    .transform((v) => v || undefined);

const filterFields = {
  category: idSchema("category").optional(),
  subcategory: idSchema("subcategory").optional(),
  /** Only products with this size in stock. */
  size: facetSchema("size"),
  color: facetSchema("colour"),
  sort: productSortSchema.default("newest"),
};

export const productListQuerySchema = z.object({
  ...filterFields,
  limit: z.coerce.number().int().min(1).max(100).default(100),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

/** The listing page's URL: filters plus how many "See More" pages are shown. */
export const catalogPageQuerySchema = z.object({
  ...filterFields,
  page: z.coerce
    .number({ error: "Invalid page" })
    .int({ error: "Invalid page" })
    .min(1, { error: "Invalid page" })
    .max(50, { error: "Invalid page" })
    .default(1),
});
export type CatalogPageQuery = z.input<typeof catalogPageQuerySchema>;

export const subcategoryQuerySchema = z.object({ category: idSchema("category") });

export const slugSchema = z
  .string()
  .min(1, { error: "Invalid product slug" })
  .max(200, { error: "Invalid product slug" })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "Invalid product slug" });

export const searchQuerySchema = z.object({
  query: z
    .string({ error: "Please enter a search term" })
    .trim()
    .min(1, { error: "Please enter a search term" })
    .max(settings.catalogue.searchMaxQueryLength, {
      error: `Search terms can be at most ${settings.catalogue.searchMaxQueryLength} characters`,
    }),
  limit: z.coerce.number().int().min(1).max(100).default(48),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;
