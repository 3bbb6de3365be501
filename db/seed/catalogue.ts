/**
 * The demo catalogue: hand-written product lines, expanded into full records (sizes, stock,
 * reviews, copy) by a seeded generator so every run produces byte-identical data.
 */

import { deliveryReturnsText } from "../../app/lib/help-figures";
import type { ProductDetails, ProductTexts } from "../schema";

export type Silhouette = "kurti" | "kurta-set" | "anarkali" | "dress" | "saree" | "coord" | "lehenga";
export type Motif = "butta" | "paisley" | "block" | "leheriya" | "bandhani" | "stripes";
export type Neck = "round" | "v" | "mandarin";
export type Sleeves = "short" | "elbow" | "three-quarter" | "full";

/** What the image generator needs to draw a product. */
export interface Art {
  silhouette: Silhouette;
  motif: Motif;
  neck: Neck;
  sleeves: Sleeves;
  /** Gold zari trims instead of trims in the motif colour. */
  zari: boolean;
  /** Garment length and hem width, where the category allows variants. */
  hem?: "short" | "knee" | "a-line" | "midi" | "maxi";
  tiered?: boolean;
  /** Kurta sets come with a dupatta unless this is false. */
  dupatta?: boolean;
}

export interface Colour {
  name: string;
  hex: string;
}

export interface SeedSize {
  size: string;
  pricePaise: number;
  discountPricePaise: number | null;
  stock: number;
}

export interface SeedReview {
  name: string | null;
  rating: number;
  comment: string;
  verified: boolean;
  createdAt: Date;
}

export interface SeedProduct extends ProductTexts, ProductDetails {
  category: string;
  subcategory: string | null;
  colours: Colour[];
  sizes: SeedSize[];
  reviews: SeedReview[];
  createdAt: Date;
  art: Art;
  /** False for clearance pieces, which the shop does not take back. */
  returnable: boolean;
}

export interface SeedCategory {
  slug: string;
  name: string;
  subcategories: { slug: string; name: string }[];
}

export interface SeedCoupon {
  code: string;
  discountType: "percentage" | "flat";
  discountValue: number;
  minSubtotalPaise: number;
  startsAt: Date | null;
  endsAt: Date | null;
  isActive: boolean;
}

/** Order matters: it is the category position on the home page. Lehengas stays empty ("Coming Soon"). */
export const CATEGORIES: SeedCategory[] = [
  {
    slug: "kurtis",
    name: "Kurtis",
    subcategories: [
      { slug: "straight", name: "Straight Kurtis" },
      { slug: "a-line", name: "A-Line Kurtis" },
      { slug: "short", name: "Short Kurtis" },
    ],
  },
  { slug: "kurta-sets", name: "Kurta Sets", subcategories: [] },
  { slug: "anarkali", name: "Anarkali", subcategories: [] },
  {
    slug: "dresses",
    name: "Dresses",
    subcategories: [
      { slug: "maxi", name: "Maxi Dresses" },
      { slug: "midi", name: "Midi Dresses" },
    ],
  },
  {
    slug: "sarees",
    name: "Sarees",
    subcategories: [
      { slug: "cotton", name: "Cotton Sarees" },
      { slug: "silk", name: "Silk Sarees" },
      { slug: "georgette", name: "Georgette & Chiffon" },
    ],
  },
  { slug: "co-ord-sets", name: "Co-ord Sets", subcategories: [] },
  { slug: "lehengas", name: "Lehengas", subcategories: [] },
];

export const COLOURS = {
  Black: "#25211F",
  "Blush Pink": "#E7B9BC",
  "Bottle Green": "#1F4D3A",
  Charcoal: "#3A3A40",
  Coral: "#E27459",
  Emerald: "#1E7A58",
  Grey: "#9C9A9E",
  Indigo: "#2F3C73",
  Ivory: "#F2EBDD",
  "Kumkum Red": "#9E1B2E",
  Lavender: "#B6A5D7",
  Lemon: "#E8D35E",
  Lilac: "#C5B3DB",
  Lime: "#B8C44E",
  Magenta: "#B0306A",
  Marigold: "#E39B2D",
  Maroon: "#7B1E2E",
  "Midnight Blue": "#1E2850",
  Mint: "#A9D6BD",
  Mustard: "#D4A03A",
  Navy: "#23305A",
  Olive: "#6E6F2F",
  Orange: "#E5702F",
  "Pastel Pink": "#EDBFCB",
  Peach: "#F3B796",
  "Powder Blue": "#B9CFE0",
  "Rani Pink": "#C8266B",
  "Royal Blue": "#2B4BA0",
  Rust: "#A64B2A",
  Sage: "#93A98C",
  "Sea Green": "#3E9A83",
  "Sky Blue": "#8FBADA",
  Teal: "#1F6F6A",
  Terracotta: "#C2653C",
  White: "#F6F3EC",
  Wine: "#682037",
  Yellow: "#EFC73F",
} as const;
type ColourName = keyof typeof COLOURS;

type Size = "XS" | "S" | "M" | "L" | "XL" | "XXL" | "3XL" | "4XL";
const ALL_SIZES: Size[] = ["XS", "S", "M", "L", "XL", "XXL", "3XL", "4XL"];

interface Line {
  name: string;
  category: string;
  sub?: string;
  art: Partial<Art> & { motif: Motif };
  fabric: string;
  print: string;
  colours: ColourName[];
  /** Rupees for the regular sizes; plus sizes cost a little more. */
  price: number;
  /** Percent off; 0 means no sale price. */
  off: number;
  occasion: string;
  description: string;
  sizes?: Size[];
  /** Demo cases the shop must handle: sold out everywhere, or only the pricier plus sizes left. */
  stock?: "sold-out" | "plus-only";
}

