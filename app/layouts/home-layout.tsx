import { Outlet } from "react-router";
import { PageShell } from "../components/page-shell";

/** The home page's layout: the promo marquee and a top bar that is transparent over the hero. */
export default function HomeLayout() {
  return (
    <PageShell home>
      <Outlet />
    </PageShell>
  );
}
