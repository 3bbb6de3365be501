import { Outlet } from "react-router";

/** Every other page: a plain solid header (drawn by the root's frame, see `App`). */
export default function PlainLayout() {
  return <Outlet />;
}
