import { describe, expect, it } from "vitest";
import { devTools } from "../../workers/dev-tools";

describe("development tools", () => {
  it.each([{ APP_ENV: "production" }, {}, { APP_ENV: "staging" }])(
    "do not exist outside development and test runs (%j): the mailbox and the media list answer 404 without reading anything",
    async (env) => {
      for (const path of ["/mailbox", "/mailbox.json?to=a@example.com", "/mailbox/1.html", "/media.json?prefix=profiles/"]) {
        const res = await devTools.request(path, {}, env);
        expect(res.status, path).toBe(404);
      }
    },
  );
});
