import { Link } from "react-router";

/** Signed out: the review form is a sign-in away, and sign-in comes back to the reviews. */
export function ReviewSignIn({ href }: { href: string }) {
  return (
    <p className="review-form review-form--signed-out">
      <Link to={href}>Sign in</Link> to write a review.
    </p>
  );
}
