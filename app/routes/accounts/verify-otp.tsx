import { useRef } from "react";
import { data, redirect, useActionData, useLoaderData } from "react-router";
import { CODE_RULES, SIGNUP_TIMED_OUT, VERIFY_TO_SIGN_IN } from "../../../workers/services/accounts/auth.rules";
import { resendOtp, secondsUntilNewCode, verifyOtp } from "../../../workers/services/accounts/signup";
import { settings } from "../../../workers/services/content/settings";
import { withRedirect } from "../../../workers/services/platform/paths";
import { Field, FormMessage, SubmitButton, useFocusFirstInvalid } from "../../components/forms/fields";
import { OnceForm } from "../../components/forms/once-form";
import { ShopLink } from "../../components/shop-link";
import { AuthHeading } from "../../layouts/auth-layout";
import {
  type FormProblem,
  formProblem,
  pendingSignup,
  pendingSignupCookie,
  readForm,
  redirectTarget,
  signedInRedirect,
} from "../../lib/auth.server";
import { useHydrated } from "../../lib/hooks/use-hydrated";
import { useTimeLeft } from "../../lib/hooks/use-time-left";
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

/** The sign-up waiting in this browser (none: the page says so), and how long until it may have a new code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const next = redirectTarget(request);
  const pending = pendingSignup(request);
  // Asked together, so the session check and the code's age share one round trip.
  const [user, resendInSeconds] = await Promise.all([
    context.services.user(),
    pending ? secondsUntilNewCode(context.services, pending.email) : 0,
  ]);
  if (user) throw redirect(next);
  return {
    next,
    email: pending?.email ?? null,
    notice: NOTICES.get(new URL(request.url).searchParams.get("notice") ?? "") ?? null,
    resendInSeconds,
  };
}

type Answer = FormProblem & { sent?: boolean };

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
  const loaded = useLoaderData<typeof loader>();
  const { next, email, notice } = loaded;
  const answer = useActionData<Answer>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, answer);
  if (!email) {
    return (
      <div className="auth__done">
        <AuthHeading title="No sign-up to verify">
          There is no sign-up waiting for a code in this browser; it may have timed out. Create your account and we will email you a code.
        </AuthHeading>
        <FormMessage message={answer?.message} answer={answer} />
        <ShopLink to={withRedirect("/create-account", next)} className="button button--primary">
          Create an account
        </ShopLink>
        <p className="auth__alt">
          Already verified? <ShopLink to={withRedirect("/signin", next)}>Sign in</ShopLink>
        </p>
      </div>
    );
  }
  const failed = answer && !answer.sent;
  return (
    <>
      <AuthHeading title="Verify your email">
        Enter the {CODE_RULES.digits}-digit code we sent to <strong>{email}</strong>. It is valid for {CODE_RULES.validMinutes} minutes.
      </AuthHeading>
      <FormMessage message={notice} tone="info" />
      <FormMessage message={answer?.sent ? answer.message : null} tone="success" answer={answer} />
      <FormMessage message={failed ? answer.message || VERIFY_FAILED : null} answer={answer} besideField={!!answer?.fields} />
      <OnceForm method="post" replace noValidate ref={formRef} className="auth__otp">
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
          error={failed ? answer.fields?.otp : undefined}
        />
        <SubmitButton intent="verify" pending="Verifying...">
          Verify
        </SubmitButton>
      </OnceForm>
      <OnceForm method="post" replace className="auth__secondary">
        <input type="hidden" name="redirect" value={next} />
        <span>Did not get it? </span>
        <ResendButton seconds={loaded.resendInSeconds} since={loaded} />
      </OnceForm>
      <p className="auth__alt">
        Wrong email? <ShopLink to={withRedirect("/create-account", next)}>Start again</ShopLink>
      </p>
    </>
  );
}

/**
 * "Resend code", disabled while the server would refuse a new code, counting down the wait
 * ("Resend code in 59 s"). Without JavaScript it is always enabled, and the server says how long to wait.
 */
function ResendButton({ seconds, since }: { seconds: number; since: unknown }) {
  // A fresh answer (`since`) restarts the count, even with the same number of seconds.
  const left = Math.ceil(useTimeLeft(seconds * 1000, () => Date.now() + seconds * 1000, since) / 1000);
  const waiting = useHydrated() && left > 0;
  const wait = left <= 60 ? `${left} s` : `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return (
    <SubmitButton intent="resend" pending="Sending..." className="button button--secondary" disabled={waiting}>
      {waiting ? `Resend code in ${wait}` : "Resend code"}
    </SubmitButton>
  );
}
