import { useRef } from "react";
import { data, useActionData } from "react-router";
import { RESET_RULES } from "../../../workers/services/accounts/auth.rules";
import { forgotPassword } from "../../../workers/services/accounts/password-reset";
import { settings } from "../../../workers/services/content/settings";
import { EmailField, FormMessage, SubmitButton, useFocusFirstInvalid } from "../../components/forms/fields";
import { OnceForm } from "../../components/forms/once-form";
import { ShopLink } from "../../components/shop-link";
import { AuthHeading } from "../../layouts/auth-layout";
import { type FormProblem, formProblem, keepValues, readForm } from "../../lib/auth.server";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [
  { title: `Forgot password | ${settings.brand.name}` },
  { name: "robots", content: "noindex" },
];

type Answer = { sent: true; message: string } | (FormProblem & { sent?: false });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    const { message } = await forgotPassword(context.services, { email: form.get("email") });
    return data<Answer>({ sent: true, message });
  } catch (err) {
    return formProblem(err, keepValues(form, ["email"]));
  }
}

export default function ForgotPassword() {
  const answer = useActionData<Answer>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, answer);
  if (answer?.sent) {
    return (
      <div className="auth__done" role="status">
        <AuthHeading title="Check your inbox">{answer.message}</AuthHeading>
        <p>The link works once and expires in {RESET_RULES.validMinutes} minutes.</p>
        <ShopLink to="/signin" className="button button--primary">
          Back to Sign In
        </ShopLink>
      </div>
    );
  }
  return (
    <>
      <AuthHeading title="Forgot your password?">
        Enter the email of your account and we will send you a link to choose a new one.
      </AuthHeading>
      <FormMessage message={answer?.message} besideField={!!answer?.fields} answer={answer} />
      <OnceForm method="post" replace noValidate ref={formRef}>
        <EmailField defaultValue={answer?.values?.email} error={answer?.fields?.email} />
        <SubmitButton pending="Sending...">Send reset link</SubmitButton>
      </OnceForm>
      <p className="auth__alt">
        Remembered it? <ShopLink to="/signin">Sign in</ShopLink>
      </p>
    </>
  );
}