// prettier-ignore
const LINES: Line[] = [
  // Kurtis
  {
    name: "Indigo Dabu Print Cotton Straight Kurti",
    category: "kurtis",
    sub: "straight",
    art: { motif: "block" },
    fabric: "Cotton",
    print: "Dabu mud-resist hand block print",
    colours: ["Indigo", "Rust"],
    price: 899,
    off: 20,
    occasion: "Daily wear, office wear",
    description: "A breezy knee-length kurti in soft cotton, hand block printed in the Dabu mud-resist style of Rajasthan.",
  },
  {
    name: "Mustard Bagru Block Print Straight Kurti",
    category: "kurtis",
    sub: "straight",
    art: { motif: "block", neck: "mandarin" },
    fabric: "Cotton",
    print: "Bagru hand block print",
    colours: ["Mustard", "Olive", "Indigo"],
    price: 999,
    off: 25,
    occasion: "Daily wear, casual outings",
    description: "A sunny mustard kurti with a mandarin collar and earthy Bagru block prints from the village that made them famous.",
  },
  {
    name: "Ivory Chikankari Straight Kurti",
    category: "kurtis",
    sub: "straight",
    art: { motif: "butta" },
    fabric: "Cotton mulmul",
    print: "Lucknowi chikankari hand embroidery",
    colours: ["Ivory", "Powder Blue", "Blush Pink"],
    price: 1499,
    off: 15,
    occasion: "Office wear, festive day events",
    description: "Fine Lucknowi chikankari butta worked by hand on airy mulmul, for quiet elegance on warm days.",
  },
  {
    name: "Teal Khadi Cotton Straight Kurti with Pintucks",
    category: "kurtis",
    sub: "straight",
    art: { motif: "stripes", neck: "mandarin" },
    fabric: "Handspun khadi cotton",
    print: "Woven pinstripes with pintucks",
    colours: ["Teal", "Charcoal"],
    price: 1199,
    off: 0,
    occasion: "Office wear",
    description: "Handspun khadi with woven pinstripes and a pintucked yoke, a kurti that gets softer with every wash.",
  },
  {
    name: "Maroon Paisley Print Rayon Straight Kurti",
    category: "kurtis",
    sub: "straight",
    art: { motif: "paisley", neck: "v" },
    fabric: "Rayon",
    print: "Paisley print",
    colours: ["Maroon", "Navy"],
    price: 799,
    off: 30,
    occasion: "Daily wear, college",
    description: "A fluid rayon kurti with an all-over paisley print and a neat V-neck that works from morning class to evening plans.",
  },
  {
    name: "Sage Green Ajrakh Print Straight Kurti",
    category: "kurtis",
    sub: "straight",
    art: { motif: "block" },
    fabric: "Cotton",
    print: "Ajrakh hand block print",
    colours: ["Sage", "Indigo"],
    price: 1299,
    off: 10,
    occasion: "Office wear, casual outings",
    description: "Geometric Ajrakh block prints in calm sage, printed by hand with natural-dye inspired shades.",
  },
  {
    name: "Coral Leheriya A-Line Kurti",
    category: "kurtis",
    sub: "a-line",
    art: { motif: "leheriya", hem: "a-line" },
    fabric: "Cotton",
    print: "Leheriya tie-dye",
    colours: ["Coral", "Lime"],
    price: 1099,
    off: 20,
    occasion: "Casual outings, festive day events",
    description: "A flared A-line kurti in coral leheriya, the wave-like tie-dye of Jaipur, made for summer festivities.",
  },
  {
    name: "Royal Blue Bandhani A-Line Kurti",
    category: "kurtis",
    sub: "a-line",
    art: { motif: "bandhani", hem: "a-line", neck: "v" },
    fabric: "Rayon crepe",
    print: "Bandhani print",
    colours: ["Royal Blue", "Magenta"],
    price: 1199,
    off: 25,
    occasion: "Daily wear, festive",
    description: "Rich royal blue with tiny bandhani dots, cut in an easy A-line that flatters every height.",
  },
  {
    name: "Peach Floral Butta A-Line Kurti",
    category: "kurtis",
    sub: "a-line",
    art: { motif: "butta", hem: "a-line" },
    fabric: "Cotton cambric",
    print: "Floral butta print",
    colours: ["Peach", "Mint"],
    price: 949,
    off: 15,
    occasion: "Daily wear, office wear",
    description: "Soft peach cambric scattered with tiny floral buttas, an everyday kurti that still feels special.",
  },
  {
    name: "Bottle Green Gota Patti A-Line Kurti",
    category: "kurtis",
    sub: "a-line",
    art: { motif: "butta", hem: "a-line", zari: true, sleeves: "full" },
    fabric: "Chanderi cotton silk",
    print: "Gota patti work",
    colours: ["Bottle Green", "Wine"],
    price: 1699,
    off: 20,
    occasion: "Festive, wedding functions",
    description: "Chanderi in deep bottle green with hand-applied gota patti that catches the light at every haldi and mehendi.",
  },
  {
    name: "Rani Pink Leheriya Flared A-Line Kurti",
    category: "kurtis",
    sub: "a-line",
    art: { motif: "leheriya", hem: "a-line", neck: "v" },
    fabric: "Cotton",
    print: "Leheriya tie-dye",
    colours: ["Rani Pink", "Orange"],
    price: 1299,
    off: 0,
    occasion: "Festive, Teej and Gangaur",
    description: "Bold rani pink leheriya with a generous flare, the colour of Teej in a kurti you will reach for all year.",
  },
  {
    name: "Lemon Yellow Block Print Short Kurti",
    category: "kurtis",
    sub: "short",
    art: { motif: "block", hem: "short", sleeves: "elbow" },
    fabric: "Cotton",
    print: "Hand block print",
    colours: ["Lemon", "White"],
    price: 699,
    off: 14,
    occasion: "Casual outings, college",
    description: "A cheerful hip-length kurti in lemon cotton that pairs as well with jeans as with palazzos.",
    sizes: ["XS", "S", "M", "L", "XL", "XXL"],
  },
  {
    name: "Black Paisley Short Kurti with Mandarin Collar",
    category: "kurtis",
    sub: "short",
    art: { motif: "paisley", hem: "short", neck: "mandarin", sleeves: "elbow" },
    fabric: "Rayon",
    print: "Paisley print",
    colours: ["Black", "Maroon"],
    price: 749,
    off: 20,
    occasion: "Casual outings, office wear",
    description: "A short black kurti with ivory paisleys and a crisp mandarin collar, the easiest top in your wardrobe.",
    sizes: ["XS", "S", "M", "L", "XL", "XXL"],
  },
  {
    name: "Sky Blue Striped Handloom Short Kurti",
    category: "kurtis",
    sub: "short",
    art: { motif: "stripes", hem: "short", sleeves: "elbow" },
    fabric: "Handloom cotton",
    print: "Woven stripes",
    colours: ["Sky Blue", "Grey"],
    price: 699,
    off: 0,
    occasion: "Daily wear, college",
    description: "Handloom cotton in sky blue stripes, woven on pit looms and finished with a simple round neck.",
    sizes: ["XS", "S", "M", "L", "XL", "XXL"],
    stock: "sold-out",
  },

  // Kurta sets
  {
    name: "Rust Bagru Print Kurta Palazzo Set with Dupatta",
    category: "kurta-sets",
    art: { motif: "block" },
    fabric: "Cotton",
    print: "Bagru hand block print",
    colours: ["Rust", "Indigo"],
    price: 2199,
    off: 30,
    occasion: "Festive, office wear",
    description: "A three-piece set of block printed kurta, flowing palazzo and a light dupatta in warm rust.",
  },
  {
    name: "Pastel Pink Chikankari Kurta Set with Dupatta",
    category: "kurta-sets",
    art: { motif: "butta" },
    fabric: "Georgette with cotton lining",
    print: "Chikankari embroidery",
    colours: ["Pastel Pink", "Lilac"],
    price: 2799,
    off: 20,
    occasion: "Festive, day weddings",
    description: "Delicate chikankari on pastel georgette with a matching dupatta, made for daytime celebrations.",
  },
  {
    name: "Navy Blue Ajrakh Kurta Pant Set",
    category: "kurta-sets",
    art: { motif: "block", neck: "mandarin", dupatta: false },
    fabric: "Cotton",
    print: "Ajrakh hand block print",
    colours: ["Navy", "Maroon"],
    price: 1999,
    off: 15,
    occasion: "Office wear",
    description: "A navy Ajrakh kurta with straight pants and a mandarin collar, sharp enough for the boardroom.",
  },
  {
    name: "Mint Green Leheriya Kurta Set with Kota Dupatta",
    category: "kurta-sets",
    art: { motif: "leheriya" },
    fabric: "Cotton, kota doria dupatta",
    print: "Leheriya tie-dye",
    colours: ["Mint", "Peach"],
    price: 2399,
    off: 25,
    occasion: "Festive, Teej",
    description: "Cool mint leheriya paired with a sheer kota doria dupatta for humid festive afternoons.",
  },
  {
    name: "Mustard Bandhani Kurta Sharara Set",
    category: "kurta-sets",
    art: { motif: "bandhani", zari: true },
    fabric: "Modal silk",
    print: "Bandhani print with gota lace",
    colours: ["Mustard", "Magenta"],
    price: 3299,
    off: 20,
    occasion: "Mehendi, haldi, festive",
    description: "A mustard bandhani kurta with a flared sharara and gota lace, made for the haldi and mehendi season.",
  },
  {
    name: "Wine Chanderi Silk Kurta Set with Gota Dupatta",
    category: "kurta-sets",
    art: { motif: "butta", zari: true, sleeves: "full" },
    fabric: "Chanderi silk",
    print: "Zari butta weave with gota work",
    colours: ["Wine", "Bottle Green"],
    price: 3999,
    off: 0,
    occasion: "Weddings, Diwali",
    description: "Wine Chanderi silk with woven zari buttas and a gota-edged dupatta, our most-loved Diwali set.",
    stock: "plus-only",
  },
  {
    name: "Ivory Paisley Print Cotton Kurta Set",
    category: "kurta-sets",
    art: { motif: "paisley" },
    fabric: "Cotton",
    print: "Paisley print",
    colours: ["Ivory", "Indigo"],
    price: 1799,
    off: 10,
    occasion: "Daily wear, office wear",
    description: "Indigo paisleys on an ivory ground, a fresh cotton kurta set with a printed dupatta.",
  },
  {
    name: "Emerald Printed Rayon Kurta Palazzo Set",
    category: "kurta-sets",
    art: { motif: "paisley", neck: "v", dupatta: false },
    fabric: "Rayon",
    print: "Paisley print",
    colours: ["Emerald", "Black"],
    price: 1599,
    off: 25,
    occasion: "Daily wear, casual outings",
    description: "An emerald rayon kurta and palazzo set that travels well and never needs much ironing.",
  },

  // Anarkali
  {
    name: "Kumkum Red Gota Work Anarkali Kurta",
    category: "anarkali",
    art: { motif: "butta", zari: true },
    fabric: "Georgette",
    print: "Gota patti work",
    colours: ["Kumkum Red", "Emerald"],
    price: 2999,
    off: 20,
    occasion: "Weddings, Karva Chauth",
    description: "A kumkum red georgette Anarkali with gota work on the yoke and a twirl-worthy flare.",
  },
  {
    name: "Midnight Blue Georgette Anarkali with Zari Hem",
    category: "anarkali",
    art: { motif: "butta", zari: true, neck: "v" },
    fabric: "Georgette",
    print: "Zari embroidered hem",
    colours: ["Midnight Blue", "Wine"],
    price: 3499,
    off: 25,
    occasion: "Evening functions, sangeet",
    description: "Midnight blue georgette with a shimmering zari hem, made for sangeet nights and reception dinners.",
  },
  {
    name: "Marigold Leheriya Flared Anarkali",
    category: "anarkali",
    art: { motif: "leheriya" },
    fabric: "Cotton",
    print: "Leheriya tie-dye",
    colours: ["Marigold", "Rani Pink"],
    price: 2499,
    off: 15,
    occasion: "Haldi, Teej, festive",
    description: "Marigold leheriya in a full-flared Anarkali, as bright as the flowers it is named after.",
  },
  {
    name: "Teal Paisley Printed Cotton Anarkali",
    category: "anarkali",
    art: { motif: "paisley" },
    fabric: "Cotton",
    print: "Paisley print",
    colours: ["Teal", "Mustard"],
    price: 1999,
    off: 0,
    occasion: "Festive, casual outings",
    description: "An easy cotton Anarkali in teal with mustard paisleys, festive enough for puja and comfortable all day.",
  },
  {
    name: "Blush Pink Chikankari Anarkali Gown",
    category: "anarkali",
    art: { motif: "butta", zari: true, sleeves: "three-quarter" },
    fabric: "Georgette with viscose lining",
    print: "Chikankari with mukaish",
    colours: ["Blush Pink", "Ivory"],
    price: 4499,
    off: 20,
    occasion: "Weddings, engagement",
    description: "A floor-length blush pink gown with chikankari and mukaish, soft, romantic and made to be remembered.",
  },
  {
    name: "Bottle Green Bandhani Anarkali Kurta",
    category: "anarkali",
    art: { motif: "bandhani", zari: true },
    fabric: "Modal silk",
    print: "Bandhani print",
    colours: ["Bottle Green", "Maroon"],
    price: 3799,
    off: 30,
    occasion: "Festive, weddings",
    description: "Deep green modal silk with bandhani dots and a gota-edged hem, a festive classic.",
    stock: "sold-out",
  },
  {
    name: "Lavender Floral Block Print Anarkali",
    category: "anarkali",
    art: { motif: "block", neck: "v" },
    fabric: "Cotton",
    print: "Floral hand block print",
    colours: ["Lavender", "Sage"],
    price: 2299,
    off: 15,
    occasion: "Day functions, festive",
    description: "A lavender Anarkali with hand block printed florals, light enough for outdoor day functions.",
  },
  {
    name: "Maroon Velvet Festive Anarkali",
    category: "anarkali",
    art: { motif: "butta", zari: true, sleeves: "full" },
    fabric: "Micro velvet",
    print: "Zari and sequin butta",
    colours: ["Maroon", "Navy", "Black"],
    price: 5999,
    off: 25,
    occasion: "Winter weddings, receptions",
    description: "Plush maroon velvet with zari and sequin buttas, the warmest way to dress for a December wedding.",
    sizes: ["S", "M", "L", "XL", "XXL"],
  },

  // Dresses
  {
    name: "Indigo Block Print Tiered Maxi Dress",
    category: "dresses",
    sub: "maxi",
    art: { motif: "block", hem: "maxi", tiered: true },
    fabric: "Cotton",
    print: "Hand block print",
    colours: ["Indigo", "Rust"],
    price: 1699,
    off: 20,
    occasion: "Vacation, casual outings",
    description: "A tiered indigo maxi in hand block printed cotton, made for long walks and longer holidays.",
  },
  {
    name: "Terracotta Paisley Cotton Maxi Dress",
    category: "dresses",
    sub: "maxi",
    art: { motif: "paisley", hem: "maxi" },
    fabric: "Cotton",
    print: "Paisley print",
    colours: ["Terracotta", "Olive"],
    price: 1499,
    off: 0,
    occasion: "Casual outings, brunch",
    description: "Earthy terracotta paisleys on a flowing cotton maxi with flutter sleeves.",
  },
  {
    name: "Mustard Bandhani Wrap Maxi Dress",
    category: "dresses",
    sub: "maxi",
    art: { motif: "bandhani", hem: "maxi" },
    fabric: "Rayon",
    print: "Bandhani print",
    colours: ["Mustard", "Teal"],
    price: 1899,
    off: 25,
    occasion: "Festive, vacation",
    description: "A wrap-style maxi in mustard bandhani that ties at the waist and flatters every shape.",
  },
  {
    name: "Sage Leheriya Flared Maxi Dress",
    category: "dresses",
    sub: "maxi",
    art: { motif: "leheriya", hem: "maxi" },
    fabric: "Cotton voile",
    print: "Leheriya tie-dye",
    colours: ["Sage", "Coral"],
    price: 1799,
    off: 15,
    occasion: "Day events, vacation",
    description: "Sage leheriya on airy cotton voile, flared from a fitted bodice for an easy summer silhouette.",
  },
  {
    name: "Ivory Schiffli Tiered Maxi Dress",
    category: "dresses",
    sub: "maxi",
    art: { motif: "butta", hem: "maxi", tiered: true },
    fabric: "Cotton schiffli",
    print: "Schiffli embroidery",
    colours: ["Ivory", "Powder Blue"],
    price: 2199,
    off: 10,
    occasion: "Brunch, day events",
    description: "An ivory tiered maxi in schiffli-embroidered cotton, light as air and lined for comfort.",
  },
  {
    name: "Coral Floral Butta Midi Dress",
    category: "dresses",
    sub: "midi",
    art: { motif: "butta", hem: "midi" },
    fabric: "Cotton",
    print: "Floral butta print",
    colours: ["Coral", "Mint"],
    price: 1199,
    off: 20,
    occasion: "Casual outings, office wear",
    description: "A coral midi with tiny floral buttas, a fitted bodice and a skirt that swings as you walk.",
  },
  {
    name: "Navy Ajrakh Print Midi Dress with Belt",
    category: "dresses",
    sub: "midi",
    art: { motif: "block", hem: "midi" },
    fabric: "Cotton",
    print: "Ajrakh hand block print",
    colours: ["Navy", "Maroon"],
    price: 1399,
    off: 25,
    occasion: "Office wear, casual outings",
    description: "A navy Ajrakh midi with a self-fabric belt, smart enough for work and relaxed enough for weekends.",
  },
  {
    name: "Lime Leheriya Cotton Midi Dress",
    category: "dresses",
    sub: "midi",
    art: { motif: "leheriya", hem: "midi" },
    fabric: "Cotton",
    print: "Leheriya tie-dye",
    colours: ["Lime", "Rani Pink"],
    price: 999,
    off: 10,
    occasion: "Casual outings, vacation",
    description: "Fresh lime leheriya in a flared cotton midi, a happy dress for sunny days.",
    sizes: ["XS", "S", "M", "L", "XL", "XXL"],
  },
  {
    name: "Black Paisley Rayon Midi Dress",
    category: "dresses",
    sub: "midi",
    art: { motif: "paisley", hem: "midi", sleeves: "elbow" },
    fabric: "Rayon",
    print: "Paisley print",
    colours: ["Black", "Wine"],
    price: 1099,
    off: 0,
    occasion: "Evening outings, office wear",
    description: "A black rayon midi with ivory paisleys and elbow sleeves, the dress that goes everywhere.",
  },

  // Sarees
  {
    name: "Indigo Dabu Print Mulmul Cotton Saree",
    category: "sarees",
    sub: "cotton",
    art: { motif: "block" },
    fabric: "Mulmul cotton",
    print: "Dabu mud-resist hand block print",
    colours: ["Indigo", "Black"],
    price: 1299,
    off: 15,
    occasion: "Office wear, daily wear",
    description: "A featherlight mulmul saree in indigo Dabu print that drapes easily for long working days.",
  },
  {
    name: "Mustard Handloom Cotton Saree with Temple Border",
    category: "sarees",
    sub: "cotton",
    art: { motif: "stripes" },
    fabric: "Handloom cotton",
    print: "Woven stripes with temple border",
    colours: ["Mustard", "Ivory"],
    price: 1599,
    off: 0,
    occasion: "Festive, office wear",
    description: "A handloom cotton saree in mustard with a woven temple border, crisp, breathable and timeless.",
  },
  {
    name: "Coral Leheriya Kota Doria Saree",
    category: "sarees",
    sub: "cotton",
    art: { motif: "leheriya" },
    fabric: "Kota doria cotton",
    print: "Leheriya tie-dye",
    colours: ["Coral", "Yellow"],
    price: 1899,
    off: 20,
    occasion: "Teej, day events",
    description: "Sheer kota doria in coral leheriya, the saree Rajasthan wears through the monsoon.",
  },
  {
    name: "Kumkum Red Banarasi Silk Saree",
    category: "sarees",
    sub: "silk",
    art: { motif: "paisley", zari: true },
    fabric: "Banarasi art silk",
    print: "Zari paisley weave",
    colours: ["Kumkum Red", "Royal Blue"],
    price: 6999,
    off: 15,
    occasion: "Weddings, Karva Chauth",
    description: "A kumkum red Banarasi with woven zari paisleys and a rich pallu, made for the biggest days.",
  },
  {
    name: "Emerald Kanjeevaram Style Silk Saree",
    category: "sarees",
    sub: "silk",
    art: { motif: "butta", zari: true },
    fabric: "Soft silk",
    print: "Zari butta weave with contrast border",
    colours: ["Emerald", "Magenta"],
    price: 8999,
    off: 10,
    occasion: "Weddings, festive",
    description: "Emerald soft silk with zari buttas and a contrast border in the Kanjeevaram tradition.",
    stock: "sold-out",
  },
  {
    name: "Wine Chanderi Silk Saree with Zari Butta",
    category: "sarees",
    sub: "silk",
    art: { motif: "butta", zari: true },
    fabric: "Chanderi silk cotton",
    print: "Zari butta weave",
    colours: ["Wine", "Peach"],
    price: 3499,
    off: 20,
    occasion: "Festive, evening functions",
    description: "Wine Chanderi with tiny zari buttas, a light festive saree that is easy to carry all evening.",
  },
  {
    name: "Blush Pink Georgette Bandhani Saree",
    category: "sarees",
    sub: "georgette",
    art: { motif: "bandhani", zari: true },
    fabric: "Georgette",
    print: "Bandhani print with gota border",
    colours: ["Blush Pink", "Sea Green"],
    price: 2499,
    off: 25,
    occasion: "Day weddings, festive",
    description: "Blush pink georgette with bandhani dots and a slim gota border, fluid and easy to drape.",
  },
  {
    name: "Royal Blue Chiffon Leheriya Saree",
    category: "sarees",
    sub: "georgette",
    art: { motif: "leheriya" },
    fabric: "Chiffon",
    print: "Leheriya print",
    colours: ["Royal Blue", "Lavender"],
    price: 2199,
    off: 0,
    occasion: "Parties, festive",
    description: "Royal blue chiffon in a leheriya print, light, flowing and made for dancing.",
  },

  // Co-ord sets
  {
    name: "Rust Block Print Cotton Co-ord Set",
    category: "co-ord-sets",
    art: { motif: "block", sleeves: "elbow" },
    fabric: "Cotton",
    print: "Hand block print",
    colours: ["Rust", "Sage"],
    price: 1699,
    off: 20,
    occasion: "Casual outings, travel",
    description: "A relaxed rust co-ord of boxy top and straight pants, hand block printed in Sanganer.",
  },
  {
    name: "Powder Blue Chikankari Co-ord Set",
    category: "co-ord-sets",
    art: { motif: "butta", sleeves: "elbow" },
    fabric: "Cotton mulmul",
    print: "Chikankari embroidery",
    colours: ["Powder Blue", "Ivory"],
    price: 2299,
    off: 15,
    occasion: "Brunch, office wear",
    description: "Powder blue mulmul with chikankari buttas, a co-ord that feels like a deep breath.",
    sizes: ["S", "M", "L", "XL", "XXL", "3XL"],
  },
  {
    name: "Olive Paisley Print Co-ord Set",
    category: "co-ord-sets",
    art: { motif: "paisley", neck: "v", sleeves: "elbow" },
    fabric: "Rayon",
    print: "Paisley print",
    colours: ["Olive", "Mustard"],
    price: 1499,
    off: 25,
    occasion: "Travel, casual outings",
    description: "An olive rayon co-ord with mustard paisleys, made for flights, road trips and long lunches.",
  },
  {
    name: "Magenta Bandhani Co-ord Set",
    category: "co-ord-sets",
    art: { motif: "bandhani", sleeves: "elbow" },
    fabric: "Modal",
    print: "Bandhani print",
    colours: ["Magenta", "Black"],
    price: 1899,
    off: 0,
    occasion: "Festive, parties",
    description: "Bold magenta bandhani in a soft modal co-ord that moves from festive lunches to evening plans.",
    stock: "sold-out",
  },
  {
    name: "Teal Leheriya Kurti and Pant Co-ord",
    category: "co-ord-sets",
    art: { motif: "leheriya", sleeves: "three-quarter" },
    fabric: "Cotton",
    print: "Leheriya tie-dye",
    colours: ["Teal", "Coral"],
    price: 1599,
    off: 20,
    occasion: "Daily wear, office wear",
    description: "A teal leheriya short kurti with matching straight pants, one easy outfit for the whole day.",
  },
  {
    name: "Ivory Striped Handloom Co-ord Set",
    category: "co-ord-sets",
    art: { motif: "stripes", neck: "mandarin", sleeves: "elbow" },
    fabric: "Handloom cotton",
    print: "Woven stripes",
    colours: ["Ivory", "Charcoal"],
    price: 1799,
    off: 10,
    occasion: "Office wear, travel",
    description: "Ivory handloom with fine charcoal stripes and a mandarin collar, understated and beautifully made.",
  },
  {
    name: "Indigo Dabu Print Co-ord Set",
    category: "co-ord-sets",
    art: { motif: "block", sleeves: "elbow" },
    fabric: "Cotton",
    print: "Dabu mud-resist hand block print",
    colours: ["Indigo", "Rust"],
    price: 1999,
    off: 15,
    occasion: "Casual outings, travel",
    description: "Indigo Dabu print in a boxy top and easy pants, our bestselling print in its most relaxed form.",
  },
];

