/** A small turning ring. Decorative: the words beside it say what is loading. */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
