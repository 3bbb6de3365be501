import { describe, expect, it } from "vitest";
import { useInProcessApp } from "../support/in-process";

const app = useInProcessApp("catalog-api");
const get = (path: string) => app.request(path);

async function json<T>(path: string, status = 200): Promise<T> {
  const res = await get(path);
  expect(res.status, `${path} status`).toBe(status);
  expect(res.headers.get("content-type")).toContain("application/json");
  return (await res.json()) as T;
}

describe("GET /api/categories", () => {
  it("lists at least 6 categories, one of them empty", async () => {
    const { data } = await json<{ data: { _id: string; name: string; icon: string; productCount: number }[] }>("/api/categories");
    expect(data.length).toBeGreaterThanOrEqual(6);
    expect(data.map((c) => c.name)).toEqual(expect.arrayContaining(["Kurtis", "Dresses", "Anarkali", "Sarees", "Co-ord Sets"]));
    expect(data.filter((c) => c.productCount === 0)).toHaveLength(1);
    for (const c of data) expect(c.icon).toMatch(/^\/media\//);
  });
});

describe("GET /api/subcategories", () => {
  it("needs a well-formed category id", async () => {
    expect((await json<{ message: string }>("/api/subcategories", 400)).message).toBe("Invalid category id");
    await json("/api/subcategories?category=kurtis", 400);
  });
});

describe("the rest of /api", () => {
  it("answers unknown API paths with a JSON 404", async () => {
    expect(await json("/api/nothing-here", 404)).toEqual({ message: "Not found" });
  });

  it("sends security headers", async () => {
    const res = await get("/api/categories");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});
