import { expect } from "vitest";

/** A product as the catalogue API answers it (the API's own shape, prices in rupees). */
export interface ProductJson {
  _id: string;
  slug: string;
  productName: string;
  category: { _id: string; name: string };
  /** `color`: the colour the picture shows, or null for any colour. */
  media: { type: string; url: string; alt: string; width: number; height: number; color: string | null }[];
  colors: { name: string; hex: string }[];
  sizes: { size: string; price: number; discountPrice: number; stock: number }[];
  reviews?: { rating: number; name: string; createdAt: string }[];
  averageRating: number | null;
  reviewCount: number;
  details: Record<string, string>;
  metaTitle: string;
}

/** A category as `GET /api/categories` answers it. */
export interface CategoryJson {
  _id: string;
  name: string;
  productCount: number;
}

/** Reads a JSON answer through `get` (workerd over HTTP, or the app in this process), checking its status and type. */
export const jsonReader =
  (get: (path: string) => Promise<Response>) =>
  async <T>(path: string, status = 200): Promise<T> => {
    const res = await get(path);
    expect(res.status, `${path} status`).toBe(status);
    expect(res.headers.get("content-type")).toContain("application/json");
    return (await res.json()) as T;
  };
