import { Outlet } from "react-router";

export default function PlainLayout() {
  return <Outlet />;
}
