import { Hono } from "hono";
import { addProductImages, removeProductMedia } from "../../services/back-office/catalog/admin-product-media";
import { createProduct, updateProduct } from "../../services/back-office/catalog/admin-product-save";
import {
  deleteProduct,
  type EditableProduct,
  listAdminProducts,
  productForEdit,
  STATE_ACTIONS,
  setProductState,
} from "../../services/back-office/catalog/admin-products";
import { paiseToRupees } from "../../services/catalog/pricing";
import { AppError } from "../../services/platform/errors";
import { readBody } from "../body";
import type { ApiEnv } from "../types";

/**
 * `/api/admin/products*`: the back office's products for tools and scripts, on
 * the services its pages use. Prices in rupees at this edge (the shared schema turns them into paise);
 * the gate in admin.ts has already answered 404 to anyone who is not staff.
 */
const NO_STORE = { "Cache-Control": "private, no-store" };

export function adminProductJson(p: EditableProduct) {
  const { sizes, ...rest } = p;
  return {
    ...rest,
    sizes: sizes.map((s) => ({
      id: s.id,
      size: s.size,
      price: paiseToRupees(s.pricePaise),
      discountPrice: s.discountPricePaise === null ? null : paiseToRupees(s.discountPricePaise),
      stock: s.stock,
    })),
  };
}

/** The request's files (field `images`, or `image`, or `file`) and the alt text, from a multipart form. */
async function uploadedFiles(req: Request): Promise<{ files: unknown[]; alt: unknown }> {
  if (!/^multipart\/form-data/i.test(req.headers.get("Content-Type") ?? "")) {
    throw new AppError(415, "Send the pictures as multipart/form-data (field images).");
  }
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw new AppError(400, "The form could not be read.");
  }
  return { files: [...form.getAll("images"), ...form.getAll("image"), ...form.getAll("file")], alt: form.get("alt") ?? undefined };
}

export const adminProductsApi = new Hono<ApiEnv>()
  .get("/admin/products", async (c) => {
    const list = await listAdminProducts(c.var.ctx, c.req.query());
    return c.json(
      {
        products: list.products.map(({ minPricePaise, maxPricePaise, ...p }) => ({
          ...p,
          minPrice: minPricePaise === null ? null : paiseToRupees(minPricePaise),
          maxPrice: maxPricePaise === null ? null : paiseToRupees(maxPricePaise),
        })),
        total: list.total,
        page: list.page,
        limit: list.limit,
        pages: list.pages,
        lowStockThreshold: list.lowStockThreshold,
      },
      200,
      NO_STORE,
    );
  })
  .post("/admin/products", async (c) => {
    const { id, message } = await createProduct(c.var.ctx, await readBody(c));
    const { product } = await productForEdit(c.var.ctx, id);
    return c.json({ message, product: adminProductJson(product) }, 201);
  })
  .get("/admin/products/:id", async (c) => {
    const { product, options } = await productForEdit(c.var.ctx, c.req.param("id"));
    return c.json({ product: adminProductJson(product), options }, 200, NO_STORE);
  })
  .put("/admin/products/:id", async (c) => {
    const res = await updateProduct(c.var.ctx, c.req.param("id"), await readBody(c));
    return c.json({ message: res.message, changed: res.changed, product: adminProductJson(res.product) });
  })
  .delete("/admin/products/:id", async (c) => c.json(await deleteProduct(c.var.ctx, c.req.param("id"))))
  .post("/admin/products/:id/images", async (c) => {
    const { files, alt } = await uploadedFiles(c.req.raw);
    const res = await addProductImages(c.var.ctx, c.req.param("id"), files, alt);
    return c.json({ message: res.message, images: res.added, product: adminProductJson(res.product) }, 201);
  })
  .delete("/admin/products/:id/media/:mediaId", async (c) =>
    c.json(await removeProductMedia(c.var.ctx, c.req.param("id"), c.req.param("mediaId"))),
  )
  // One plain path per action, not `:action{publish|...}`: Hono's one-regular-expression router
  // (workers/app.ts) cannot compile a pattern inside a parameter.
  .on(
    "POST",
    STATE_ACTIONS.map((action) => `/admin/products/:id/${action}`),
    async (c) => {
      const action = c.req.path.slice(c.req.path.lastIndexOf("/") + 1);
      const res = await setProductState(c.var.ctx, c.req.param("id"), action);
      return c.json({ message: res.message, changed: res.changed, product: adminProductJson(res.product) });
    },
  );
