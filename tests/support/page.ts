import type { Page, Route } from "playwright-core";

/**
 * Waits until React's hydration of the page has committed (entry.client.tsx marks `<html
 * data-hydrated>`), so clicks and typing reach React's handlers and none lands mid-hydration.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

/**
 * Waits until React has hydrated the element `selector` names (its DOM node carries React's fiber):
 * for a part hydrated after the page, such as a lazily loaded form, whose submit before then is the
 * plain form post of a page without JavaScript.
 */
export async function waitForReactOn(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((s) => {
    const el = document.querySelector(s);
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
  }, selector);
}

/**
 * Holds the page's next POST (not /api) until the returned `release` is called, so a test can look
 * at the page while the post is on its way.
 */
export async function holdNextPost(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  const matcher = (url: URL) => !url.pathname.startsWith("/api");
  const handler = async (route: Route) => {
    if (route.request().method() !== "POST") return route.fallback();
    await page.unroute(matcher, handler);
    await released;
    // The browser may have given up on it meanwhile (a navigation): nothing left to continue.
    await route.continue().catch(() => {});
  };
  await page.route(matcher, handler);
  return release;
}