/** The shop's one promise, from the same figures as the FAQ and the policies (the product page shows those, not this). */
const DELIVERY_RETURNS = deliveryReturnsText;

const SILHOUETTE: Record<string, Silhouette> = {
  kurtis: "kurti",
  "kurta-sets": "kurta-set",
  anarkali: "anarkali",
  dresses: "dress",
  sarees: "saree",
  "co-ord-sets": "coord",
  lehengas: "lehenga",
};

const MOTIF_STORY: Record<Motif, string> = {
  block:
    "Every repeat is stamped by hand with carved wooden blocks, so the tiny shifts in the print are the mark of the craft, not a flaw.",
  butta: "Small buttas are scattered evenly across the fabric, a classic detail that reads festive without ever feeling loud.",
  paisley:
    "The paisley, or keri, is one of India's oldest motifs; here it is printed in a soft repeat that sits as well with juttis as with sneakers.",
  leheriya: "Leheriya, the wave-like tie-dye of Rajasthan, is made by rolling the fabric and resist-dyeing it in diagonal bands.",
  bandhani: "Bandhani dots begin as thousands of tiny knots tied before dyeing, which is what gives the fabric its speckled glow.",
  stripes: "The stripes are woven into the cloth on the loom rather than printed on top, so they stay crisp wash after wash.",
};

