import { describe, expect, it } from "vitest";
import { devTools } from "../../workers/dev-tools";

describe("development tools", () => {
  it("do not exist in production: the mailbox answers 404 without reading the outbox", async () => {
    for (const path of ["/mailbox", "/mailbox.json?to=a@example.com", "/mailbox/1.html"]) {
      const res = await devTools.request(path, {}, { APP_ENV: "production" });
      expect(res.status, path).toBe(404);
    }
  });
});
