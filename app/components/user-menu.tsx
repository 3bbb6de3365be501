import { useEffect } from "react";
import { Form, useLocation } from "react-router";
import { signInPath } from "../../workers/services/platform/paths";
import { useDisclosure } from "../lib/hooks/use-disclosure";
import { useRootData } from "../lib/root-data";
import { Avatar } from "./avatar";
import { UserIcon } from "./icons";
import { ShopLink } from "./shop-link";

/** What the browser keeps for a shopper (docs/product/accounts.md); logout clears it. */
const BROWSER_KEYS = ["checkoutState", "user", "token"];

/**
 * The account corner of the header. Signed out: a Sign In link that brings the shopper back here
 * afterwards. Signed in: the avatar opens a small menu with My Orders, Profile and Logout.
 */
export function UserMenu() {
  const root = useRootData();
  const { pathname, search } = useLocation();
  const menu = useDisclosure<HTMLDetailsElement>();
  const { setOpen } = menu;
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger: the menu closes on every navigation.
  useEffect(() => setOpen(false), [pathname, setOpen]);

  const user = root?.user;
  if (!user) {
    const to = pathname === "/signin" ? "/signin" : signInPath(pathname + search);
    return (
      <ShopLink to={to} className="icon-button sign-in">
        <UserIcon />
        <span className="sign-in__label">Sign In</span>
      </ShopLink>
    );
  }

  const forget = () => {
    for (const key of BROWSER_KEYS) {
      localStorage.removeItem(key);
      sessionStorage.removeItem(key);
    }
  };

  return (
    <details ref={menu.ref} className="user-menu" open={menu.open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="icon-button user-menu__toggle">
        <Avatar name={user.name} src={user.avatar} size={32} />
        <span className="visually-hidden">Account menu for {user.name}</span>
      </summary>
      <div className="user-menu__panel">
        <p className="user-menu__name">{user.name}</p>
        <ul>
          <li>
            <ShopLink to="/my-orders">My Orders</ShopLink>
          </li>
          <li>
            <ShopLink to="/profile">Profile</ShopLink>
          </li>
          <li>
            <Form method="post" action="/logout" onSubmit={forget}>
              <button type="submit">Logout</button>
            </Form>
          </li>
        </ul>
      </div>
    </details>
  );
}