const INTRO: Record<Silhouette, string[]> = {
  kurti: [
    "Our {name} is cut for long days that start at the office and end over chai with friends.",
    "The {name} is the kind of kurti you reach for without thinking: comfortable, neat and quietly pretty.",
  ],
  "kurta-set": [
    "The {name} takes the guesswork out of dressing: kurta, bottom and finishing touches, all made to go together.",
    "A complete look in one parcel, the {name} is stitched in our Ghaziabad workshop and finished by hand.",
  ],
  anarkali: [
    "The {name} has a fitted bodice and a generous flare that moves beautifully when you walk, dance or twirl.",
    "Made for celebrations, the {name} is cut from many panels so the skirt falls in soft, even folds.",
  ],
  dress: [
    "The {name} brings Indian prints to an easy Western silhouette you can wear almost anywhere.",
    "Fitted through the bodice and relaxed below, the {name} is as comfortable as it is flattering.",
  ],
  saree: [
    "Six yards of calm, the {name} drapes easily and holds its pleats through a long day.",
    "The {name} comes with an unstitched blouse piece so your tailor can make it exactly your way.",
  ],
  coord: [
    "The {name} is two pieces that work together and apart, for more outfits from less packing.",
    "A matching set with a relaxed fit, the {name} is what we wear when we want to look put together in a minute.",
  ],
  lehenga: ["The {name} is made for the big day."],
};

