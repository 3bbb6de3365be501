import { forwardRef } from "react";
import { Form, type FormProps } from "react-router";
import { useOneNavigationSubmission } from "../../lib/hooks/use-one-submission";

/** The guard waits for the navigation a submission starts: a form that does not navigate has none to wait for. */
type OnceFormProps = Omit<FormProps, "navigate" | "fetcherKey" | "reloadDocument">;

/**
 * React Router's Form, posted once however fast the clicks come (see useOneSubmission): a second
 * submission waits until the first is answered. Its own onSubmit runs first and may still cancel it.
 */
export const OnceForm = forwardRef<HTMLFormElement, OnceFormProps>(function OnceForm({ onSubmit, ...props }, ref) {
  const submitOnce = useOneNavigationSubmission(onSubmit);
  return <Form {...props} ref={ref} onSubmit={submitOnce} />;
});
