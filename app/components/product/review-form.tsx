import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { RATING_MAX, reviewProblems, STAR_LABELS } from "../../../workers/services/shopping/reviews.rules";
import { useHydrated } from "../../lib/hooks/use-hydrated";
import { useOneSubmission } from "../../lib/hooks/use-one-submission";
import { ShopLink } from "../shop-link";
import { useToast } from "../toast/toast";

/** What the review action answers: the posted review, or why it was refused (with what was typed). */
export type ReviewAnswer =
  | { ok: true; message: string }
  | { ok?: false; message: string; fields?: Record<string, string>; values?: Record<string, string>; signInHref?: string };

interface ReviewFormProps {
  productId: number;
  productName: string;
  /** The review action's URL (app/routes/catalog/product-reviews.ts). */
  action: string;
  /** A refused post's answer when the page came back without JavaScript. */
  answer?: ReviewAnswer;
  /** What she gave the server's form before this one took its place (reviews-panel.tsx). */
  given?: Record<string, string>;
}

/**
 * The shopper's review: a star rating (real radio buttons 1 to 5 in a fieldset, so arrow keys move
 * between them and a screen reader names each) and a comment. A plain form posting to the review
 * action (a fetcher's form renders as a plain one); once hydrated the fetcher posts it, the answer is a toast, a success clears the
 * form, and the page's loaders revalidate so the new review and average show at once. The browser
 * checks the rules of reviews.rules.ts first and says what is wrong beside the field; the server
 * checks them again and its message is shown when it refuses.
 */
export function ReviewForm({ productId, productName, action, answer: pageAnswer, given }: ReviewFormProps) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ReviewAnswer>();
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const refused = pageAnswer && !pageAnswer.ok ? pageAnswer : undefined;
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>(refused?.fields ?? {});
  const [serverMessage, setServerMessage] = useState<string | undefined>(refused?.message);
  const [signInHref, setSignInHref] = useState<string | undefined>(refused?.signInHref);
  const submitting = fetcher.state !== "idle";

  const answer = fetcher.data;
  useEffect(() => {
    if (!answer || fetcher.state !== "idle") return;
    if (answer.ok) {
      toast.success(answer.message);
      // Cleared, not reset: after a refusal without JavaScript the fields' defaults are what was refused.
      const fields = form.current?.elements;
      for (const radio of form.current?.querySelectorAll<HTMLInputElement>('input[name="rating"]') ?? []) radio.checked = false;
      const comment = fields?.namedItem("comment");
      if (comment instanceof HTMLTextAreaElement) comment.value = "";
      setErrors({});
      setServerMessage(undefined);
      setSignInHref(undefined);
    } else {
      toast.error(answer.message);
      setErrors(answer.fields ?? {});
      setServerMessage(answer.message);
      setSignInHref(answer.signInHref);
    }
    // Each new answer once: toast's api never changes.
  }, [answer, fetcher.state, toast]);

  // A double click posts the review once (the second would be refused as her second review).
  const onSubmit = useOneSubmission(submitting, answer, (event) => {
    const data = new FormData(event.currentTarget);
    const problems = reviewProblems({ rating: data.get("rating") ?? undefined, comment: String(data.get("comment") ?? "") });
    setServerMessage(undefined);
    setErrors(problems);
    if (problems.rating || problems.comment) {
      event.preventDefault();
      const first = problems.rating
        ? event.currentTarget.querySelector<HTMLInputElement>('input[name="rating"]')
        : event.currentTarget.querySelector<HTMLTextAreaElement>('textarea[name="comment"]');
      first?.focus();
    }
  });

  const ratingErrorId = `${id}-rating-error`;
  const commentErrorId = `${id}-comment-error`;
  const values = given ?? refused?.values ?? {};
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={action}
      className="review-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="review-form__title">
        Write a review
      </h3>
      <input type="hidden" name="productId" value={productId} />
      {hydrated && <input type="hidden" name="enhanced" value="1" />}
      {serverMessage && !errors.rating && !errors.comment && (
        <p className="form-message form-message--error" role="alert">
          {serverMessage}
          {signInHref && (
            <>
              {" "}
              <ShopLink to={signInHref}>Sign in</ShopLink>
            </>
          )}
        </p>
      )}
      <fieldset
        className={errors.rating ? "rating-input rating-input--invalid" : "rating-input"}
        aria-describedby={errors.rating ? ratingErrorId : undefined}
      >
        <legend>
          Your rating<span className="visually-hidden"> of {productName}</span>
        </legend>
        <div className="rating-input__stars">
          {STAR_LABELS.map((label, i) => (
            <label key={label} className="rating-input__star">
              <input
                type="radio"
                name="rating"
                value={i + 1}
                defaultChecked={values.rating === String(i + 1)}
                aria-invalid={errors.rating ? true : undefined}
                onChange={() => setErrors((e) => ({ ...e, rating: undefined }))}
              />
              <span className="rating-input__glyph" aria-hidden="true" />
              <span className="visually-hidden">{label}</span>
            </label>
          ))}
        </div>
        <span className="rating-input__scale" aria-hidden="true">
          out of {RATING_MAX}
        </span>
        {errors.rating && (
          <p id={ratingErrorId} className="field__error" role="alert">
            {errors.rating}
          </p>
        )}
      </fieldset>
      <div className={errors.comment ? "field field--invalid" : "field"}>
        <label htmlFor={`${id}-comment`}>Your review</label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          rows={4}
          defaultValue={values.comment ?? ""}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={[`${id}-comment-hint`, errors.comment && commentErrorId].filter(Boolean).join(" ")}
          onChange={() => errors.comment && setErrors((e) => ({ ...e, comment: undefined }))}
        />
        <p id={`${id}-comment-hint`} className="field__hint">
          2 to 2,000 characters. Writing again replaces your earlier review of this product.
        </p>
        {errors.comment && (
          <p id={commentErrorId} className="field__error" role="alert">
            {errors.comment}
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary" aria-disabled={submitting || undefined}>
        {submitting ? "Submitting…" : "Submit Review"}
      </button>
    </fetcher.Form>
  );
}
