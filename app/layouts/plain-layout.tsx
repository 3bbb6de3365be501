import { Outlet } from "react-router";
import { PageShell } from "../components/page-shell";

/** Every other page: a plain solid header. */
export default function PlainLayout() {
  return (
    <PageShell>
      <Outlet />
    </PageShell>
  );
}
