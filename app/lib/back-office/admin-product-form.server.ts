import { data, redirect } from "react-router";
import { addProductImages, chosenFiles } from "../../../workers/services/back-office/catalog/admin-product-media";
import { createProduct, updateProduct } from "../../../workers/services/back-office/catalog/admin-product-save";
import {
  deleteProduct,
  type EditableProduct,
  STATE_ACTIONS,
  setProductState,
} from "../../../workers/services/back-office/catalog/admin-products";
import { PRODUCT_MESSAGES } from "../../../workers/services/back-office/catalog/admin-products.rules";
import {
  isBlankColour,
  isBlankMedia,
  isBlankSize,
  list,
  nestForm,
  row,
} from "../../../workers/services/back-office/catalog/admin-products.schema";
import { formatRupees } from "../../../workers/services/catalog/pricing";
import type { ServiceContext } from "../../../workers/services/platform/context";
import { AppError } from "../../../workers/services/platform/errors";
import type { FormMedia, ProductFormProblem, ProductFormValues } from "../../components/admin/product-form";
import { staffAction } from "./admin.server";

/**
 * The product pages' action: the form's fields nested as the shared schema reads them,
 * spare rows left out (so a refused field keeps its row number when the form comes back), the
 * no-JavaScript buttons applied (move a picture, remove one, add rows), then the same services as
 * the API. Post/Redirect/Get with a notice; a refused form comes back with every field's message.
 */

const text = (v: unknown) => (typeof v === "string" ? v : "");

export function productValues(p: EditableProduct): ProductFormValues {
  return {
    name: p.name,
    slug: p.slug,
    brand: p.brand,
    description: p.description,
    paragraph1: p.paragraph1,
    paragraph2: p.paragraph2,
    categoryId: String(p.categoryId),
    subcategoryId: p.subcategoryId === null ? "" : String(p.subcategoryId),
    details: { ...p.details },
    meta: { ...p.meta },
    colors: p.colors.map((c) => ({ ...c })),
    sizes: p.sizes.map((s) => ({
      size: s.size,
      price: formatRupees(s.pricePaise, { symbol: false }),
      discountPrice: formatRupees(s.discountPricePaise, { symbol: false }),
      stock: String(s.stock),
      stockWas: String(s.stock),
    })),
    media: p.media.map((m) => ({
      id: String(m.id),
      type: m.type,
      url: m.url,
      alt: m.alt,
      color: m.color ?? "",
      width: m.width,
      height: m.height,
    })),
  };
}

export const emptyValues = (): ProductFormValues => ({
  name: "",
  slug: "",
  brand: "",
  description: "",
  paragraph1: "",
  paragraph2: "",
  categoryId: "",
  subcategoryId: "",
  details: { countryOfOrigin: "India" },
  meta: { title: "", description: "", keywords: "" },
  colors: [],
  sizes: [],
  media: [],
});

/** The posted form as the schema's input and as the values the form shows again. */
function postedProduct(form: FormData, intent: string) {
  const nested = nestForm(form.entries());
  const colors = list(nested.colors)
    .map(row)
    .filter((c) => !isBlankColour(c));
  const sizes = list(nested.sizes)
    .map(row)
    .filter((s) => !isBlankSize(s));
  let media = list(nested.media)
    .map(row)
    .filter((m) => !isBlankMedia(m));
  const moving = /^move:(\d{1,3}):(up|down)$/.exec(intent);
  if (moving) {
    const from = Number(moving[1]);
    const to = moving[2] === "up" ? from - 1 : from + 1;
    if (from < media.length && to >= 0 && to < media.length) {
      const [item] = media.splice(from, 1);
      media.splice(to, 0, item!);
    }
  }
  const removing = /^remove-media:(\d{1,3})$/.exec(intent);
  if (removing) media = media.filter((_, i) => i !== Number(removing[1]));
  const newVideo = text(nested.newVideo).trim();
  if (newVideo) media.push({ id: "", type: "video", url: newVideo, alt: text(nested.name).trim(), color: "" });
  const input = { ...nested, colors, sizes, media };
  const details = row(nested.details);
  const meta = row(nested.meta);
  const values: ProductFormValues = {
    name: text(nested.name),
    slug: text(nested.slug),
    brand: text(nested.brand),
    description: text(nested.description),
    paragraph1: text(nested.paragraph1),
    paragraph2: text(nested.paragraph2),
    categoryId: text(nested.categoryId),
    subcategoryId: text(nested.subcategoryId),
    details: Object.fromEntries(Object.entries(details).map(([k, v]) => [k, text(v)])),
    meta: { title: text(meta.title), description: text(meta.description), keywords: text(meta.keywords) },
    colors: colors.map((c) => ({ name: text(c.name), hex: text(c.hex) || "#000000" })),
    sizes: sizes.map((s) => ({
      size: text(s.size),
      price: text(s.price),
      discountPrice: text(s.discountPrice),
      stock: text(s.stock),
      stockWas: text(s.stockWas),
    })),
    media: media.map(
      (m): FormMedia => ({
        id: text(m.id),
        type: m.type === "video" ? "video" : "image",
        url: text(m.url),
        alt: text(m.alt),
        color: text(m.color),
      }),
    ),
  };
  return { input, values };
}

