import { type ReactNode, Suspense } from "react";
import { Await } from "react-router";

/**
 * A home section's products or categories: rendered at once from the server's data, or, after a
 * client-side navigation, skeletons until the data streams in. `null` means the load failed.
 */
export function CatalogueSlot<T>({
  data,
  skeleton,
  failure = (
    <p className="notice notice--error" role="alert">
      Failed to load products
    </p>
  ),
  children,
}: {
  data: T | null | Promise<T | null>;
  skeleton: ReactNode;
  failure?: ReactNode;
  children: (value: T) => ReactNode;
}) {
  return (
    <Suspense fallback={skeleton}>
      <Await resolve={data}>{(value: T | null) => (value ? children(value) : failure)}</Await>
    </Suspense>
  );
}
