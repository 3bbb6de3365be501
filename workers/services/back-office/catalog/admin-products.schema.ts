import { z } from "zod";
import { settings } from "../../content/settings";
import { rupeesToPaise } from "../../platform/rupees-input.rules";
import { PRODUCT_LIMITS as L, PRODUCT_MESSAGES as M, PRODUCT_DETAILS, slugFromName, VIDEO_URL_PATTERN } from "./admin-products.rules";

/**
 * The product's shared zod schemas: the API (JSON) and the product page's action
 * (its form, nested by `nestForm`) both parse with `productInputSchema`, so both refuse the same
 * input with the same message, keyed by the field's path ("sizes.1.discountPrice").
 *
 * Prices arrive in rupees (the API's and the form's unit) and leave as integer paise.
 */

const str = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" && Number.isFinite(v) ? String(v) : "");

/** A trimmed text of at most `max` characters; `required` says what to tell when it is blank. */
const text = (max: number, tooLong: string, required?: string) =>
  z
    .unknown()
    .optional()
    .transform(str)
    .pipe(required ? z.string().min(1, required).max(max, tooLong) : z.string().max(max, tooLong));

/** Rupees as typed ("1299", "1,299.50", "₹1299", 1299.5) to paise; blank gives null, anything else NaN. */
const typedRupees = (v: unknown) => rupeesToPaise(str(v).replace(/[₹,\s]/g, "")) as number | null;

const price = z
  .unknown()
  .optional()
  .transform((v, ctx) => {
    const paise = typedRupees(v);
    if (paise === null || Number.isNaN(paise) || paise <= 0) {
      ctx.addIssue({ code: "custom", message: M.priceInvalid });
      return z.NEVER;
    }
    if (paise > L.maxPricePaise) {
      ctx.addIssue({ code: "custom", message: M.priceTooHigh });
      return z.NEVER;
    }
    return paise;
  });

const discountPrice = z
  .unknown()
  .optional()
  .transform((v, ctx) => {
    const paise = typedRupees(v);
    if (paise === null) return null;
    if (Number.isNaN(paise) || paise <= 0) {
      ctx.addIssue({ code: "custom", message: M.discountInvalid });
      return z.NEVER;
    }
    return paise;
  });

const wholeNumber = (invalid: string, max: number, tooHigh: string) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      const s = str(v);
      const n = typeof v === "number" ? v : /^\d{1,9}$/.test(s) ? Number(s) : Number.NaN;
      if (!Number.isSafeInteger(n) || n < 0) {
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      if (n > max) {
        ctx.addIssue({ code: "custom", message: tooHigh });
        return z.NEVER;
      }
      return n;
    });

/** A row id sent back by a form or a client: a positive whole number, or absent. */
const optionalId = z
  .unknown()
  .optional()
  .transform((v, ctx) => {
    const s = str(v);
    if (s === "") return undefined;
    if (!/^[1-9]\d{0,14}$/.test(s)) {
      ctx.addIssue({ code: "custom", message: "Invalid id" });
      return z.NEVER;
    }
    return Number(s);
  });

const SIZE_CHART: readonly string[] = settings.catalogue.sizeOrder;