const STYLING: Record<Silhouette, string> = {
  kurti: "Style it with cigarette pants or palazzos, oxidised silver jhumkas and kolhapuris.",
  "kurta-set": "Add juttis and a pair of statement earrings and you are ready to go.",
  anarkali: "Pair it with churidar, juttis and a potli bag; a pair of chandbalis finishes the look.",
  dress: "Wear it with flat sandals by day, or add block heels and silver jewellery in the evening.",
  saree: "Team it with a contrast blouse and temple jewellery, or keep it minimal with a sleeveless blouse and studs.",
  coord: "Wear the set together, or split it: the top works with jeans and the pants with a plain kurti.",
  lehenga: "Pair it with kundan jewellery.",
};

function fabricNote(fabric: string): { note: string; care: string } {
  const f = fabric.toLowerCase();
  if (f.includes("velvet"))
    return {
      note: "Micro velvet has a soft pile that glows under evening light and keeps you warm through winter functions.",
      care: "Dry clean only. Store flat, away from direct sunlight.",
    };
  if (f.includes("silk"))
    return {
      note: "The silk has a gentle sheen and a fluid fall, with zari that stays bright because it is kept away from harsh washing.",
      care: "Dry clean only. Store wrapped in a cotton cloth; avoid spraying perfume on the zari.",
    };
  if (f.includes("georgette") || f.includes("chiffon"))
    return {
      note: "Lightweight and fluid, the fabric floats as you move and is lined where it needs to be.",
      care: "Dry clean recommended, or gentle hand wash in cold water. Do not wring; iron on low heat.",
    };
  if (f.includes("rayon") || f.includes("modal") || f.includes("crepe"))
    return {
      note: "The fabric is soft against the skin with a lovely drape and resists creasing through a busy day.",
      care: "Hand wash in cold water with mild detergent. Dry in shade; iron on low heat.",
    };
  return {
    note: "The cotton breathes through hot Ghaziabad summers and only gets softer with every wash.",
    care: "Hand wash separately in cold water; the first wash may bleed a little colour. Dry in shade; warm iron.",
  };
}

