import type { Page } from "playwright-core";

/** Waits until React has hydrated the page, so clicks and typing reach React's handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const el = document.querySelector("main");
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
  });
}
