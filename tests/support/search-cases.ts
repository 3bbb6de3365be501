/**
 * What shoppers type, and what the search must answer over the demo catalogue (db/seed/catalogue.ts):
 * each `finds` slug among the first five results, in any order; `nothing` finds no product at all.
 * Run through the API in process (tests/in-process/search-api.test.ts) and through the results page
 * and the suggestions (tests/worker/search-pages.test.ts).
 */
export interface SearchCase {
  query: string;
  kind: "misspelt" | "devanagari" | "hinglish" | "synonym" | "several words" | "plain" | "nothing";
  finds: string[];
}

export const SEARCH_CASES: SearchCase[] = [
  // One or two letters wrong, doubled or missing.
  { query: "anarkalli gown", kind: "misspelt", finds: ["blush-pink-chikankari-anarkali-gown"] },
  { query: "kurtee chikankari", kind: "misspelt", finds: ["ivory-chikankari-straight-kurti"] },
  {
    query: "dupata",
    kind: "misspelt",
    finds: ["rust-bagru-print-kurta-palazzo-set-with-dupatta", "pastel-pink-chikankari-kurta-set-with-dupatta"],
  },
  { query: "chikankri", kind: "misspelt", finds: ["ivory-chikankari-straight-kurti", "powder-blue-chikankari-co-ord-set"] },
  { query: "bandhni saree", kind: "misspelt", finds: ["blush-pink-georgette-bandhani-saree"] },
  { query: "leheria kurti", kind: "misspelt", finds: ["coral-leheriya-a-line-kurti", "rani-pink-leheriya-flared-a-line-kurti"] },
  { query: "georget saree", kind: "misspelt", finds: ["blush-pink-georgette-bandhani-saree"] },
  { query: "shifon", kind: "misspelt", finds: ["royal-blue-chiffon-leheriya-saree"] },
  { query: "velvat", kind: "misspelt", finds: ["maroon-velvet-festive-anarkali"] },
  { query: "banarsi", kind: "misspelt", finds: ["kumkum-red-banarasi-silk-saree"] },
  { query: "kanjivaram", kind: "misspelt", finds: ["emerald-kanjeevaram-style-silk-saree"] },
  { query: "ajrak", kind: "misspelt", finds: ["sage-green-ajrakh-print-straight-kurti", "navy-blue-ajrakh-kurta-pant-set"] },
  {
    query: "plazo",
    kind: "misspelt",
    finds: ["rust-bagru-print-kurta-palazzo-set-with-dupatta", "emerald-printed-rayon-kurta-palazzo-set"],
  },
  { query: "paisly dress", kind: "misspelt", finds: ["black-paisley-rayon-midi-dress", "terracotta-paisley-cotton-maxi-dress"] },
  { query: "mustrd kurti", kind: "misspelt", finds: ["mustard-bagru-block-print-straight-kurti"] },

  // Devanagari.
  { query: "चिकनकारी कुर्ती", kind: "devanagari", finds: ["ivory-chikankari-straight-kurti"] },
  { query: "रेशम साड़ी", kind: "devanagari", finds: ["kumkum-red-banarasi-silk-saree", "emerald-kanjeevaram-style-silk-saree"] },
  { query: "लाल साड़ी", kind: "devanagari", finds: ["kumkum-red-banarasi-silk-saree"] },
  { query: "लाल सूट", kind: "devanagari", finds: ["wine-chanderi-silk-kurta-set-with-gota-dupatta"] },
  { query: "मखमल अनारकली", kind: "devanagari", finds: ["maroon-velvet-festive-anarkali"] },
  { query: "नीली कुर्ती", kind: "devanagari", finds: ["royal-blue-bandhani-a-line-kurti", "sky-blue-striped-handloom-short-kurti"] },
  { query: "पीली साड़ी", kind: "devanagari", finds: ["coral-leheriya-kota-doria-saree"] },
  { query: "गुलाबी अनारकली", kind: "devanagari", finds: ["blush-pink-chikankari-anarkali-gown"] },
  { query: "सफ़ेद कुर्ती", kind: "devanagari", finds: ["lemon-yellow-block-print-short-kurti"] },
  { query: "काली ड्रेस", kind: "devanagari", finds: ["black-paisley-rayon-midi-dress"] },
  { query: "हरी सूती कुर्ती", kind: "devanagari", finds: ["sage-green-ajrakh-print-straight-kurti"] },

  // Hinglish.
  { query: "laal saree", kind: "hinglish", finds: ["kumkum-red-banarasi-silk-saree"] },
  { query: "neela kurti", kind: "hinglish", finds: ["royal-blue-bandhani-a-line-kurti"] },
  {
    query: "suti saree",
    kind: "hinglish",
    finds: ["indigo-dabu-print-mulmul-cotton-saree", "mustard-handloom-cotton-saree-with-temple-border"],
  },
  { query: "resham saree", kind: "hinglish", finds: ["kumkum-red-banarasi-silk-saree"] },
  { query: "gulabi kurti", kind: "hinglish", finds: ["rani-pink-leheriya-flared-a-line-kurti"] },
  { query: "kala kurti", kind: "hinglish", finds: ["black-paisley-short-kurti-with-mandarin-collar"] },

  // The shop's synonyms.
  { query: "silk sari", kind: "synonym", finds: ["kumkum-red-banarasi-silk-saree", "wine-chanderi-silk-saree-with-zari-butta"] },
  { query: "chikankari salwar suit", kind: "synonym", finds: ["pastel-pink-chikankari-kurta-set-with-dupatta"] },
  { query: "chikankari coord", kind: "synonym", finds: ["powder-blue-chikankari-co-ord-set"] },
  { query: "magenta co-ord set", kind: "synonym", finds: ["magenta-bandhani-co-ord-set"] },
  { query: "black frock", kind: "synonym", finds: ["black-paisley-rayon-midi-dress"] },
  { query: "gharara", kind: "synonym", finds: ["mustard-bandhani-kurta-sharara-set"] },

  // Several words: the pieces matching all of them first.
  { query: "indigo cotton saree", kind: "several words", finds: ["indigo-dabu-print-mulmul-cotton-saree"] },
  { query: "mustard bandhani dress", kind: "several words", finds: ["mustard-bandhani-wrap-maxi-dress"] },
  { query: "block print co ord", kind: "several words", finds: ["rust-block-print-cotton-co-ord-set"] },
  { query: "navy ajrakh dress", kind: "several words", finds: ["navy-ajrakh-print-midi-dress-with-belt"] },
  { query: "red georgette anarkali", kind: "several words", finds: ["kumkum-red-gota-work-anarkali-kurta"] },
  { query: "teal cotton anarkali", kind: "several words", finds: ["teal-paisley-printed-cotton-anarkali"] },

  // Found as typed.
  { query: "velvet", kind: "plain", finds: ["maroon-velvet-festive-anarkali"] },
  { query: "kota doria", kind: "plain", finds: ["coral-leheriya-kota-doria-saree"] },

  // Nothing in the shop: no product, however forgiving.
  { query: "laptop", kind: "nothing", finds: [] },
  { query: "zzzz", kind: "nothing", finds: [] },
  { query: "iphone charger", kind: "nothing", finds: [] },
  { query: "bed", kind: "nothing", finds: [] },
  { query: "lehnga", kind: "nothing", finds: [] },
];
