import { useRef } from "react";
import { redirect, useActionData, useLoaderData } from "react-router";
import { PASSWORD_RESET_DONE } from "../../../workers/services/accounts/auth.rules";
import { login, UnverifiedAccount } from "../../../workers/services/accounts/signin";
import { settings } from "../../../workers/services/content/settings";
import { withRedirect } from "../../../workers/services/platform/paths";
import { EmailField, FormMessage, SubmitButton, useFocusFirstInvalid } from "../../components/forms/fields";
import { OnceForm } from "../../components/forms/once-form";
import { PasswordField } from "../../components/forms/password-field";
import { ShopLink } from "../../components/shop-link";
import { AuthHeading } from "../../layouts/auth-layout";
import { formProblem, keepValues, pendingSignupCookie, readForm, redirectTarget, signedInRedirect } from "../../lib/auth.server";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/signin";

// Indexable, so "Aanchal sign in" finds it; the canonical URL drops `?redirect=`.
export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Sign in",
    description: `Sign in to ${settings.brand.name} to see your cart, wishlist, saved addresses and orders.`,
    origin: matches[0].loaderData.origin,
    path: "/signin",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const next = redirectTarget(request);
  if (await context.services.user()) throw redirect(next);
  return { next, notice: new URL(request.url).searchParams.get("notice") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const next = redirectTarget(request, form.get("redirect"));
  try {
    const { token } = await login(context.services, { email: form.get("email"), password: form.get("password") });
    return signedInRedirect(request, token, next);
  } catch (err) {
    if (err instanceof UnverifiedAccount) {
      const pending = { email: String(err.details?.email ?? ""), verificationToken: String(err.details?.verificationToken ?? "") };
      throw redirect(withRedirect("/verify-otp?notice=unverified", next), {
        headers: { "Set-Cookie": pendingSignupCookie(request, pending) },
      });
    }
    return formProblem(err, keepValues(form, ["email"]), "Login failed");
  }
}

// A Map, not an object: `?notice=__proto__` must find nothing, not Object.prototype.
const NOTICES = new Map([
  ["reset", PASSWORD_RESET_DONE],
  ["signed-out", "You have been signed out."],
]);

export default function SignIn() {
  const { next, notice } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>();
  const fieldError = (name: string) => problem?.fields?.[name];
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, problem);
  return (
    <>
      <AuthHeading title="Sign in">Welcome back. Sign in to see your cart, wishlist and orders.</AuthHeading>
      <FormMessage message={(notice && NOTICES.get(notice)) ?? null} tone="success" />
      <FormMessage message={problem ? problem.message || "Login failed" : null} besideField={!!problem?.fields} inline answer={problem} />
      <OnceForm method="post" replace noValidate ref={formRef}>
        <input type="hidden" name="redirect" value={next} />
        <EmailField defaultValue={problem?.values?.email} error={fieldError("email")} />
        <PasswordField label="Password" name="password" autoComplete="current-password" required error={fieldError("password")} />
        <div className="auth__row">
          <span />
          <ShopLink to="/forgot-password">Forgot password?</ShopLink>
        </div>
        <SubmitButton pending="Signing in...">Sign In</SubmitButton>
      </OnceForm>
      <p className="auth__alt">
        New to {settings.brand.name}? <ShopLink to={withRedirect("/create-account", next)}>Create an account</ShopLink>
      </p>
    </>
  );
}
