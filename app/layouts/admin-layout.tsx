import { data, Form, Outlet, useLocation } from "react-router";
import { requireStaff } from "../../workers/services/back-office/staff";
import { settings } from "../../workers/services/content/settings";
import { AppError } from "../../workers/services/platform/errors";
import { ShopLink } from "../components/shop-link";
import adminCss from "../styles/admin.css?url";
import type { Route } from "./+types/admin-layout";

/**
 * The back office's frame: every /admin page sits in it. Its loader is the door: anyone
 * who is not signed in as staff or the owner gets the shop's own 404 (the root's error page, the same
 * page and status as an unknown address), so nothing hints that a back office exists. Its stylesheet
 * is a file of its own, linked from here only: the storefront's inline CSS and JavaScript never carry it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const staff = await requireStaff(context.services);
    return { name: staff.name, role: staff.role };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

/** Never cached, never indexed: a staff member's page. Pages below merge theirs onto these. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

/**
 * Marks the back office's routes: the Worker takes them out of the build it answers anyone but staff
 * with (workers/back-office-door.ts). The root's frame is left as it is (any code there would grow
 * every storefront page's JavaScript); admin-frame.css hides the storefront's header and footer instead.
 */
export const handle = { backOffice: true };

const NAV = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/returns", label: "Returns" },
  { to: "/admin/messages", label: "Messages" },
  { to: "/admin/products", label: "Products" },
  { to: "/admin/stock", label: "Stock" },
  { to: "/admin/categories", label: "Categories" },
  { to: "/admin/reviews", label: "Reviews" },
  // The owner's pages: a staff member is not shown them (and gets a 404 there).
  { to: "/admin/coupons", label: "Coupons", owner: true },
  { to: "/admin/settings", label: "Settings", owner: true },
  { to: "/admin/staff", label: "Staff", owner: true },
  { to: "/admin/audit-log", label: "Audit log", owner: true },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  // A section is current on its own page and (unless it ends there) on the pages under it.
  const current = (item: (typeof NAV)[number]) => pathname === item.to || (!item.end && pathname.startsWith(`${item.to}/`));
  return (
    <div className="admin">
      <header className="admin-bar">
        <ShopLink to="/admin" className="admin-bar__brand">
          {settings.brand.name} <span>Back office</span>
        </ShopLink>
        <nav className="admin-nav" aria-label="Back office">
          <ul>
            {NAV.filter((item) => !item.owner || loaderData.role === "owner").map((item) => (
              <li key={item.to}>
                <ShopLink to={item.to} aria-current={current(item) ? "page" : undefined} className="admin-nav__link">
                  {item.label}
                </ShopLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-bar__user">
          <span>
            <span className="visually-hidden">Signed in as </span>
            {loaderData.name}
            {loaderData.role === "owner" && <span className="admin-bar__role"> (owner)</span>}
          </span>
          <Form method="post" action="/logout" reloadDocument>
            <button type="submit" className="admin-bar__signout">
              Sign out
            </button>
          </Form>
        </div>
      </header>
      <div className="admin-main">
        <Outlet />
      </div>
    </div>
  );
}
