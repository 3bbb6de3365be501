import { Outlet } from "react-router";

/**
 * The home page's layout: the promo marquee and a top bar that is transparent over the hero. The
 * frame itself is drawn once by the root (see `App`), so the header (and a search being typed in
 * it) survives moving between the two layouts; this route only says which variant to draw.
 */
export const handle = { homeLayout: true };

export default function HomeLayout() {
  return <Outlet />;
}
