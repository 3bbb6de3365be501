import type { SizePrice } from "../../workers/services/catalog/pricing";
import type { Colour } from "./product-options";

/** What a card shows; built on the server by toProductCard (app/lib/product-card.server.ts). */
export interface ProductCardData {
  id: number;
  name: string;
  description: string;
  category: string;
  href: string;
  image: { url: string; alt: string; width: number; height: number } | null;
  price: { pricePaise: number; effectivePaise: number } | null;
  outOfStock: boolean;
  /** What the "Select Size & Color" modal offers, each with its first picture (if one is tagged with it). */
  colors: (Colour & { picture: string | null })[];
  sizes: SizePrice[];
  /** Average to 1 decimal and count of reviews; null (nothing shown) before the first review. */
  rating: { value: string; stars: number; count: number; label: string } | null;
}
