import { redirect } from "react-router";
import { logout } from "../../../workers/services/accounts/signin";
import { clearSession } from "../../lib/auth.server";
import { forgetKeptChoices } from "../../lib/cart.server";
import type { Route } from "./+types/logout";

/** Sign-out is a POST (a link or image could otherwise sign a shopper out); a GET just goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  await logout(context.services);
  const headers = new Headers();
  for (const cookie of [clearSession(request), ...forgetKeptChoices(request)]) headers.append("Set-Cookie", cookie);
  return redirect("/", { headers });
}
