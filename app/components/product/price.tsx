import { formatRupees, percentOff } from "../../../workers/services/catalog/pricing";

/** The effective price, the struck-out original when there is a discount, and the percent off. */
export function Price({ pricePaise, effectivePaise, className }: { pricePaise: number; effectivePaise: number; className?: string }) {
  const off = percentOff(pricePaise, effectivePaise);
  return (
    <p className={className ? `price ${className}` : "price"}>
      <span className="visually-hidden">Price </span>
      <span className="price__now">{formatRupees(effectivePaise)}</span>
      {effectivePaise !== pricePaise && (
        <>
          <span className="visually-hidden"> Original price </span>
          <s className="price__was">{formatRupees(pricePaise)}</s>
        </>
      )}
      {off > 0 && <span className="price__off">{off}% off</span>}
    </p>
  );
}