export interface ProductActionData {
  values?: ProductFormValues;
  problem: ProductFormProblem | null;
  extraRows?: number;
  /** Which form the problem belongs to: the editor, or a state button (publish, delete...). */
  form: "product" | "state";
}

const refused = (error: unknown, values?: ProductFormValues, prefix = "") => {
  if (error instanceof AppError && error.status !== 404) {
    const fields = (error.details?.fields as Record<string, string> | undefined) ?? undefined;
    return data<ProductActionData>(
      { values, problem: { message: `${prefix}${error.message}`, fields }, form: values ? "product" : "state" },
      { status: error.status },
    );
  }
  if (error instanceof AppError) throw data(null, { status: 404 });
  throw error;
};

/** The new-product page's action: a draft, then its pictures; to its own page. */
export async function createAction(request: Request, ctx: ServiceContext) {
  await staffAction(ctx);
  const form = await readProductForm(request);
  const intent = text(form.get("intent")) || "save";
  const { input, values } = postedProduct(form, intent);
  if (intent !== "save") return data<ProductActionData>({ values, problem: null, extraRows: extraRowsOf(form), form: "product" });
  let id: number;
  try {
    ({ id } = await createProduct(ctx, input));
  } catch (error) {
    return refused(error, values);
  }
  const files = chosenFiles(form.getAll("images"));
  if (files.length) {
    try {
      await addProductImages(ctx, id, files);
    } catch (error) {
      if (error instanceof AppError && error.status !== 404) throw redirect(`/admin/products/${id}?done=created-no-images`);
      throw error;
    }
  }
  throw redirect(`/admin/products/${id}?done=created`);
}

function extraRowsOf(form: FormData): number {
  const n = Number(form.get("extraRows") ?? 0);
  return (Number.isSafeInteger(n) && n >= 0 ? Math.min(n, 20) : 0) + 3;
}

async function readProductForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data<ProductActionData>(
      { problem: { message: "The form could not be read. Please try again." }, form: "state" },
      { status: 400 },
    );
  }
}

/** The product page's action: save (with the no-JS moves), pictures, publish / unpublish / archive / restore, delete. */
export async function editAction(request: Request, ctx: ServiceContext, id: string) {
  await staffAction(ctx);
  const form = await readProductForm(request);
  const intent = text(form.get("intent")) || "save";
  if ((STATE_ACTIONS as readonly string[]).includes(intent)) {
    try {
      const res = await setProductState(ctx, id, intent);
      throw redirect(`/admin/products/${res.id}?done=${res.changed ? intent : "unchanged"}`);
    } catch (error) {
      if (error instanceof Response) throw error;
      return refused(error);
    }
  }
  if (intent === "delete") {
    if (form.get("confirmDelete") !== "yes") {
      return data<ProductActionData>(
        { problem: { message: PRODUCT_MESSAGES.confirmDelete, fields: { confirmDelete: PRODUCT_MESSAGES.confirmDelete } }, form: "state" },
        { status: 400 },
      );
    }
    try {
      await deleteProduct(ctx, id);
    } catch (error) {
      return refused(error);
    }
    throw redirect("/admin/products?done=deleted");
  }
  const { input, values } = postedProduct(form, intent);
  if (intent === "more-rows") return data<ProductActionData>({ values, problem: null, extraRows: extraRowsOf(form), form: "product" });
  let saved: Awaited<ReturnType<typeof updateProduct>>;
  try {
    saved = await updateProduct(ctx, id, input);
  } catch (error) {
    return refused(error, values);
  }
  let changed = saved.changed;
  const files = chosenFiles(form.getAll("images"));
  if (files.length) {
    try {
      await addProductImages(ctx, id, files);
      changed = true;
    } catch (error) {
      // The rest was saved: the form shows the product as it is now (its stock figures included).
      return changed ? refused(error, productValues(saved.product), "Saved, but the pictures were refused: ") : refused(error, values);
    }
  }
  throw redirect(`/admin/products/${id}?done=${changed ? "saved" : "unchanged"}`);
}
