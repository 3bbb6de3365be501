import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import { settings } from "../workers/services/settings";
import type { Route } from "./+types/root";
import { PageShell } from "./components/page-shell";
import { NotFoundPage, StatusPage, TryAgainLink } from "./components/status-page";
import { ToastProvider } from "./components/toast/toast";
import { avatarUrl } from "./lib/avatar";
import { useNonce } from "./lib/nonce";
import "./styles/shop.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // Counts are placeholders until the cart issue fills them from the shopper's cart and wishlist.
  // `origin` builds canonical and Open Graph URLs. A signed-out request reads nothing here.
  const origin = new URL(request.url).origin;
  const user = await context.services.user();
  return {
    cartCount: 0,
    wishlistCount: 0,
    origin,
    year: new Date().getFullYear(),
    user: user && { name: user.name, avatar: avatarUrl(user.profileImage, origin) },
  };
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
        <Links />
      </head>
      <body>
        <ToastProvider>{children}</ToastProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** One frame for every page, so moving between the two layouts never remounts the header. */
export default function App() {
  const home = useMatches().some((m) => (m.handle as { homeLayout?: boolean } | undefined)?.homeLayout);
  return (
    <PageShell home={home}>
      <Outlet />
    </PageShell>
  );
}

export const meta: Route.MetaFunction = ({ error }) => {
  const { name, tagline } = settings.brand;
  if (!error) return [{ title: `${name} | ${tagline}` }, { name: "description", content: tagline }];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: `${notFound ? "Page not found" : "Something went wrong"} | ${name}` }];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <PageShell>
        <NotFoundPage />
      </PageShell>
    );
  }
  return (
    <PageShell>
      <StatusPage eyebrow="We are sorry" title="Something went wrong" actions={<TryAgainLink />}>
        <p>We could not load this page. Please try again in a moment.</p>
        {import.meta.env.DEV && error instanceof Error && <pre className="status-page__debug">{error.stack}</pre>}
      </StatusPage>
    </PageShell>
  );
}
