import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject, it } from "vitest";
import { waitForHydration } from "./page";
import { testChromium } from "./stack-context";

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const;

/** A laptop screen, where a shopper met defects the larger desktop hides (a short viewport). */
export const laptop = { width: 1280, height: 800 } as const;

export type Viewport = keyof typeof viewports | { width: number; height: number };

/**
 * Inside a `describe.each` over both widths: `onPhone(viewport)` instead of `it` for a test whose
 * subject does not change with the width (a flow, a message, what the server stored). It is defined
 * at the phone's width only, where shoppers are, and not run twice; tests about layout (header and
 * menu, sticky bars, tables, grids, dialogs, overflow) keep `it` and run at both widths. A block
 * none of whose tests depends on the width lists only the phone (vitest refuses a block left empty).
 */
export function onPhone(viewport: keyof typeof viewports): typeof it {
  return viewport === "phone" ? it : ((() => {}) as unknown as typeof it);
}

export interface OpenOptions {
  javaScriptEnabled?: boolean;
  cookies?: Parameters<BrowserContext["addCookies"]>[0];
  /**
   * HTTP statuses this test expects some request to answer (a refused form's 400, the "sign in
   * first" 401, an unknown PIN's 404). Any other status of 400 or more still fails the test.
   */
  expectStatuses?: number[];
  /** Requests this test makes fail on purpose (`page.route(..., (r) => r.abort())`). */
  expectFailedRequests?: RegExp;
  /**
   * With JavaScript on, `page.goto` to a page returns once React has hydrated it, so clicks and
   * typing reach React's handlers (the scripts load after the first paint: deferred-scripts.tsx);
   * before that a click is a plain link or form, which every flow also survives. `false` for tests
   * of what happens before hydration.
   */
  hydrated?: boolean;
}

/**
 * One Chromium per test file (Debian's headless shell: `testChromium`). Each test opens a fresh context. After
 * every test, anything that went wrong in a page it opened fails it: a console error, an uncaught
 * page error, a request that failed, a response of 400 or more to a request the page made (a 4xx
 * document a test navigates to is its own to check) or any 5xx, unless the test expected that status.
 */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let problems: string[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: testChromium,
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
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    const found = problems;
    problems = [];
    if (found.length) throw new Error(`The page had problems:\n${found.join("\n")}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  function watch(page: Page, { expectStatuses = [], expectFailedRequests, javaScriptEnabled }: OpenOptions) {
    page.on("console", (m) => {
      // Chromium logs every failed load; the request listeners below report them with their URL.
      if (m.type() === "error" && !m.text().startsWith("Failed to load resource:")) problems.push(`console: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("requestfailed", (request) => {
      const failure = request.failure()?.errorText ?? "failed";
      // A navigation or a newer fetch cancelling an older one is the browser's choice, not a fault,
      // and so is a browser with JavaScript off refusing the page's scripts.
      if (failure === "net::ERR_ABORTED" || expectFailedRequests?.test(request.url())) return;
      if (javaScriptEnabled === false && request.resourceType() === "script") return;
      problems.push(`request failed: ${request.method()} ${request.url()} ${failure}`);
    });
    page.on("response", (response) => {
      const request = response.request();
      if (response.status() < 400 || expectStatuses.includes(response.status())) return;
      const document = request.isNavigationRequest() && request.frame() === page.mainFrame();
      if (document && response.status() < 500) return;
      problems.push(`HTTP ${response.status()}: ${request.method()} ${response.url()}`);
    });
  }

  return {
    baseUrl: inject("baseUrl"),
    /** A fresh context at one of `viewports` by name, or at any size (`laptop`). */
    async open(viewport: Viewport, opts: OpenOptions = {}) {
      const context = await browser.newContext({
        baseURL: inject("baseUrl"),
        viewport: typeof viewport === "string" ? viewports[viewport] : viewport,
        javaScriptEnabled: opts.javaScriptEnabled ?? true,
      });
      if (opts.cookies) await context.addCookies(opts.cookies);
      contexts.push(context);
      const page = await context.newPage();
      watch(page, opts);
      if (opts.javaScriptEnabled !== false && opts.hydrated !== false) {
        const goto = page.goto.bind(page);
        page.goto = async (url, options) => {
          const response = await goto(url, options);
          if (response?.headers()["content-type"]?.startsWith("text/html")) await waitForHydration(page);
          return response;
        };
      }
      return {
        page,
        async close() {
          await context.close();
        },
      } satisfies { page: Page; close(): Promise<void> };
    },
  };
}
