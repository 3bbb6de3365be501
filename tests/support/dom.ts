import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { testChromium } from "./stack-context";

/**
 * Markup read as a browser reads it, for tests that check a page's structure (which element, which
 * attribute) from the HTML the Worker sent: a regex over the text breaks on attribute order, quoting
 * and whitespace, and can match across elements. The HTML is loaded into Debian's Chromium (its headless shell) with
 * JavaScript off and every request refused, so nothing runs and nothing is fetched; tests query it
 * with Playwright's locators. One Chromium per test file, started on first use.
 */
export function useDom() {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: testChromium, args: ["--no-sandbox", "--disable-gpu"] });
    context = await browser.newContext({ javaScriptEnabled: false });
    await context.route("**/*", (route) => route.abort());
  });
  afterAll(async () => {
    await browser?.close();
  });
  /** The document `html` parses to (the previous one is replaced). */
  return async function dom(html: string): Promise<Page> {
    page ??= await context!.newPage();
    await page.setContent(html, { waitUntil: "domcontentloaded" });
    return page;
  };
}

/** Each element's text as a person reads it: whitespace collapsed, ends trimmed. */
export const textsOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.map((el) => (el.textContent ?? "").replace(/\s+/g, " ").trim()));
