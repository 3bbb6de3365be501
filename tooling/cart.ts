import { createClient } from "@libsql/client";

/**
 * Cart helpers for the Worker and browser tests: a real product of the seeded catalogue, and a
 * size's stock set for a test and put back afterwards (the test files share one database).
 */
export interface ApiProduct {
  _id: string;
  slug: string;
  productName: string;
  category: { name: string };
  colors: { name: string }[];
  sizes: { size: string; price: number; discountPrice: number; stock: number }[];
}

/** In-stock products with at least two in-stock sizes and a colour, newest first. */
export async function buyableProducts(base: string): Promise<ApiProduct[]> {
  const res = await fetch(new URL("/api/products?limit=100", base));
  if (!res.ok) throw new Error(`GET /api/products answered ${res.status}`);
  const { data } = (await res.json()) as { data: ApiProduct[] };
  return data.filter((p) => p.colors.length > 0 && p.sizes.filter((z) => z.stock > 0).length >= 2);
}

/** Sets the stock of `size` of product `productId`; the returned function puts the old figure back. */
export async function setStock(dbUrl: string, productId: string | number, size: string, stock: number): Promise<() => Promise<void>> {
  const db = createClient({ url: dbUrl });
  try {
    const old = await db.execute({
      sql: "SELECT stock FROM product_sizes WHERE product_id = ? AND size = ?",
      args: [Number(productId), size],
    });
    const before = old.rows[0]?.stock;
    if (before === undefined) throw new Error(`product ${productId} has no size ${size}`);
    await db.execute({
      sql: "UPDATE product_sizes SET stock = ? WHERE product_id = ? AND size = ?",
      args: [stock, Number(productId), size],
    });
    return async () => {
      const again = createClient({ url: dbUrl });
      try {
        await again.execute({
          sql: "UPDATE product_sizes SET stock = ? WHERE product_id = ? AND size = ?",
          args: [before, Number(productId), size],
        });
      } finally {
        again.close();
      }
    };
  } finally {
    db.close();
  }
}

export interface ApiCartItem {
  _id: string;
  product: string;
  productName: string;
  image: string;
  color: string;
  size: string;
  quantity: number;
  price: number;
  discountPrice: number;
  stock: number;
  problem: string | null;
}

/** One cart API call with a bearer token; answers the status and the parsed body. */
export async function cartCall(base: string, token: string | null, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(new URL(path, base), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as { message?: string; items?: ApiCartItem[]; cart?: { items: ApiCartItem[] } };
  return { status: res.status, json, items: json.items ?? json.cart?.items };
}

/** Two cart lines and a wishlist entry, so signed-in pages render what a real shopper's do. */
export async function fillBasket(base: string, token: string): Promise<void> {
  const [a, b] = await buyableProducts(base);
  if (!a || !b) throw new Error("fewer than two buyable products: is the database seeded?");
  const line = (p: ApiProduct) => ({ product: p._id, size: p.sizes.find((z) => z.stock > 0)!.size, color: p.colors[0]!.name, quantity: 1 });
  const cart = await cartCall(base, token, "POST", "/api/cart", { items: [line(a), line(b)] });
  const wish = await fetch(new URL("/api/wishlist", base), {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ productId: a._id }),
  });
  if (cart.status !== 200 || !wish.ok) throw new Error(`filling a test shopper's cart answered ${cart.status}, wishlist ${wish.status}`);
}
