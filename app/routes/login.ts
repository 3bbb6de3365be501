import { redirect } from "react-router";
import type { Route } from "./+types/login";

/** `/login` is the spec's other name for sign-in (DECISIONS §8): it keeps `redirect` and the rest. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/signin${new URL(request.url).search}`, 301);
}
