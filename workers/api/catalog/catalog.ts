import { Hono } from "hono";
import type { Product, Review } from "../../services/catalog/catalog";
import { listCategories, listProducts, listSubcategories } from "../../services/catalog/catalog";
import { getProductWithReviews } from "../../services/catalog/catalog-pages";
import { searchProducts } from "../../services/catalog/catalog-search";
import { paiseToRupees } from "../../services/catalog/pricing";
import { fitForProduct, measurementsFromQuery } from "../../services/catalog/size-finder";
import { averageRatingJson, reviewJson } from "../shopping/review-json";
import type { ApiEnv } from "../types";

/**
 * The API's Product JSON (docs/product/catalog.md): ids as `_id` strings, money in rupees at this edge only. Lists
 * carry the rating's average and count; one product also carries its newest reviews.
 */
export function productJson(p: Product, reviews?: Review[]) {
  return {
    _id: String(p.id),
    slug: p.slug,
    productName: p.name,
    description: p.description,
    brand: p.brand,
    category: { _id: String(p.category.id), name: p.category.name, slug: p.category.slug },
    subcategory: p.subcategoryId === null ? null : String(p.subcategoryId),
    media: p.media,
    colors: p.colors,
    sizes: p.sizes.map((z) => ({
      size: z.size,
      price: paiseToRupees(z.pricePaise),
      discountPrice: paiseToRupees(z.discountPricePaise ?? z.pricePaise),
      stock: z.stock,
    })),
    ...(reviews && { reviews: reviews.map(reviewJson) }),
    averageRating: averageRatingJson(p.rating.average),
    reviewCount: p.rating.count,
    metaTitle: p.meta.title,
    metaDescription: p.meta.description,
    metaKeywords: p.meta.keywords,
    details: p.details,
    paragraph1: p.paragraph1,
    paragraph2: p.paragraph2,
    createdAt: p.createdAt.toISOString(),
  };
}

export const catalogApi = new Hono<ApiEnv>()
  .get("/categories", async (c) => {
    const categories = await listCategories(c.var.ctx);
    return c.json({
      data: categories.map((k) => ({ _id: String(k.id), name: k.name, slug: k.slug, icon: k.icon, productCount: k.productCount })),
    });
  })
  .get("/subcategories", async (c) => {
    const subcategories = await listSubcategories(c.var.ctx, c.req.query());
    return c.json({
      data: subcategories.map((x) => ({ _id: String(x.id), category: String(x.categoryId), name: x.name, slug: x.slug })),
    });
  })
  .get("/products", async (c) => {
    const products = await listProducts(c.var.ctx, c.req.query());
    return c.json({ data: products.map((p) => productJson(p)) });
  })
  .get("/products/search", async (c) => {
    const { products } = await searchProducts(c.var.ctx, c.req.query());
    return c.json(products.map((p) => productJson(p)));
  })
  .get("/products/slug/:slug", async (c) => {
    // `?unit=&bust=&waist=&hip=`: which of its sizes fits those measurements (docs/product/size-finder.md).
    const measurements = measurementsFromQuery(c.req.query());
    const { product, reviews } = await getProductWithReviews(c.var.ctx, c.req.param("slug"));
    const json = productJson(product, reviews);
    return c.json(measurements ? { ...json, fit: fitForProduct(measurements, product.sizes) } : json);
  });
