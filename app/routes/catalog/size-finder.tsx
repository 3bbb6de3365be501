import { data, redirect } from "react-router";
import {
  currentMeasurements,
  MEASUREMENTS_COOKIE,
  MEASUREMENTS_COOKIE_DAYS,
  saveMeasurements,
} from "../../../workers/services/catalog/size-finder";
import { settings } from "../../../workers/services/content/settings";
import { cookieHeader } from "../../../workers/services/platform/cookies";
import { AppError } from "../../../workers/services/platform/errors";
import { SizeFinder, SizeFinderForm } from "../../components/product/size-finder";
import { ShopLink } from "../../components/shop-link";
import { formProblem, keepValues, readForm } from "../../lib/auth.server";
import type { Route } from "./+types/size-finder";

/**
 * The size finder's form posts here (docs/product/size-finder.md). Kept measurements send her back
 * to the product she came from (303), whose page then says her size; refused ones are answered here,
 * with a 400, each message at its field and what she typed still in it, and nothing kept. The page
 * itself (a GET) is that same form on its own, for the way back from a refusal.
 */

const FIELDS = ["unit", "bust", "waist", "hip"];
const FORM_ID = "size-finder";

/** Only a product page of this shop or her profile: never another site. */
function backTo(posted: FormDataEntryValue | string | null): string {
  if (posted === "/profile") return posted;
  return typeof posted === "string" && /^\/women-products\/[\p{L}\p{N}-]+\/[\p{L}\p{N}-]+$/u.test(posted) ? posted : "/all-products";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const back = backTo(new URL(request.url).searchParams.get("back"));
  const measurements = await currentMeasurements(context.services, request.headers);
  return { back, measurements };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const back = backTo(form.get("back"));
  let saved: Awaited<ReturnType<typeof saveMeasurements>>;
  try {
    saved = await saveMeasurements(context.services, Object.fromEntries(FIELDS.map((f) => [f, form.get(f) ?? undefined])));
  } catch (err) {
    if (err instanceof AppError && err.status === 400) {
      return data(
        { back, values: keepValues(form, FIELDS), errors: (err.details?.fields ?? {}) as Record<string, string> },
        { status: 400 },
      );
    }
    return formProblem(err);
  }
  const headers = new Headers();
  if (saved.keptIn === "browser") {
    const secure = new URL(request.url).protocol === "https:";
    headers.append("Set-Cookie", cookieHeader(MEASUREMENTS_COOKIE, saved.cookie, { maxAge: MEASUREMENTS_COOKIE_DAYS * 86400, secure }));
  }
  // Back at the answer, not at the top of the page, where a phone shows only the picture.
  return redirect(`${back}#${back === "/profile" ? "profile-size-finder-box" : "size-finder-box"}`, { status: 303, headers });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function SizeFinderPage({ loaderData, actionData }: Route.ComponentProps) {
  const refused = actionData && "errors" in actionData ? actionData : undefined;
  const back = refused?.back ?? loaderData.back;
  const m = loaderData.measurements;
  return (
    <section className="container size-finder-page">
      <h1>Find my size</h1>
      {refused && (
        <p className="notice notice--error" role="alert">
          Please check your measurements.
        </p>
      )}
      <SizeFinder form={FORM_ID} answer={m ? { measurements: m, words: null } : null} refused={refused} open />
      <SizeFinderForm id={FORM_ID} back={back} />
      <p>
        <ShopLink to={back}>Back to the product</ShopLink>
      </p>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [{ title: `Find my size | ${settings.brand.name}` }, { name: "robots", content: "noindex" }];
