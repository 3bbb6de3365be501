import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { settings } from "../../workers/services/content/settings";
import { useDisclosure } from "../lib/hooks/use-disclosure";
import { useShopperCounts } from "../lib/shopper-counts";
import { HeaderSearch } from "./header-search";
import { BagIcon, BrandMark, CloseIcon, HeartIcon, MenuIcon } from "./icons";
import { ShopLink } from "./shop-link";
import { UserMenu } from "./user-menu";

const NAV = [
  { to: "/", label: "Home" },
  { to: "/all-products", label: "Products" },
  { to: "/about-us", label: "About Us" },
  { to: "/manufacturing", label: "Manufacturing" },
];

/** The main pages; the one she is on is marked for assistive technology (and styled by it). */
function NavLinks({ pathname }: { pathname: string }) {
  const here = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return (
    <ul className="nav-links">
      {NAV.map(({ to, label }) => (
        <li key={to}>
          <ShopLink to={to} aria-current={to === here ? "page" : undefined}>
            {label}
          </ShopLink>
        </li>
      ))}
    </ul>
  );
}

function CountLink({ to, label, count, children }: { to: string; label: string; count: number; children: React.ReactNode }) {
  return (
    <ShopLink to={to} className="icon-button" aria-label={count > 0 ? `${label}, ${count} ${count === 1 ? "item" : "items"}` : label}>
      {children}
      {count > 0 && (
        <span className="count-badge" aria-hidden="true">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </ShopLink>
  );
}

/**
 * The shop's top bar. Over the home hero (`overlay`) it is transparent until the shopper scrolls
 * past settings.timing.topBarSolidAfterPx; before hydration it stays solid so it is always readable.
 */
export function Header({ overlay = false }: { overlay?: boolean }) {
  const counts = useShopperCounts();
  const { pathname } = useLocation();
  const menu = useDisclosure<HTMLDetailsElement>();
  const [scrolled, setScrolled] = useState<boolean | null>(null);

  useEffect(() => {
    if (!overlay) return;
    const onScroll = () => setScrolled(window.scrollY > settings.timing.topBarSolidAfterPx);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [overlay]);

  const { setOpen: setMenuOpen } = menu;
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger: the menu closes on every navigation.
  useEffect(() => setMenuOpen(false), [pathname, setMenuOpen]);

  const clear = overlay && scrolled === false;
  const className = ["site-header", overlay && "site-header--overlay", clear && "is-clear"].filter(Boolean).join(" ");

  return (
    <header className={className}>
      <div className="site-header__bar container">
        <details ref={menu.ref} className="header-menu" open={menu.open} onToggle={(event) => menu.setOpen(event.currentTarget.open)}>
          <summary className="icon-button" aria-label="Menu">
            {menu.open ? <CloseIcon /> : <MenuIcon />}
          </summary>
          <nav className="header-panel header-menu__panel" aria-label="Main">
            <NavLinks pathname={pathname} />
          </nav>
        </details>

        <ShopLink to="/" className="wordmark">
          <BrandMark />
          <span>{settings.brand.name}</span>
        </ShopLink>

        <nav className="header-nav" aria-label="Main">
          <NavLinks pathname={pathname} />
        </nav>

        <div className="header-actions">
          <HeaderSearch />
          <CountLink to="/wishlist" label="Wishlist" count={counts.wishlistCount}>
            <HeartIcon />
          </CountLink>
          <CountLink to="/cart" label="Cart" count={counts.cartCount}>
            <BagIcon />
          </CountLink>
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
