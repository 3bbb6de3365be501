import { describe, expect, it } from "vitest";
import { useInProcessApp } from "../support/in-process";

const app = useInProcessApp("pincode-api");
const get = (path: string) => app.request(path);

describe("GET /api/pincode/:pin", () => {
  it("answers a known PIN from the embedded directory, cacheable for a day", async () => {
    const res = await get("/api/pincode/201001");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await res.json()).toEqual({ district: "Ghaziabad", state: "Uttar Pradesh" });
  });

  it("answers the corrected union territories", async () => {
    expect(await (await get("/api/pincode/194101")).json()).toEqual({ district: "Leh", state: "Ladakh" });
    expect(await (await get("/api/pincode/396210")).json()).toEqual({
      district: "Daman",
      state: "Dadra and Nagar Haveli and Daman and Diu",
    });
  });

  it("refuses a malformed PIN with a 400", async () => {
    const res = await get("/api/pincode/12ab56");
    expect(res.status).toBe(400);
    expect(res.headers.get("cache-control")).not.toBe("public, max-age=86400");
    expect(await res.json()).toMatchObject({ message: "PIN Code must be 6 digits" });
  });

  it("answers 404 for a PIN that is not in the directory", async () => {
    const res = await get("/api/pincode/999999");
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).not.toBe("public, max-age=86400");
    expect(await res.json()).toEqual({ message: "Invalid PIN Code." });
  });
});
