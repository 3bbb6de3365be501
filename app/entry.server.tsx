import { isbot } from "isbot";
import { renderToReadableStream, renderToString } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { mayBeShared } from "../workers/edge-cache";
import { readCookie } from "../workers/services/platform/cookies";
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
  const page = (
    <NonceContext.Provider value={nonce}>
      <StylesContext.Provider value={stylesheet}>
        <DeferredScriptsContext.Provider value={DEFERRED_SCRIPTS_BOOT}>
          <HtmlKeeperContext.Provider value={keepHtml}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </HtmlKeeperContext.Provider>
        </DeferredScriptsContext.Provider>
      </StylesContext.Provider>
    </NonceContext.Provider>
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A page whose data is all at hand (every page but one with deferred data) is rendered to a string
  // in one synchronous pass: no stream, and the hydration data is not waited for chunk by chunk.
  if (await handOffAtOnce(routerContext)) {
    const html = renderToString(page);
    // A part that suspended anyway (a lazily loaded component's first use in this isolate) would be
    // left for the browser to render: such a page is rendered again as a stream, which waits for it.
    // (React's string renderer leaves out the doctype its stream writes before <html>.)
    if (!html.includes(CLIENT_RENDERED))
      return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
    // The first render took a reader of the (read) data stream, which locks it: the second gets a
    // stream of its own, never read either, since its component finds every chunk in its cache.
    routerContext.serverHandoffStream = new ReadableStream({ start: (controller) => controller.close() });
  }
  const body = await renderToReadableStream(page, {
    nonce,
    signal: AbortSignal.timeout(streamTimeout + 1_000),
    onError(error: unknown) {
      responseStatusCode = 500;
      // Errors before the shell are reported by the router; later ones would go unseen otherwise.
      if (shellRendered) console.error(error);
    },
  });
  shellRendered = true;
  // Crawlers and no-JS shoppers get the whole document at once.
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;
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

/** React's mark of a Suspense boundary it left for the browser to render (`<!--$!-->`). */
const CLIENT_RENDERED = "<!--$!-->";

type StreamCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;

/**
 * React Router's hydration data (a turbo-stream) is read chunk by chunk by a component that suspends
 * on every read. When no loader returned a promise, the stream is complete within a few microtasks:
 * it is read here instead, and the chunks are put where that component looks first (its cache, one
 * entry per read, the last one `done`), so the page renders without suspending. False (nothing read)
 * when a loader returned a promise; the page then streams as before. (A promise nested deeper in a
 * loader's data, which the shop has none of, would be waited for here, within React Router's own
 * time limit on the data, and the page sent whole once it settled.)
 */
async function handOffAtOnce(context: EntryContext): Promise<boolean> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta || hasDeferredData(context)) return false;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const cache: StreamCache = {};
  for (let i = 0; ; i++) {
    const { done, value } = await reader.read();
    cache[i] = { result: { done, value: decoder.decode(value, { stream: true }) } } as StreamCache[number];
    if (done) break;
  }
  reader.releaseLock();
  context.renderMeta.streamCache = cache;
  return true;
}

function hasDeferredData({ staticHandlerContext: { loaderData, actionData } }: EntryContext): boolean {
  const routesData = [...Object.values(loaderData ?? {}), ...Object.values(actionData ?? {})];
  return routesData.some((data) => data && typeof data === "object" && Object.values(data).some((value) => value instanceof Promise));
}