const FIT: Record<Silhouette, string> = {
  kurti: "Straight fit",
  "kurta-set": "Regular fit kurta, relaxed bottom",
  anarkali: "Fitted bodice, flared",
  dress: "Fit and flare",
  saree: "Free size drape",
  coord: "Relaxed fit",
  lehenga: "Flared",
};

function lengthOf({ silhouette, hem, dupatta }: Art): string {
  switch (silhouette) {
    case "kurti":
      return hem === "short" ? "Hip length, 30 in" : hem === "a-line" ? "Calf length, 46 in" : "Knee length, 44 in";
    case "kurta-set":
      return dupatta === false ? "Kurta 44 in, bottom 38 in" : "Kurta 44 in, bottom 38 in, dupatta 2.25 m";
    case "anarkali":
      return "Ankle length, 52 in";
    case "dress":
      return hem === "midi" ? "Calf length, 46 in" : "Ankle length, 54 in";
    case "saree":
      return "Saree 5.5 m, blouse piece 0.8 m (unstitched)";
    case "coord":
      return "Top 27 in, pants 38 in";
    case "lehenga":
      return "Floor length";
  }
}

const NECK_TEXT: Record<Neck, string> = { round: "round neck", v: "V-neck", mandarin: "mandarin collar" };
const SLEEVE_TEXT: Record<Sleeves, string> = {
  short: "Short sleeves",
  elbow: "Elbow sleeves",
  "three-quarter": "Three-quarter sleeves",
  full: "Full sleeves",
};

