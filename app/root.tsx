import { isRouteErrorResponse, Links, Meta, Outlet, ScrollRestoration, useMatches } from "react-router";
import { settings } from "../workers/services/content/settings";
import { DATABASE_UNAVAILABLE } from "../workers/services/platform/errors.rules";
import type { Route } from "./+types/root";
import { PageShell } from "./components/page-shell";
import { NotFoundPage, StatusPage, TryAgainLink } from "./components/status-page";
import { ToastProvider } from "./components/toast/toast";
import { DeferredScripts } from "./lib/deferred-scripts";
import { InlineStyles } from "./lib/inline-styles";
import { useNonce } from "./lib/nonce";
import { rootData } from "./lib/root-data.server";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader(args: Route.LoaderArgs) {
  return rootData(args);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#8A1C2B" />
        <Meta />
        <InlineStyles />
        <Links />
      </head>
      <body>
        <ToastProvider>{children}</ToastProvider>
        <ScrollRestoration nonce={nonce} />
        <DeferredScripts nonce={nonce} />
      </body>
    </html>
  );
}

/** One frame for every page, so moving between the two layouts never remounts the header. */
export default function App() {
  const home = useMatches().some((m) => handleOf(m).homeLayout);
  return (
    <PageShell home={home}>
      <Outlet />
    </PageShell>
  );
}

/** What a route may put in its `handle`; the root reads it from every match. */
interface RouteHandle {
  homeLayout?: boolean;
  /** This page's words for failing to load (as docs/product/ lists them): the error page's title. */
  failure?: string;
}

const handleOf = (match: { handle?: unknown }) => (match.handle ?? {}) as RouteHandle;

/** The page's own words for a 404 ("Product not found."), when it threw them as the error's data. */
const notFoundMessage = (error: unknown) =>
  isRouteErrorResponse(error) && error.status === 404 ? (typeof error.data === "string" ? error.data : "") : null;

export const meta: Route.MetaFunction = ({ error }) => {
  const { name, tagline } = settings.brand;
  if (!error) return [{ title: `${name} | ${tagline}` }, { name: "description", content: tagline }];
  const notFound = notFoundMessage(error);
  const title = notFound === null ? "Something went wrong" : notFound.replace(/\.$/, "") || "Page not found";
  return [{ title: `${title} | ${name}` }];
};

/** The `Retry-After` of a 503 (workers/outage.ts) reaches the browser; every other page sets its own headers. */
export const headers: Route.HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers();

/**
 * The one error page of every route, inside the header and footer (signed out when the root loader
 * could not read the session either). A 503 says the shop's records could not be reached; a page may
 * name its own failure in its `handle` (e.g. "Failed to load products").
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const failure = useMatches()
    .map((m) => handleOf(m).failure)
    .findLast(Boolean);
  const notFound = notFoundMessage(error);
  if (notFound !== null) {
    return (
      <PageShell>
        <NotFoundPage message={notFound || undefined} />
      </PageShell>
    );
  }
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  return (
    <PageShell>
      <StatusPage eyebrow="We are sorry" title={failure ?? "Something went wrong"} actions={<TryAgainLink />}>
        <p>{unavailable ? DATABASE_UNAVAILABLE : "We could not load this page. Please try again in a moment."}</p>
        {import.meta.env.DEV && error instanceof Error && <pre className="status-page__debug">{error.stack}</pre>}
      </StatusPage>
    </PageShell>
  );
}
