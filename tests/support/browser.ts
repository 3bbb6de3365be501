import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const;

/**
 * One Chromium per test file (Debian's, at /usr/bin/chromium). Each test opens a fresh context;
 * any console error or failed page script fails the test, so broken hydration cannot hide.
 */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    baseUrl: inject("baseUrl"),
    async open(
      viewport: keyof typeof viewports,
      opts: { javaScriptEnabled?: boolean; cookies?: Parameters<BrowserContext["addCookies"]>[0] } = {},
    ) {
      const context = await browser.newContext({
        baseURL: inject("baseUrl"),
        viewport: viewports[viewport],
        javaScriptEnabled: opts.javaScriptEnabled ?? true,
      });
      if (opts.cookies) await context.addCookies(opts.cookies);
      contexts.push(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(e.message));
      return {
        page,
        errors,
        async close() {
          await context.close();
        },
      } satisfies { page: Page; errors: string[]; close(): Promise<void> };
    },
  };
}
