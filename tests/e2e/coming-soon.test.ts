import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { settings } from "../../workers/services/content/settings";
import { seriousAxeViolations } from "../support/axe";
import { useBrowser, type viewports } from "../support/browser";

const browser = useBrowser();

/** Each countdown unit's label and the number shown above it. */
async function countdown(page: Page) {
  return page
    .getByRole("timer")
    .locator(".countdown__unit")
    .evaluateAll((units) =>
      units.map((unit) => ({
        label: unit.querySelector(".countdown__label")?.textContent,
        value: unit.querySelector(".countdown__value")?.textContent,
      })),
    );
}

/** Once the launch has come, no clock of zeros: the shop says it is open, with a link to the collection. */
async function saysOpen(page: Page) {
  expect(await page.getByRole("timer").count()).toBe(0);
  const status = page.locator("main .countdown");
  expect(await status.textContent()).toBe("We’re open — browse the collection");
  expect(await status.getByRole("link", { name: "browse the collection" }).getAttribute("href")).toBe("/all-products");
}

describe.each(["phone"] as (keyof typeof viewports)[])("coming soon (%s)", (viewport) => {
  it("says the shop is open once the launch date has passed, instead of a clock stopped at zero", async () => {
    expect(Date.parse(settings.launchDate)).toBeLessThan(Date.now());
    const { page, close } = await browser.open(viewport);
    try {
      await page.clock.install();
      const res = await page.goto("/coming-soon");
      expect(res?.status()).toBe(200);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Coming Soon");
      // The launch date setting (1 September 2025, IST) has passed.
      await saysOpen(page);
      await page.clock.runFor(1_500);
      await saysOpen(page);

      const social = await page
        .locator("main .coming-soon__social-links a")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(social).toEqual(settings.social.map((s) => s.href));

      const video = page.locator("main video");
      expect(await video.evaluate((v: HTMLVideoElement) => ({ muted: v.muted, loop: v.loop, playsInline: v.playsInline }))).toEqual({
        muted: true,
        loop: true,
        playsInline: true,
      });
      expect(await video.getAttribute("aria-hidden")).toBe("true");

      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("coming soon before the launch", () => {
  it("ticks every second in the browser, then says the shop is open", async () => {
    const launch = Date.parse(settings.launchDate);
    const { page, close } = await browser.open("phone");
    try {
      // Only the browser's clock is moved to before the launch, once the first page has hydrated
      // (the footer's year would not match the server's otherwise). The countdown then arrives by
      // a client-side navigation, at zero from the server, and takes over from the browser's clock.
      const left = ((1 * 24 + 2) * 60 + 3) * 60_000 + 4_000; // 1 day, 2 hours, 3 minutes, 4 seconds
      await page.goto("/all-products");
      await page.getByRole("button", { name: "Apply" }).waitFor({ state: "detached" });
      await page.clock.install({ time: launch - left - 30_000 });
      await page.evaluate(() => {
        history.pushState(null, "", "/coming-soon");
        dispatchEvent(new PopStateEvent("popstate"));
      });
      await page.getByRole("timer").waitFor();
      expect(await page.getByRole("timer").getAttribute("aria-live")).toBe("off");
      await page.clock.pauseAt(launch - left);
      const values = async () => (await countdown(page)).map((unit) => unit.value);
      await expect.poll(values).toEqual(["01", "02", "03", "04"]);
      await page.clock.runFor(3_000);
      expect(await values()).toEqual(["01", "02", "03", "01"]);
      await page.clock.fastForward(left - 3_000 - 5_000);
      await page.clock.runFor(3_000);
      expect(await values()).toEqual(["00", "00", "00", "02"]);
      await page.clock.runFor(10_000);
      await saysOpen(page);
    } finally {
      await close();
    }
  });
});

describe("coming soon without JavaScript", () => {
  it("says on the server that the shop is open", async () => {
    const { page, close } = await browser.open("phone", { javaScriptEnabled: false });
    try {
      await page.goto("/coming-soon");
      await saysOpen(page);
      expect(await page.locator("main video").getAttribute("muted")).not.toBeNull();
    } finally {
      await close();
    }
  });
});
