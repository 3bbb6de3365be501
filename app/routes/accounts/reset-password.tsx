import { useEffect, useRef } from "react";
import { data, useActionData, useLoaderData, useNavigate } from "react-router";
import { resetPasswordFormSchema } from "../../../workers/services/accounts/auth.schema";
import { resetLinkIsLive, resetPassword } from "../../../workers/services/accounts/password-reset";
import { settings } from "../../../workers/services/content/settings";
import { parseInput } from "../../../workers/services/platform/validate";
import { FormMessage, SubmitButton, useFocusFirstInvalid } from "../../components/forms/fields";
import { OnceForm } from "../../components/forms/once-form";
import { NewPasswordFields } from "../../components/forms/password-field";
import { ShopLink } from "../../components/shop-link";
import { AuthHeading } from "../../layouts/auth-layout";
import { clearSession, formProblem, readForm } from "../../lib/auth.server";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  { title: `Choose a new password | ${settings.brand.name}` },
  { name: "robots", content: "noindex" },
];

/** The token is a secret: never cached, never sent on as a referrer. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const h = new Headers(actionHeaders);
  h.set("Cache-Control", "private, no-store");
  h.set("Referrer-Policy", "no-referrer");
  return h;
};

export async function loader({ params, context }: Route.LoaderArgs) {
  return { live: await resetLinkIsLive(context.services, params.token) };
}

const RESET_FAILED = "Failed to reset password";

const SIGN_IN_AFTER_RESET = "/signin?notice=reset";

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    const { password } = parseInput(resetPasswordFormSchema, Object.fromEntries(form));
    const { message } = await resetPassword(context.services, params.token, { password });
    // Every session of the account has ended, this browser's included. Without JavaScript the
    // Refresh header makes the same 2-second move to sign-in.
    const seconds = settings.timing.passwordResetRedirectMs / 1000;
    const headers = new Headers({ "Set-Cookie": clearSession(request), Refresh: `${seconds}; url=${SIGN_IN_AFTER_RESET}` });
    return data({ done: true as const, message }, { headers });
  } catch (err) {
    return formProblem(err, undefined, RESET_FAILED);
  }
}

export default function ResetPassword() {
  const { live } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const done = answer && "done" in answer;
  const problem = answer && !("done" in answer) ? answer : undefined;
  useFocusFirstInvalid(formRef, answer);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(SIGN_IN_AFTER_RESET, { replace: true }), settings.timing.passwordResetRedirectMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (done) {
    return (
      <div className="auth__done" role="status">
        <AuthHeading title="Password changed">{answer.message}</AuthHeading>
        <p>Taking you to sign in...</p>
        <ShopLink to={SIGN_IN_AFTER_RESET} className="button button--primary">
          Sign In
        </ShopLink>
      </div>
    );
  }
  if (!live) {
    return (
      <div className="auth__done">
        <AuthHeading title="This link has expired">
          Reset links work once and only for an hour. Ask for a new one and use the newest mail.
        </AuthHeading>
        <ShopLink to="/forgot-password" className="button button--primary">
          Send a new link
        </ShopLink>
      </div>
    );
  }
  const fieldError = (name: string) => problem?.fields?.[name];
  return (
    <>
      <AuthHeading title="Choose a new password">Choosing a new password signs you out on every device.</AuthHeading>
      <FormMessage message={problem ? problem.message || RESET_FAILED : null} besideField={!!problem?.fields} answer={answer} />
      <OnceForm method="post" replace noValidate ref={formRef}>
        <NewPasswordFields
          label="New password"
          confirmLabel="Confirm new password"
          errors={{ password: fieldError("password"), confirmPassword: fieldError("confirmPassword") }}
        />
        <SubmitButton pending="Saving...">Reset Password</SubmitButton>
      </OnceForm>
    </>
  );
}
