import { describe, expect, it } from "vitest";
import { SEARCH_STOP_WORDS, SEARCH_VOCABULARY } from "../../workers/services/catalog/search-vocabulary";
import {
  anyOf,
  didYouMean,
  isNearMiss,
  lookUp,
  nearMisses,
  normalizeWord,
  readQuery,
  spellingDistance,
  tiersOf,
  wordsOf,
} from "../../workers/services/catalog/search-words";

const spelling = (text: string) => wordsOf(text).join(" ");

describe("the shop's vocabulary", () => {
  it("maps every term, spelling, synonym and Hindi word of an entry to that entry", () => {
    for (const entry of SEARCH_VOCABULARY) {
      for (const typed of [entry.term, ...entry.typed]) expect(lookUp(spelling(typed))?.term, typed).toBe(entry.term);
    }
  });

  it("never gives one spelling to two terms", () => {
    const owner = new Map<string, string>();
    for (const entry of SEARCH_VOCABULARY) {
      for (const typed of new Set([entry.term, ...entry.typed].map(spelling))) {
        expect(owner.get(typed) ?? entry.term, `"${typed}" is in "${owner.get(typed)}" and "${entry.term}"`).toBe(entry.term);
        owner.set(typed, entry.term);
      }
    }
  });

  it("holds words only: lower-case terms, something to find for each, no stop word as a spelling", () => {
    const stop = new Set(SEARCH_STOP_WORDS.map(normalizeWord));
    for (const entry of SEARCH_VOCABULARY) {
      expect(entry.term, entry.term).toBe(entry.term.toLowerCase());
      expect(entry.finds.length, entry.term).toBeGreaterThan(0);
      for (const text of [...entry.finds, ...entry.typed, ...(entry.related ?? [])]) {
        expect(spelling(text), text).not.toBe("");
        expect(stop.has(spelling(text)), text).toBe(false);
      }
    }
  });

  it("reads Hindi and Hinglish as the shop's terms, the nukta and chandrabindu either way", () => {
    const cases: [string, string][] = [
      ["कुर्ती", "kurti"],
      ["साड़ी", "saree"],
      ["साडी", "saree"],
      ["लहंगा", "lehenga"],
      ["लहँगा", "lehenga"],
      ["अनारकली", "anarkali"],
      ["दुपट्टा", "dupatta"],
      ["सूट", "kurta set"],
      ["सूती", "cotton"],
      ["रेशम", "silk"],
      ["लाल", "red"],
      ["नीला", "blue"],
      ["हरा", "green"],
      ["पीला", "yellow"],
      ["गुलाबी", "pink"],
      ["काला", "black"],
      ["सफ़ेद", "white"],
      ["सफेद", "white"],
      ["laal", "red"],
      ["neela", "blue"],
      ["suti", "cotton"],
      ["resham", "silk"],
    ];
    for (const [typed, term] of cases) expect(lookUp(spelling(typed))?.term, typed).toBe(term);
  });

  it("reads the shop's synonyms and plurals", () => {
    expect(lookUp("sari")?.term).toBe("saree");
    expect(lookUp("lehnga")?.term).toBe("lehenga");
    expect(lookUp("plazo")?.term).toBe("palazzo");
    expect(lookUp("coord")?.term).toBe("co-ord set");
    expect(lookUp("salwar suit")?.term).toBe("kurta set");
    expect(lookUp("kurtas")?.term).toBe("kurta");
    expect(lookUp("sharara")?.term).toBe("sharara");
    expect(lookUp("dupattas")?.term).toBe("dupatta");
    expect(lookUp("dabus")?.term).toBe("dabu");
  });
});

describe("spelling tolerance", () => {
  it("counts a letter wrong, doubled, missing or swapped as one slip", () => {
    expect(spellingDistance("dupata", "dupatta")).toBe(1);
    expect(spellingDistance("anarkalli", "anarkali")).toBe(1);
    expect(spellingDistance("velvat", "velvet")).toBe(1);
    expect(spellingDistance("chiffno", "chiffon")).toBe(1);
    expect(spellingDistance("kurtee", "kurti")).toBe(2);
    expect(spellingDistance("silk", "silk")).toBe(0);
    expect(spellingDistance("कुरती", "कुर्ती")).toBe(1);
  });

  it("forgives one slip from four letters and two from six", () => {
    expect(isNearMiss("sill", "silk")).toBe(true);
    expect(isNearMiss("sik", "silk")).toBe(false);
    expect(isNearMiss("kurtee", "kurti")).toBe(true);
    expect(isNearMiss("bandhni", "bandhani")).toBe(true);
    expect(isNearMiss("kurtaaa", "kurti")).toBe(false);
    expect(nearMisses("chikankri").map((e) => e.term)).toEqual(["chikankari"]);
    expect(nearMisses("georget").map((e) => e.term)).toEqual(["georgette"]);
  });

  it("does not over-match short words", () => {
    expect(isNearMiss("red", "bed")).toBe(false);
    expect(isNearMiss("bed", "red")).toBe(false);
    expect(nearMisses("bed")).toEqual([]);
    expect(nearMisses("rad")).toEqual([]);
    expect(nearMisses("laptop")).toEqual([]);
    expect(nearMisses("zzzz")).toEqual([]);
    // Four letters forgive one slip, not two: "pink" is not "mint".
    expect(isNearMiss("pink", "mint")).toBe(false);
  });

  it("finds a word as typed at full rank and a forgiven one below, only in the piece's own words", () => {
    const [typed] = readQuery("velvet");
    expect(typed).toMatchObject({ exact: ["velvet"], nearMiss: [], meant: null });
    const [slipped] = readQuery("velvit");
    expect(slipped).toMatchObject({ exact: ["velvit"], nearMiss: ["velvet"], meant: "velvet" });
    expect(tiersOf(slipped!).nearMiss).toBe('{name category fabric colors} : ("velvet"*)');
  });
});

describe("reading a query", () => {
  it("takes a phrase of the vocabulary as one word and leaves stop words out", () => {
    expect(readQuery("Salwar Suit with dupatta").map((w) => w.typed)).toEqual(["salwar suit", "dupatta"]);
    expect(readQuery("co-ord set for women").map((w) => w.typed)).toEqual(["co ord set"]);
    expect(readQuery("with").map((w) => w.typed)).toEqual(["with"]);
  });

  it("keeps search syntax out: words only, quoted, at most eight", () => {
    expect(readQuery('kurti" OR NEAR(a*').map((w) => w.typed)).toEqual(["kurti", "or", "near"]);
    expect(readQuery("*-:()\"'")).toEqual([]);
    expect(readQuery("😀")).toEqual([]);
    expect(readQuery("a1 b2 c3 d4 e5 f6 g7 h8 i9 j10")).toHaveLength(8);
    expect(anyOf(['ab"c', "d e"])).toBe('("abc"* OR "d e"*)');
  });
});

describe("did you mean", () => {
  const catalogue = ["bagru", "bandhani", "kurti", "saree", "silk", "red"];
  it("offers the nearest catalogue word for each misspelt word", () => {
    expect(didYouMean(readQuery("bagro kurtii"), catalogue)).toBe("bagru kurti");
  });
  it("offers nothing when no word is near one the catalogue holds", () => {
    expect(didYouMean(readQuery("laptop"), catalogue)).toBeNull();
    expect(didYouMean(readQuery("bed"), catalogue)).toBeNull();
  });
});
