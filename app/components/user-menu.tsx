import { Link, useLocation } from "react-router";
import { UserIcon } from "./icons";

/**
 * The account corner of the header. Signed out it is a Sign In link that brings the shopper back
 * here afterwards. The signed-in menu (My Orders, Profile, Logout, with the avatar) arrives with
 * accounts: it takes the signed-in user as a prop and renders a `<details>` pop-over like the
 * header's other panels (see useDisclosure).
 */
export function UserMenu() {
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const to = pathname === "/" || pathname === "/signin" ? "/signin" : `/signin?redirect=${encodeURIComponent(here)}`;
  return (
    <Link to={to} className="icon-button sign-in">
      <UserIcon />
      <span className="sign-in__label">Sign In</span>
    </Link>
  );
}
