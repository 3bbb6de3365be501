import { ShopLink } from "../shop-link";

/** Signed out: the review form is a sign-in away, and sign-in comes back to the reviews. */
export function ReviewSignIn({ href }: { href: string }) {
  return (
    <p className="review-form review-form--signed-out">
      <ShopLink to={href}>Sign in</ShopLink> to write a review.
    </p>
  );
}
