import type { Page, Route } from "playwright-core";
import { expect } from "vitest";

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
 * at the page while the post is on its way. With `carrying`, only a POST whose body holds that text:
 * another request the page happens to send first goes on its way.
 */
export async function holdNextPost(page: Page, carrying?: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  const matcher = (url: URL) => !url.pathname.startsWith("/api");
  const handler = async (route: Route) => {
    const request = route.request();
    if (request.method() !== "POST" || (carrying !== undefined && !(request.postData() ?? "").includes(carrying))) return route.fallback();
    await page.unroute(matcher, handler);
    await released;
    // The browser may have given up on it meanwhile (a navigation): nothing left to continue.
    await route.continue().catch(() => {});
  };
  await page.route(matcher, handler);
  return release;
}

/**
 * Holds every request for the page's JavaScript, as a slow connection would, until `release()`:
 * what a test does meanwhile is what a shopper does before the script has started (plain links,
 * forms and native controls only). Call it before `page.goto`.
 */
export async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, (route) => (released ? route.continue() : void held.push(route)));
  return {
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/**
 * A mid-range phone: the CPU slowed 4x (Chrome DevTools' "4x slowdown"). Pair it with the phone
 * viewport. Applies to this page until it closes.
 */
export async function slowCpu(page: Page, rate = 4): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}

/**
 * Opens `path` as a phone on a slow CPU would before its script has started, lets `act` type and tap
 * there, then lets the script in and waits until React has taken over the page. Open the page with
 * `{ hydrated: false }`.
 */
export async function actBeforeHydration(page: Page, path: string, act: () => Promise<void>): Promise<void> {
  await slowCpu(page);
  const scripts = await holdScripts(page);
  // Not the load event: a page with no picture to wait for asks for its scripts once it has painted,
  // and scripts asked for before the load event hold it back, so it would wait on the held scripts.
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await act();
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
  await scripts.release();
  await waitForHydration(page);
}
