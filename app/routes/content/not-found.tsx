import { data } from "react-router";
import { settings } from "../../../workers/services/content/settings";
import { NotFoundPage } from "../../components/status-page";
import type { Route } from "./+types/not-found";

/** Any path no other route claims: the page renders inside the plain layout, with a real 404 status. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

export const meta: Route.MetaFunction = () => [{ title: `Page not found | ${settings.brand.name}` }];