const REVIEWERS = [
  "Priya Sharma",
  "Neha Gupta",
  "Ananya Iyer",
  "Kavita Rawat",
  "Sneha Verma",
  "Ritu Agarwal",
  "Pooja Mehta",
  "Shalini Singh",
  "Divya Nair",
  "Megha Joshi",
  "Aarti Bansal",
  "Swati Kulkarni",
  "Nidhi Chauhan",
  "Farah Khan",
  "Harpreet Kaur",
  "Sunita Yadav",
  "Ishita Banerjee",
  "Tanvi Deshpande",
  "Rekha Pillai",
  "Simran Arora",
  "Anjali Tyagi",
  "Lakshmi Rao",
  "Bhavna Saxena",
  "Zoya Siddiqui",
  "Meenakshi Goel",
  "Payal Jain",
];

/** Review comments by rating (index 0 = 1 star); sarees get their own, since they have no fit to talk about. */
const COMMENTS: { any: string[][]; sized: string[][]; saree: string[][] } = {
  any: [
    ["Not happy with the colour, it looks much duller than in the photos."],
    ["The print was not as sharp as I expected for the price.", "Colour faded noticeably after the second wash."],
    ["Okay for the price. The fabric is thinner than I hoped.", "Pretty, but it creased a lot after the first wash."],
    [
      "Colour is a shade darker than the photo but still very pretty.",
      "Good quality and neat finishing. Delivery took six days to Jaipur.",
      "Lovely fabric; I wish there were more colours.",
    ],
    [
      "Beautiful fabric and the colour is exactly as shown. Got so many compliments!",
      "Delivered in five days, packed nicely with a handwritten thank-you note.",
      "Soft, breathable and so elegant. Worth every rupee.",
      "My mother loved it so much that I ordered another one for her.",
      "Third order from Aanchal and the quality has been consistent every time.",
    ],
  ],
  sized: [
    ["Received the wrong size; they replaced it but it took a while."],
    ["The size ran small, I had to ask for an exchange.", "Armholes are too tight for me."],
    ["Fabric is nice but the fit was loose around the shoulders.", "Slightly shorter than the length mentioned."],
    [
      "Lovely print. Slightly long for me (5'2\") but nothing a tailor can't fix.",
      "Comfortable for all-day wear. Would have loved pockets.",
      "Size up if you are between sizes, it is a snug fit.",
    ],
    [
      "Fits perfectly, I ordered my usual size. Stitching is neat and the print is lovely.",
      "Wore it to office and three people asked where it was from.",
      "Perfect fit and the fabric is so comfortable in this heat.",
    ],
  ],
  saree: [
    ["The blouse piece was missing from my parcel."],
    ["The border is thinner than it looks in the pictures."],
    ["Nice saree, but the fall and pico are not done, so budget for that.", "Drape is good but it slips a little; needs pins."],
    ["Beautiful saree. The blouse piece is generous and the colour is rich.", "Drapes easily, even for a beginner like me."],
    [
      "Pure elegance. The border looks even richer in person.",
      "Wore it for my cousin's wedding and felt like a queen.",
      "Lightweight and so easy to manage for a full day.",
    ],
  ],
};

