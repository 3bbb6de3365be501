import { Outlet } from "react-router";
import { settings } from "../../workers/services/content/settings";
import { BrandMark } from "../components/icons";
import { useStoreContact } from "../lib/store-contact";

/**
 * Sign-in, sign-up, verify and reset: one card beside a quiet brand panel (the panel only from
 * tablet width up). The header and footer come from the root's frame like every other page.
 */
export default function AuthLayout() {
  const { promoLine } = useStoreContact();
  return (
    <div className="auth container">
      <aside className="auth__panel" aria-hidden="true">
        <BrandMark />
        <p className="auth__panel-name">{settings.brand.name}</p>
        <p className="auth__panel-line">{settings.brand.tagline}</p>
        <p className="auth__panel-offer">{promoLine}</p>
      </aside>
      <div className="auth__card">
        <Outlet />
      </div>
    </div>
  );
}

/** The heading block every auth page starts with. */
export function AuthHeading({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <header className="auth__heading">
      <h1>{title}</h1>
      {children && <p>{children}</p>}
    </header>
  );
}
