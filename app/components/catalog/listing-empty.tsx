import { BrandMark } from "../icons";

/** "Coming soon" (docs/product/catalog.md) when the list is empty, with a word on why and what to do next. */
export function ListingEmpty({ children }: { children: React.ReactNode }) {
  return (
    <div className="listing-empty">
      <span className="listing-empty__art">
        <BrandMark />
      </span>
      <p className="listing-empty__title">Coming soon</p>
      {children}
    </div>
  );
}