export const colourSchema = z.object({
  name: text(L.colourName, M.colourNameTooLong, M.colourNameRequired),
  hex: z
    .unknown()
    .optional()
    .transform((v) => str(v).toLowerCase())
    .pipe(z.string().regex(/^#[0-9a-f]{6}$/, M.colourHexInvalid)),
});

export const sizeSchema = z
  .object({
    size: z
      .unknown()
      .optional()
      .transform(str)
      .pipe(z.string().refine((s) => SIZE_CHART.includes(s), M.sizeInvalid)),
    price,
    discountPrice: discountPrice.optional().transform((v) => v ?? null),
    stock: wholeNumber(M.stockInvalid, L.maxStock, M.stockTooHigh),
    /** The stock the form showed: when sent, the save adds the difference (an order placed meanwhile keeps its take). */
    stockWas: z
      .unknown()
      .optional()
      .transform((v) => {
        const s = str(v);
        return /^\d{1,9}$/.test(s) ? Number(s) : undefined;
      }),
  })
  .superRefine((s, ctx) => {
    if (s.discountPrice !== null && s.discountPrice >= s.price) {
      ctx.addIssue({ code: "custom", path: ["discountPrice"], message: M.discountNotBelow });
    }
  });

export const mediaItemSchema = z
  .object({
    id: optionalId,
    type: z
      .unknown()
      .optional()
      .transform((v) => (str(v) === "video" ? "video" : "image"))
      .pipe(z.enum(["image", "video"])),
    url: z.unknown().optional().transform(str),
    alt: text(L.alt, M.altTooLong, M.altRequired),
    /** The colour the picture shows, one of the product's colours (checked with them below); blank for none. */
    color: z
      .unknown()
      .optional()
      .transform((v) => str(v) || null),
  })
  .superRefine((m, ctx) => {
    if (m.type === "video" && !VIDEO_URL_PATTERN.test(m.url)) ctx.addIssue({ code: "custom", path: ["url"], message: M.videoUrlInvalid });
    if (m.type === "image" && m.id === undefined) ctx.addIssue({ code: "custom", path: ["id"], message: M.mediaUnknown });
  });

export const list = (v: unknown): unknown[] => {
  if (Array.isArray(v)) return v;
  if (v && typeof v === "object") {
    // A form's rows arrive as { "0": {...}, "1": {...} }: in the order of their numbers.
    return Object.entries(v as Record<string, unknown>)
      .filter(([k]) => /^\d{1,3}$/.test(k))
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, row]) => row);
  }
  return [];
};
const blank = (v: unknown) => str(v) === "";
/** A spare row of the form: every field blank (the page drops the same rows, so errors keep their row numbers). */
export const isBlankSize = (s: Record<string, unknown>) => blank(s.size) && blank(s.price) && blank(s.discountPrice) && blank(s.stock);
export const isBlankColour = (c: Record<string, unknown>) => blank(c.name);
export const isBlankMedia = (m: Record<string, unknown>) => m.type === "video" && blank(m.url) && blank(m.id);
export const row = (v: unknown) => (v && typeof v === "object" ? (v as Record<string, unknown>) : {});

/** Runs even when a row's own checks failed, so every problem of the form shows at once. */
const ALWAYS = { when: () => true };

/**
 * Flags a row repeating an earlier row's `key` (a colour's name, a size), before the rows' own checks,
 * so the message shows with every other problem of the form at once.
 */
function flagRepeats(
  ctx: { addIssue: (issue: { code: "custom"; message: string; path: (string | number)[]; input: unknown }) => void },
  rows: readonly unknown[],
  key: string,
  message: string,
  norm: (v: unknown) => string,
): void {
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const k = norm(row(r)[key]);
    if (k === "") return;
    if (seen.has(k)) ctx.addIssue({ code: "custom", message, path: [i, key], input: r });
    seen.add(k);
  });
}

const detailsShape = Object.fromEntries(
  PRODUCT_DETAILS.map(([key]) => [
    key,
    text(L.detail, M.detailTooLong)
      .optional()
      .transform((v) => v ?? ""),
  ]),
) as unknown as Record<(typeof PRODUCT_DETAILS)[number][0], z.ZodType<string, unknown>>;

