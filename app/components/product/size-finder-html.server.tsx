import { renderToString } from "react-dom/server";
import type { ProductFit } from "../../../workers/services/catalog/size-finder";
import { SizeFinder } from "./size-finder";

/**
 * The product page's size finder as HTML, rendered by the page's loader. The product page has no
 * room left for script (its JavaScript budget), and the finder needs none: the page writes this HTML
 * as it is, and the browser keeps it through hydration and gets it afresh with the loader's data when
 * the app itself opens another product. Its fields belong to the page's `size-finder` form.
 */
export function sizeFinderHtml(fit: ProductFit | null, asks: boolean): string | null {
  if (!asks && !fit?.words) return null;
  return renderToString(<SizeFinder form="size-finder" answer={fit} asks={asks} />);
}
