import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { mayBeShared } from "../workers/edge-cache";
import { readCookie } from "../workers/services/cookies";
import { DeferredScriptsContext } from "./lib/deferred-scripts";
import { DEFERRED_SCRIPTS_BOOT } from "./lib/deferred-scripts.server";
import { type ShopStylesheet, STYLESHEET_COOKIE, StylesContext, stylesheetFile } from "./lib/inline-styles";
import { HtmlKeeperContext } from "./lib/kept-html";
import { keepHtml } from "./lib/kept-html.server";
import { NonceContext } from "./lib/nonce";
import shopCss from "./styles/shop.css?inline";
import shopCssHref from "./styles/shop.css?url";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let shellRendered = false;
  const { nonce } = loadContext;
  // A page only she can be served links the stylesheet her browser says it holds (see inline-styles.tsx).
  // Only a built file (the dev server serves the source as a module instead: there every page is inline).
  const href = shopCssHref.startsWith("/assets/") ? shopCssHref : "";
  const linked = href !== "" && !mayBeShared(request) && readCookie(request.headers, STYLESHEET_COOKIE) === stylesheetFile(href);
  const stylesheet: ShopStylesheet = { css: shopCss, href, linked };
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <StylesContext.Provider value={stylesheet}>
        <DeferredScriptsContext.Provider value={DEFERRED_SCRIPTS_BOOT}>
          <HtmlKeeperContext.Provider value={keepHtml}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </HtmlKeeperContext.Provider>
        </DeferredScriptsContext.Provider>
      </StylesContext.Provider>
    </NonceContext.Provider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1_000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell are reported by the router; later ones would go unseen otherwise.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  // Crawlers and no-JS shoppers get the whole document at once.
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The status as it stands now, as when every page streamed: an error React recovers from later
  // (a part the browser renders again) does not turn a page sent whole into a 500.
  const status = responseStatusCode;
  if (await settledAtOnce(body.allReady)) {
    const html = await new Response(body).arrayBuffer();
    return new Response(html, { headers: responseHeaders, status });
  }
  return new Response(body, { headers: responseHeaders, status });
}

/** Whether `allReady` settles before the next task: nothing in the page waits for data still on its way. */
function settledAtOnce(allReady: Promise<void>): Promise<boolean> {
  return Promise.race([
    allReady.then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(resolve, 0, false)),
  ]);
}
