import { Hono } from "hono";
import {
  createCategory,
  createSubcategory,
  deleteCategory,
  deleteSubcategory,
  listAdminCategories,
  moveCategory,
  renameCategory,
  renameSubcategory,
  setCategoryIcon,
} from "../../services/back-office/catalog/admin-categories";
import { CATEGORY_ICONS } from "../../services/back-office/catalog/admin-categories.rules";
import { readBody } from "../body";
import type { ApiEnv } from "../types";

/**
 * `/api/admin/categories*`: the Categories page's services for tools and scripts,
 * behind the staff gate of admin.ts. Every change answers `{ changed, message, id }`.
 *
 * - GET    /admin/categories                      -> { categories: [{ id, name, slug, icon, position, productCount, publishedCount, subcategories }], icons }
 * - POST   /admin/categories { name, icon }        -> 201 (a new category, last of the home tiles)
 * - PUT    /admin/categories/:id { name?, icon? }  (rename and/or set the icon)
 * - POST   /admin/categories/:id/move { direction: "up" | "down" }
 * - DELETE /admin/categories/:id                   (only when it has no products; else 409)
 * - POST   /admin/categories/:id/subcategories { name } -> 201
 * - PUT    /admin/subcategories/:id { name }
 * - DELETE /admin/subcategories/:id                (only when it has no products; else 409)
 */
const NO_STORE = { "Cache-Control": "private, no-store" };

export const adminCategoriesApi = new Hono<ApiEnv>()
  .get("/admin/categories", async (c) => c.json({ ...(await listAdminCategories(c.var.ctx)), icons: CATEGORY_ICONS }, 200, NO_STORE))
  .post("/admin/categories", async (c) => c.json(await createCategory(c.var.ctx, await readBody(c)), 201))
  .put("/admin/categories/:id", async (c) => {
    const body = await readBody(c);
    const id = c.req.param("id");
    let res = null;
    if (body.name !== undefined) res = await renameCategory(c.var.ctx, id, body);
    if (body.icon !== undefined) {
      const icon = await setCategoryIcon(c.var.ctx, id, body);
      res = res
        ? { ...icon, changed: res.changed || icon.changed, message: res.changed ? `${res.message} ${icon.message}` : icon.message }
        : icon;
    }
    // Neither field: the rename's own message says what is missing.
    return c.json(res ?? (await renameCategory(c.var.ctx, id, body)));
  })
  .post("/admin/categories/:id/move", async (c) => c.json(await moveCategory(c.var.ctx, c.req.param("id"), await readBody(c))))
  .delete("/admin/categories/:id", async (c) => c.json(await deleteCategory(c.var.ctx, c.req.param("id"))))
  .post("/admin/categories/:id/subcategories", async (c) =>
    c.json(await createSubcategory(c.var.ctx, c.req.param("id"), await readBody(c)), 201),
  )
  .put("/admin/subcategories/:id", async (c) => c.json(await renameSubcategory(c.var.ctx, c.req.param("id"), await readBody(c))))
  .delete("/admin/subcategories/:id", async (c) => c.json(await deleteSubcategory(c.var.ctx, c.req.param("id"))));
