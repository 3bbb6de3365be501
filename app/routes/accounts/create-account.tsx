import { useRef } from "react";
import { redirect, useActionData, useLoaderData } from "react-router";
import { registerFormSchema } from "../../../workers/services/accounts/auth.schema";
import { MOBILE_INPUT_MAX_LENGTH } from "../../../workers/services/accounts/mobile.rules";
import { register } from "../../../workers/services/accounts/signup";
import { settings } from "../../../workers/services/content/settings";
import { AppError } from "../../../workers/services/platform/errors";
import { withRedirect } from "../../../workers/services/platform/paths";
import { parseInput } from "../../../workers/services/platform/validate";
import { EmailField, Field, FormMessage, SubmitButton, useFocusFirstInvalid } from "../../components/forms/fields";
import { OnceForm } from "../../components/forms/once-form";
import { NewPasswordFields } from "../../components/forms/password-field";
import { ShopLink } from "../../components/shop-link";
import { AuthHeading } from "../../layouts/auth-layout";
import { formProblem, keepValues, pendingSignup, pendingSignupCookie, readForm, redirectTarget } from "../../lib/auth.server";
import { buyNowLine } from "../../lib/cart.server";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/create-account";

// Indexable like sign-in; the canonical URL drops `?redirect=`.
const REGISTER_FAILED = "Registration failed";
/** Checkout of the held Buy Now piece without an account (app/routes/orders/checkout.tsx). */
const GUEST_CHECKOUT = "/checkout?guest=1";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Create an account",
    description: `Create your ${settings.brand.name} account to save favourites, check out faster and follow your orders.`,
    origin: matches[0].loaderData.origin,
    path: "/create-account",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const next = redirectTarget(request);
  if (await context.services.user()) throw redirect(next);
  // A shopper on her way to checkout with a Buy Now piece may also buy it without an account (docs/product/orders.md, "Placing an order").
  const guestCheckout = next === "/checkout" && buyNowLine(request, null) !== null;
  return { next, guestCheckout };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const next = redirectTarget(request, form.get("redirect"));
  const values = keepValues(form, ["name", "email", "mobile"]);
  try {
    const input = parseInput(registerFormSchema, Object.fromEntries(form));
    const pending = await register(context.services, input, pendingSignup(request)?.verificationToken);
    throw redirect(withRedirect("/verify-otp", next), { headers: { "Set-Cookie": pendingSignupCookie(request, pending) } });
  } catch (err) {
    // "OTP already sent": this browser's code is still fresh, so the shopper goes on to enter it.
    if (err instanceof AppError && err.message.includes("OTP already sent")) {
      const pending = { email: String(err.details?.email ?? ""), verificationToken: String(err.details?.verificationToken ?? "") };
      throw redirect(withRedirect("/verify-otp?notice=already-sent", next), {
        headers: { "Set-Cookie": pendingSignupCookie(request, pending) },
      });
    }
    return formProblem(err, values, REGISTER_FAILED);
  }
}

export default function CreateAccount() {
  const { next, guestCheckout } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, problem);
  const fieldError = (name: string) => problem?.fields?.[name];
  const value = (name: string) => problem?.values?.[name];
  return (
    <>
      <AuthHeading title="Create an account">Save your favourites, check out faster and follow your orders.</AuthHeading>
      <FormMessage message={problem ? problem.message || REGISTER_FAILED : null} besideField={!!problem?.fields} answer={problem} />
      <OnceForm method="post" replace noValidate ref={formRef}>
        <input type="hidden" name="redirect" value={next} />
        <Field
          label="Full name"
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={value("name")}
          error={fieldError("name")}
        />
        <EmailField defaultValue={value("email")} error={fieldError("email")} />
        <Field
          label="Mobile number"
          name="mobile"
          type="tel"
          autoComplete="tel"
          required
          maxLength={MOBILE_INPUT_MAX_LENGTH}
          hint="For delivery updates: 10 digits, with or without +91"
          defaultValue={value("mobile")}
          error={fieldError("mobile")}
        />
        <NewPasswordFields
          label="Password"
          confirmLabel="Confirm password"
          errors={{ password: fieldError("password"), confirmPassword: fieldError("confirmPassword") }}
        />
        <SubmitButton pending="Creating account...">Create Account</SubmitButton>
      </OnceForm>
      <p className="auth__alt">
        Already have an account? <ShopLink to={withRedirect("/signin", next)}>Sign in</ShopLink>
      </p>
      {guestCheckout && (
        <p className="auth__alt auth__guest">
          In a hurry?{" "}
          <ShopLink to={GUEST_CHECKOUT} className="button button--secondary">
            Continue as guest
          </ShopLink>
        </p>
      )}
    </>
  );
}
