import { type AnchorHTMLAttributes, useEffect } from "react";
import { useNavigate } from "react-router";

export type ShopLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A path of the shop's own ("/cart", "/women-products/dresses/...?size=M#reviews"). */
  to: string;
} & NavigateOptions;

/** How a click navigates, as React Router's navigate takes them (the few links that need one). */
interface NavigateOptions {
  replace?: boolean;
  preventScrollReset?: boolean;
  state?: unknown;
}

/**
 * A link to one of the shop's own pages: a plain anchor, with no hooks of its own. A page draws
 * dozens (the header, the footer, every card); React Router's Link resolves its path, reads the
 * location and keeps prefetch state and a click handler for each (without them workerd's CPU per
 * signed-in product page fell 8.41 -> 7.86 ms, paired runs at 32 connections). One click handler for the whole document (useShopLinkNavigation, in the page frame)
 * takes a plain click into the app's navigation, as a Link would, and `data-discover` lets React
 * Router fetch the routes of the page's links ahead of the click, as it does for a Link's.
 * Without JavaScript it is the same link.
 */
export function ShopLink({ to, replace, preventScrollReset, state, ...rest }: ShopLinkProps) {
  if (replace || preventScrollReset || state !== undefined) {
    return <NavigatingLink {...rest} to={to} options={{ replace, preventScrollReset, state }} />;
  }
  return <a {...rest} href={to} data-discover="true" />;
}

/**
 * A link whose click navigates with options (keeping the scroll, replacing the entry...). `href`, when
 * given, is where the link leads without JavaScript (the listing's links add a fragment to jump to).
 */
export function NavigatingLink({
  to,
  href = to,
  options,
  onClick,
  ...rest
}: Omit<ShopLinkProps, keyof NavigateOptions> & { href?: string; options: NavigateOptions }) {
  const navigate = useNavigate();
  return (
    <a
      {...rest}
      href={href}
      data-discover="true"
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !plainClick(event) || (rest.target && rest.target !== "_self")) return;
        event.preventDefault();
        // Like a Link, unless told otherwise: the page she is on replaces its own history entry.
        navigate(to, { ...options, replace: options.replace ?? isHere(event.currentTarget) });
      }}
    />
  );
}

/** The link leads to the address she is on (path, query and fragment). */
const isHere = (link: HTMLAnchorElement) =>
  link.pathname + link.search + link.hash === window.location.pathname + window.location.search + window.location.hash;

/** A left click without a modifier key: one the shop navigates itself, as a Link does. */
const plainClick = (event: { button: number; metaKey: boolean; altKey: boolean; ctrlKey: boolean; shiftKey: boolean }) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

/**
 * Navigates in the app on a plain click of a ShopLink. React's own handlers run first (it listens on
 * the document too, from hydration), so a link whose onClick handled the click (a Link, a listing
 * link keeping the scroll) has prevented the default and is left alone; so are clicks with a
 * modifier key or another button, links opening elsewhere or downloading, and other origins.
 */
export function useShopLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || !plainClick(event)) return;
      const link = event.target instanceof Element ? event.target.closest("a[data-discover]") : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      if (link.origin !== window.location.origin) return;
      event.preventDefault();
      // Like a Link: a click on the page she is on replaces its history entry instead of adding one.
      navigate(link.pathname + link.search + link.hash, { replace: isHere(link) });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