/** mulberry32: tiny, fast and good enough to make the demo data look varied yet identical every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Search engines show about 160 characters: cut at a word boundary rather than mid-word. */
function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, text.lastIndexOf(" ", max - 1))}…`;
}

/** Rounds a rupee amount to a shop-style price ending in 9 (1274 -> 1269). */
const shopPrice = (rupees: number) => Math.max(599, Math.round(rupees / 10) * 10 - 1);

function buildSizes(line: Line, silhouette: Silhouette, rand: () => number): SeedSize[] {
  const names: string[] = silhouette === "saree" ? ["Free Size"] : (line.sizes ?? ALL_SIZES);
  const plusStep = line.price >= 3000 ? 200 : 100;
  return names.map((size) => {
    const plus = size === "XXL" ? 1 : size === "3XL" || size === "4XL" ? 2 : 0;
    const price = line.price + plus * plusStep;
    const discount = line.off > 0 ? shopPrice((price * (100 - line.off)) / 100) : null;
    let stock = rand() < 0.12 ? 0 : 2 + Math.floor(rand() * 24);
    if (line.stock === "sold-out" || (line.stock === "plus-only" && plus === 0)) stock = 0;
    if (line.stock === "plus-only" && plus > 0) stock = Math.max(stock, 3);
    return { size, pricePaise: price * 100, discountPricePaise: discount === null ? null : Math.min(discount, price) * 100, stock };
  });
}

const DAY = 86_400_000;
/** Fixed "now" for the demo, so reviews never land in the future and every run is identical. */
const CATALOGUE_START = Date.UTC(2025, 0, 12, 5, 30);
const DEMO_NOW = Date.UTC(2026, 10, 15, 12, 0);

function ratingFrom(r: number): number {
  return r < 0.55 ? 5 : r < 0.8 ? 4 : r < 0.92 ? 3 : r < 0.97 ? 2 : 1;
}

function buildReviews(silhouette: Silhouette, createdAt: number, rand: () => number): SeedReview[] {
  const count = Math.floor(rand() * 7);
  const reviews: SeedReview[] = [];
  for (let i = 0; i < count; i++) {
    const rating = ratingFrom(rand());
    const pools = [COMMENTS.any[rating - 1]!, (silhouette === "saree" ? COMMENTS.saree : COMMENTS.sized)[rating - 1]!];
    const pool = pools[Math.floor(rand() * 2)]!;
    const comment = pool[Math.floor(rand() * pool.length)]!;
    const name = rand() < 0.1 ? null : REVIEWERS[Math.floor(rand() * REVIEWERS.length)]!;
    // Reviews arrive from a week after launch until the demo's "now".
    const at = createdAt + 7 * DAY + Math.floor(rand() * Math.max(DAY, DEMO_NOW - createdAt - 7 * DAY));
    if (at > DEMO_NOW) continue;
    reviews.push({ name, rating, comment, verified: rand() < 0.75, createdAt: new Date(at) });
  }
  return reviews.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

function buildProduct(line: Line, index: number): SeedProduct {
  const rand = prng(0xaa0c4a1 + index * 7919);
  const silhouette = SILHOUETTE[line.category]!;
  const art: Art = {
    silhouette,
    motif: line.art.motif,
    neck: line.art.neck ?? "round",
    sleeves: line.art.sleeves ?? (silhouette === "dress" || silhouette === "saree" ? "short" : "three-quarter"),
    zari: line.art.zari ?? false,
    hem: line.art.hem,
    tiered: line.art.tiered,
    dupatta: line.art.dupatta,
  };
  const colours = line.colours.map((name) => ({ name, hex: COLOURS[name] }));
  const category = CATEGORIES.find((c) => c.slug === line.category)!;
  const fabric = fabricNote(line.fabric);
  const intros = INTRO[silhouette];
  const intro = intros[index % intros.length]!.replace("{name}", line.name);
  // Launches are spread over almost two years in an order unrelated to this list, so "newest" mixes categories.
  const span = DEMO_NOW - 30 * DAY - CATALOGUE_START;
  const createdAt = CATALOGUE_START + Math.floor(((index * 37) % LINES.length) * (span / LINES.length) + rand() * 5 * DAY);
  const sizeText =
    silhouette === "saree"
      ? "The saree is free size, with a 0.8 m blouse piece."
      : "Check the size chart before ordering; if you are between sizes, choose the larger one.";

  return {
    slug: slugify(line.name),
    name: line.name,
    description: line.description,
    brand: "Aanchal",
    category: line.category,
    subcategory: line.sub ?? null,
    paragraph1: `${intro} ${MOTIF_STORY[line.art.motif]}`,
    paragraph2: `${fabric.note} ${STYLING[silhouette]} ${sizeText}`,
    metaTitle: `${line.name} | Aanchal`,
    metaDescription: clip(`Shop the ${line.name} online at Aanchal. ${line.description}`, 160),
    metaKeywords: [line.name, category.name, line.fabric, line.print, ...line.colours, "ethnic wear for women", "Aanchal"]
      .map((k) => k.toLowerCase())
      .join(", "),
    fabric: line.fabric,
    fitType: line.art.hem === "a-line" ? "A-line fit" : FIT[silhouette],
    length: lengthOf(art),
    sleeveNeckType: silhouette === "saree" ? "Unstitched blouse piece" : `${SLEEVE_TEXT[art.sleeves]}, ${NECK_TEXT[art.neck]}`,
    patternPrint: line.print,
    occasionType: line.occasion,
    washCare: fabric.care,
    countryOfOrigin: "India",
    deliveryReturns: DELIVERY_RETURNS,
    colours,
    sizes: buildSizes(line, silhouette, rand),
    reviews: buildReviews(silhouette, createdAt, rand),
    createdAt: new Date(createdAt),
    art,
    returnable: !CLEARANCE.has(line.name),
  };
}

/** The demo's clearance pieces (the deepest markdowns): sold as final sale, so they cannot be returned. */
export const CLEARANCE = new Set([
  "Bottle Green Bandhani Anarkali Kurta",
  "Maroon Paisley Print Rayon Straight Kurti",
  "Rust Bagru Print Kurta Palazzo Set with Dupatta",
]);

export const PRODUCTS: SeedProduct[] = LINES.map(buildProduct);

export const COUPONS: SeedCoupon[] = [
  { code: "WELCOME10", discountType: "percentage", discountValue: 10, minSubtotalPaise: 0, startsAt: null, endsAt: null, isActive: true },
  { code: "FLAT200", discountType: "flat", discountValue: 20_000, minSubtotalPaise: 99_900, startsAt: null, endsAt: null, isActive: true },
  // Expired on purpose: tests and the demo use it to show the "coupon has expired" path.
  {
    code: "MONSOON25",
    discountType: "percentage",
    discountValue: 25,
    minSubtotalPaise: 149_900,
    startsAt: new Date(Date.UTC(2025, 6, 1)),
    endsAt: new Date(Date.UTC(2025, 8, 30, 18, 29, 59)),
    isActive: true,
  },
];
