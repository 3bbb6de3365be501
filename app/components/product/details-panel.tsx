import type { Product } from "../../../workers/services/catalog/catalog";
import type { PageProduct } from "./page-product";

/** The Details tab: the product's own paragraphs and its details as a list. */

const DETAILS: [keyof Product["details"], string][] = [
  ["fabric", "Fabric"],
  ["fitType", "Fit Type"],
  ["length", "Length"],
  ["sleeveNeckType", "Sleeve & Neck"],
  ["patternPrint", "Pattern / Print"],
  ["occasionType", "Occasion"],
  ["washCare", "Wash Care"],
  ["countryOfOrigin", "Country of Origin"],
  ["deliveryReturns", "Delivery & Returns"],
];

export function DetailsPanel({ product }: { product: PageProduct }) {
  return (
    <>
      {product.paragraph1 && <p>{product.paragraph1}</p>}
      {product.paragraph2 && <p>{product.paragraph2}</p>}
      <dl className="details-list">
        {DETAILS.filter(([key]) => product.details[key]).map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{product.details[key]}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
