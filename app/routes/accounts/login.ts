import { redirect } from "react-router";
import type { Route } from "./+types/login";

/** `/login` is the other name for sign-in (docs/product/accounts.md): it keeps `redirect` and the rest. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/signin${new URL(request.url).search}`, 301);
}
