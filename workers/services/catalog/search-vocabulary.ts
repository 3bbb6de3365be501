/**
 * The shop's own words, for the search (docs/product/search.md). Plain data the owner can extend:
 * add a spelling, a Hindi word or a new term here, and the search, its spelling tolerance and its
 * "Did you mean" use it after the next deploy.
 *
 * Each entry is one thing a shopper looks for:
 * - `term`: the shop's word for it (lower case), what "Did you mean" offers.
 * - `finds`: the catalogue's words or phrases that mean it, each matched as the start of a word
 *   ("kurti" finds "kurtis"). Found at full rank.
 * - `typed`: what shoppers type for it: other spellings, synonyms, Hinglish and Devanagari. Each of
 *   these (and the term itself) belongs to ONE entry only; tests/unit/search-vocabulary.test.ts
 *   checks it.
 * - `related`: near relations, found too but ranked below (kurta for kurti, maroon for red).
 *
 * Spelling slips (a letter or two wrong, doubled or missing) need no entry: the search forgives
 * them against every term and spelling here. In Devanagari the search ignores the nukta (ड़ = ड) and
 * reads chandrabindu as anusvara (ँ = ं), in what she types and in the words here alike.
 */
export interface VocabularyEntry {
  term: string;
  finds: readonly string[];
  typed: readonly string[];
  related?: readonly string[];
}

