import type { Page } from "playwright-core";

/**
 * Waits until React's hydration of the page has committed (entry.client.tsx marks `<html
 * data-hydrated>`), so clicks and typing reach React's handlers and none lands mid-hydration.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}
