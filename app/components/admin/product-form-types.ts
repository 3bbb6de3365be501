/** What the product editor's form is drawn from: its values as text, the choices it offers, and a refusal. */

export interface FormColour {
  name: string;
  hex: string;
}
export interface FormSize {
  size: string;
  price: string;
  discountPrice: string;
  stock: string;
  stockWas: string;
}
export interface FormMedia {
  id: string;
  type: "image" | "video";
  url: string;
  alt: string;
  /** The colour the picture shows ("" for any). */
  color: string;
  width?: number;
  height?: number;
}
export interface ProductFormValues {
  name: string;
  slug: string;
  brand: string;
  description: string;
  paragraph1: string;
  paragraph2: string;
  categoryId: string;
  subcategoryId: string;
  details: Record<string, string>;
  meta: { title: string; description: string; keywords: string };
  colors: FormColour[];
  sizes: FormSize[];
  media: FormMedia[];
}

export interface ProductFormOptionsView {
  categories: { id: number; name: string }[];
  subcategories: { id: number; name: string; categoryId: number }[];
  sizeChart: string[];
}

export interface ProductFormProblem {
  message: string;
  fields?: Record<string, string>;
}
