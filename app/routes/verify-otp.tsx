import { useRef } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { CODE_RULES, SIGNUP_TIMED_OUT, VERIFY_TO_SIGN_IN } from "../../workers/services/auth.rules";
import { withRedirect } from "../../workers/services/paths";
import { settings } from "../../workers/services/settings";
import { resendOtp, verifyOtp } from "../../workers/services/signup";
import { Field, FormMessage, SubmitButton, useFocusField } from "../components/forms/fields";
import { AuthHeading } from "../layouts/auth-layout";
import {
  type FormProblem,
  formProblem,
  pendingSignup,
  pendingSignupCookie,
  readForm,
  redirectTarget,
  signedInRedirect,
} from "../lib/auth.server";
import type { Route } from "./+types/verify-otp";

export const meta: Route.MetaFunction = () => [
  { title: `Verify your email | ${settings.brand.name}` },
  { name: "robots", content: "noindex" },
];

const VERIFY_FAILED = "OTP verification failed";

// A Map, not an object: `?notice=__proto__` must find nothing, not Object.prototype.
const NOTICES = new Map([
  ["unverified", VERIFY_TO_SIGN_IN],
  ["already-sent", "We have already sent a code to this email. Enter it below, or resend it in a minute."],
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const next = redirectTarget(request);
  if (await context.services.user()) throw redirect(next);
  return {
    next,
    email: pendingSignup(request)?.email ?? null,
    notice: NOTICES.get(new URL(request.url).searchParams.get("notice") ?? "") ?? null,
  };
}

type Answer = { message: string; field?: string; sent?: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const next = redirectTarget(request, form.get("redirect"));
  const pending = pendingSignup(request);
  if (form.get("intent") === "resend") {
    if (!pending) return data<FormProblem>({ message: "No email found to resend OTP." }, { status: 400 });
    try {
      const { message } = await resendOtp(context.services, pending);
      return data({ message, sent: true });
    } catch (err) {
      return formProblem(err, undefined, "Failed to resend OTP.");
    }
  }
  if (!pending) return data<FormProblem>({ message: SIGNUP_TIMED_OUT }, { status: 400 });
  try {
    const { token } = await verifyOtp(context.services, { ...pending, otp: form.get("otp") });
    return signedInRedirect(request, token, next, [pendingSignupCookie(request, null)]);
  } catch (err) {
    return formProblem(err, undefined, VERIFY_FAILED);
  }
}

export default function VerifyOtp() {
  const { next, email, notice } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusField(answer?.field, formRef, answer);
  const failed = answer && !answer.sent;
  return (
    <>
      <AuthHeading title="Verify your email">
        {email ? (
          <>
            Enter the {CODE_RULES.digits}-digit code we sent to <strong>{email}</strong>. It is valid for {CODE_RULES.validMinutes} minutes.
          </>
        ) : (
          <>We could not find the email to verify. Please create your account again.</>
        )}
      </AuthHeading>
      <FormMessage message={notice} tone="info" />
      <FormMessage message={answer?.sent ? answer.message : null} tone="success" answer={answer} />
      <FormMessage message={failed ? answer.message || VERIFY_FAILED : null} answer={answer} besideField />
      <Form method="post" replace noValidate ref={formRef} className="auth__otp">
        <input type="hidden" name="redirect" value={next} />
        <Field
          label="Verification code"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={CODE_RULES.digits}
          required
          autoFocus
          error={failed ? answer.message || VERIFY_FAILED : undefined}
        />
        <SubmitButton intent="verify" pending="Verifying...">
          Verify
        </SubmitButton>
      </Form>
      <Form method="post" replace className="auth__secondary">
        <input type="hidden" name="redirect" value={next} />
        <span>Did not get it? </span>
        <SubmitButton intent="resend" pending="Sending..." className="button button--secondary">
          Resend code
        </SubmitButton>
      </Form>
      <p className="auth__alt">
        Wrong email? <Link to={withRedirect("/create-account", next)}>Start again</Link>
      </p>
    </>
  );
}