export const productInputSchema = z
  .object({
    name: z
      .unknown()
      .optional()
      .transform((v) => str(v).replace(/\s+/g, " "))
      .pipe(z.string().min(1, M.nameRequired).max(L.name, M.nameTooLong)),
    /** Blank: made from the name. */
    slug: z
      .unknown()
      .optional()
      .transform(str)
      .pipe(
        z
          .string()
          .max(L.slug, M.slugTooLong)
          .regex(/^$|^[a-z0-9]+(?:-[a-z0-9]+)*$/, M.slugInvalid),
      ),
    brand: text(L.brand, M.brandTooLong)
      .optional()
      .transform((v) => v || settings.brand.name),
    description: text(L.description, M.descriptionTooLong, M.descriptionRequired),
    paragraph1: text(L.paragraph, M.paragraphTooLong)
      .optional()
      .transform((v) => v ?? ""),
    paragraph2: text(L.paragraph, M.paragraphTooLong)
      .optional()
      .transform((v) => v ?? ""),
    categoryId: z
      .unknown()
      .optional()
      .transform((v, ctx) => {
        const s = str(v);
        if (!/^[1-9]\d{0,14}$/.test(s)) {
          ctx.addIssue({ code: "custom", message: M.categoryRequired });
          return z.NEVER;
        }
        return Number(s);
      }),
    subcategoryId: optionalId.transform((v) => v ?? null),
    details: z.preprocess(row, z.object(detailsShape)),
    meta: z.preprocess(
      row,
      z.object({
        title: text(L.metaTitle, M.metaTitleTooLong)
          .optional()
          .transform((v) => v ?? ""),
        description: text(L.metaDescription, M.metaDescriptionTooLong)
          .optional()
          .transform((v) => v ?? ""),
        keywords: text(L.metaKeywords, M.metaKeywordsTooLong)
          .optional()
          .transform((v) => v ?? ""),
      }),
    ),
    // Blank rows (the form's spare ones) are left out before the checks.
    colors: z.preprocess(
      (v) => list(v).filter((c) => !isBlankColour(row(c))),
      z
        .array(colourSchema)
        .min(1, M.colourRequired)
        .max(L.colours, M.tooManyColours)
        .superRefine((rows, ctx) => flagRepeats(ctx, rows, "name", M.colourDuplicate, (x) => str(x).toLowerCase()), ALWAYS),
    ),
    sizes: z.preprocess(
      (v) => list(v).filter((s) => !isBlankSize(row(s))),
      z
        .array(sizeSchema)
        .min(1, M.sizeRequired)
        .max(L.sizes, M.tooManySizes)
        .superRefine((rows, ctx) => flagRepeats(ctx, rows, "size", M.sizeDuplicate, str), ALWAYS),
    ),
    /** The full list of pictures and video links in order (the first is the cover); absent = unchanged. */
    media: z.preprocess(
      (v) => (v === undefined ? undefined : list(v).filter((m) => !isBlankMedia(row(m)))),
      z.array(mediaItemSchema).max(L.media, M.tooManyMedia).optional(),
    ),
  })
  .superRefine((p, ctx) => {
    // A picture's colour is one of the product's own, as the product spells it (the pages match it exactly).
    const colours = new Set(p.colors.map((c) => c.name));
    p.media?.forEach((m, i) => {
      if (m.color !== null && !colours.has(m.color))
        ctx.addIssue({ code: "custom", path: ["media", i, "color"], message: M.mediaColourUnknown });
    });
    // A name of symbols only makes no slug: one must be typed.
    if (p.slug === "" && slugFromName(p.name) === "") ctx.addIssue({ code: "custom", path: ["slug"], message: M.slugInvalid });
  })
  .transform((p) => ({ ...p, slug: p.slug === "" ? slugFromName(p.name) : p.slug }));

export type ProductInput = z.output<typeof productInputSchema>;

/**
 * A form's flat fields ("sizes.0.price", "details.fabric") as the nested object the schema reads.
 * Only plain text values; at most a few levels; indexes up to 999.
 */
export function nestForm(entries: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (typeof value !== "string" || key.length > 100) continue;
    const parts = key.split(".");
    if (parts.length > 3 || parts.some((p) => p === "" || p === "__proto__" || p === "constructor" || p === "prototype")) continue;
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (next && typeof next === "object") node = next as Record<string, unknown>;
      else {
        const child: Record<string, unknown> = {};
        node[part] = child;
        node = child;
      }
    }
    node[parts.at(-1)!] = value;
  }
  return out;
}

export const listQuerySchema = z.object({
  q: z
    .unknown()
    .optional()
    .transform((v) => str(v).slice(0, 100))
    .catch(""),
  category: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  state: z.enum(["all", "draft", "published", "archived", "low-stock"]).catch("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  limit: z.coerce.number().int().min(1).max(100).catch(25),
});