export const SEARCH_VOCABULARY: readonly VocabularyEntry[] = [
  // Garments
  {
    term: "kurti",
    finds: ["kurti"],
    typed: ["kurtee", "kurthi", "kurtis", "kurties", "kurtiyan", "कुर्ती", "कुरती", "कुर्तियां", "कुर्ति"],
    related: ["kurta"],
  },
  { term: "kurta", finds: ["kurta"], typed: ["kurtas", "kurtaa", "कुर्ता", "कुरता"], related: ["kurti"] },
  {
    term: "kurta set",
    finds: ["kurta set", "kurta palazzo set", "kurta pant set", "kurta sharara set"],
    typed: [
      "suit",
      "suits",
      "salwar",
      "salwar suit",
      "salwar kameez",
      "shalwar",
      "kameez",
      "churidar suit",
      "सूट",
      "सलवार",
      "सलवार सूट",
      "सलवार कमीज",
    ],
  },
  {
    term: "anarkali",
    finds: ["anarkali"],
    typed: ["anarkalli", "anarkalee", "anarkaly", "anarakali", "anarkalis", "frock suit", "अनारकली"],
    related: ["gown"],
  },
  {
    term: "saree",
    finds: ["saree"],
    typed: ["sari", "sarees", "saris", "saaree", "saari", "saadi", "sadi", "साड़ी"],
  },
  {
    term: "lehenga",
    finds: ["lehenga"],
    typed: ["lehnga", "lehanga", "lengha", "lahenga", "lahnga", "lehengas", "ghagra", "ghagra choli", "chaniya choli", "लहंगा", "घाघरा"],
  },
  {
    term: "dupatta",
    finds: ["dupatta"],
    typed: ["dupata", "duppata", "duppatta", "dupattas", "chunni", "chunari", "chunri", "odhni", "दुपट्टा", "चुन्नी", "चुनरी", "ओढनी"],
  },
  { term: "palazzo", finds: ["palazzo"], typed: ["plazo", "palazo", "plazzo", "palazzos", "plazos", "पलाजो", "प्लाजो"] },
  { term: "sharara", finds: ["sharara"], typed: ["shrara", "gharara", "शरारा", "गरारा"] },
  {
    term: "co-ord set",
    finds: ["co ord"],
    typed: ["coord", "co ord", "coords", "co ords", "coord set", "co ord set", "two piece", "2 piece", "matching set", "कोऑर्ड"],
  },
  { term: "dress", finds: ["dress"], typed: ["dresses", "frock", "frocks", "ड्रेस", "फ्रॉक"] },
  { term: "gown", finds: ["gown"], typed: ["gowns", "गाउन"], related: ["anarkali", "maxi"] },
  { term: "maxi", finds: ["maxi"], typed: ["maxi dress", "long dress"] },
  { term: "midi", finds: ["midi"], typed: ["midi dress"] },
  { term: "pant", finds: ["pant"], typed: ["pants", "trousers", "pajama", "pyjama", "पैंट", "पजामा"] },
  { term: "blouse", finds: ["blouse"], typed: ["blouse piece", "ब्लाउज"] },

  // Fabrics
  { term: "cotton", finds: ["cotton"], typed: ["cottan", "coton", "suti", "sooti", "सूती", "कॉटन"] },
  { term: "silk", finds: ["silk"], typed: ["resham", "reshmi", "silky", "रेशम", "रेशमी", "सिल्क"] },
  { term: "georgette", finds: ["georgette"], typed: ["georget", "jorjet", "georgete", "जॉर्जेट"] },
  { term: "chiffon", finds: ["chiffon"], typed: ["shifon", "chifon", "शिफॉन"] },
  { term: "rayon", finds: ["rayon"], typed: ["reyon", "रेयॉन"] },
  { term: "velvet", finds: ["velvet"], typed: ["velvat", "makhmal", "मखमल", "वेलवेट"] },
  { term: "chanderi", finds: ["chanderi"], typed: ["chanderee", "चंदेरी"] },
  { term: "khadi", finds: ["khadi"], typed: ["khaadi", "खादी"] },
  { term: "handloom", finds: ["handloom"], typed: ["hathkargha", "हथकरघा"] },
  { term: "mulmul", finds: ["mulmul"], typed: ["malmal", "मलमल"] },
  { term: "banarasi", finds: ["banarasi"], typed: ["benarasi", "banarsi", "बनारसी"] },
  { term: "kanjeevaram", finds: ["kanjeevaram"], typed: ["kanjivaram", "kanchipuram", "कांजीवरम"] },
  { term: "kota doria", finds: ["kota"], typed: ["kota", "kota doriya", "कोटा डोरिया"] },
  { term: "modal", finds: ["modal"], typed: [] },
  { term: "crepe", finds: ["crepe"], typed: ["crape"] },

  // Crafts and prints
  { term: "chikankari", finds: ["chikankari"], typed: ["chikan", "chikan kari", "chicken kari", "chikankaari", "चिकनकारी", "चिकन"] },
  { term: "bandhani", finds: ["bandhani"], typed: ["bandhej", "bandini", "bandhni", "bandhini", "बांधनी", "बंधेज"] },
  { term: "leheriya", finds: ["leheriya"], typed: ["lehariya", "leheria", "laheriya", "lehriya", "लहरिया"] },
  { term: "ajrakh", finds: ["ajrakh"], typed: ["ajrak", "अजरख"] },
  { term: "bagru", finds: ["bagru"], typed: ["बगरू"] },
  { term: "dabu", finds: ["dabu"], typed: ["daabu", "दाबू"] },
  { term: "block print", finds: ["block print"], typed: ["hand block", "block printed", "ठप्पा"] },
  { term: "gota patti", finds: ["gota"], typed: ["gota", "gotta", "gota work", "गोटा", "गोटा पत्ती"] },
  { term: "zari", finds: ["zari"], typed: ["jari", "जरी"] },
  { term: "paisley", finds: ["paisley"], typed: ["keri", "kairi", "पैस्ले"] },
  { term: "floral", finds: ["floral"], typed: ["flower", "flowers", "flowery", "phool", "phooldar", "फूल", "फूलदार"] },
  { term: "embroidery", finds: ["embroider"], typed: ["embroidered", "kadhai", "kadhaai", "कढाई"], related: ["chikankari"] },
  { term: "stripes", finds: ["stripe"], typed: ["striped", "stripe", "dhari", "धारी", "धारीदार"] },

  // Colours: a plain colour also finds the shop's shades of it, ranked below.
  { term: "red", finds: ["red"], typed: ["laal", "lal", "लाल"], related: ["maroon", "wine", "kumkum"] },
  { term: "blue", finds: ["blue"], typed: ["neela", "nila", "neeli", "नीला", "नीली"], related: ["indigo", "navy"] },
  { term: "green", finds: ["green"], typed: ["hara", "hari", "हरा", "हरी"], related: ["emerald", "sage", "mint", "olive", "teal"] },
  { term: "yellow", finds: ["yellow"], typed: ["peela", "pila", "peeli", "पीला", "पीली"], related: ["mustard", "lemon", "marigold"] },
  { term: "pink", finds: ["pink"], typed: ["gulabi", "गुलाबी"], related: ["magenta", "blush"] },
  { term: "black", finds: ["black"], typed: ["kala", "kaala", "kaali", "काला", "काली"], related: ["charcoal"] },
  { term: "white", finds: ["white"], typed: ["safed", "safaid", "सफेद"], related: ["ivory"] },
  { term: "orange", finds: ["orange"], typed: ["narangi", "नारंगी"], related: ["coral", "rust", "terracotta", "peach"] },
  { term: "purple", finds: ["purple"], typed: ["baingani", "jamuni", "बैंगनी", "जामुनी"], related: ["lavender", "lilac", "magenta"] },
  { term: "grey", finds: ["grey"], typed: ["gray", "slaty", "स्लेटी"], related: ["charcoal"] },
  { term: "brown", finds: ["brown"], typed: ["bhura", "भूरा"], related: ["rust", "terracotta"] },
  { term: "gold", finds: ["gold"], typed: ["golden", "sunehra", "सुनहरा"], related: ["zari"] },
  { term: "maroon", finds: ["maroon"], typed: ["mehroon", "मैरून"] },
  { term: "mustard", finds: ["mustard"], typed: ["sarson", "सरसों"] },
  { term: "ivory", finds: ["ivory"], typed: ["off white", "cream"] },
  { term: "indigo", finds: ["indigo"], typed: ["neel"] },
  { term: "navy", finds: ["navy"], typed: ["navy blue"] },
  { term: "lavender", finds: ["lavender"], typed: ["lavendar"] },
  { term: "magenta", finds: ["magenta"], typed: [] },
  { term: "emerald", finds: ["emerald"], typed: ["panna"] },
  { term: "terracotta", finds: ["terracotta"], typed: ["terracota"] },
  { term: "peach", finds: ["peach"], typed: ["aadu"] },

  // Occasions
  { term: "wedding", finds: ["wedding"], typed: ["shaadi", "shadi", "vivah", "शादी", "विवाह"], related: ["festive"] },
  { term: "festive", finds: ["festive"], typed: ["festival", "tyohar", "त्योहार"], related: ["wedding"] },
  { term: "office", finds: ["office"], typed: ["work wear", "officewear", "daftar", "ऑफिस"] },
  { term: "daily wear", finds: ["daily"], typed: ["daily", "everyday", "casual", "roz"] },
];

/**
 * Words that say nothing about the piece, left out of a search of several words (a search of only
 * such words keeps them). English, Hinglish and Hindi.
 */
export const SEARCH_STOP_WORDS: readonly string[] = [
  "a",
  "an",
  "and",
  "the",
  "of",
  "in",
  "with",
  "for",
  "women",
  "womens",
  "woman",
  "ladies",
  "girls",
  "aur",
  "ke",
  "ki",
  "ka",
  "wala",
  "wali",
  "mein",
  "और",
  "के",
  "की",
  "का",
  "वाला",
  "वाली",
  "में",
];
