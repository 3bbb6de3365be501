import { SEARCH_STOP_WORDS, SEARCH_VOCABULARY, type VocabularyEntry } from "./search-vocabulary";

/**
 * How the search reads what a shopper typed (docs/product/search.md): her words, each looked up in
 * the shop's vocabulary, forgiven a slip of spelling against it, and turned into what the full-text
 * index is asked for. Pure functions, no database.
 */

/** At most this many words of a query are searched. */
export const MAX_SEARCH_WORDS = 8;

/**
 * One spelling of a word: lower case, Latin accents dropped (as the index drops them), and in
 * Devanagari the nukta ignored, chandrabindu read as anusvara and zero-width joiners dropped, since
 * phones type each of these either way.
 */
export function normalizeWord(word: string): string {
  return word
    .normalize("NFD")
    .toLowerCase()
    .replace(/[\u0300-\u036f\u093c\u200c\u200d]/g, "")
    .replace(/\u0901/g, "\u0902")
    .normalize("NFC");
}

/** The words of a text, normalised. Marks (Devanagari vowel signs, for one) belong to the word they follow. */
export function wordsOf(text: string): string[] {
  return (text.normalize("NFC").match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? []).map(normalizeWord).filter(Boolean);
}

/**
 * How far apart two spellings are: the longer one's length less their longest common subsequence,
 * i.e. how many letters of the longer word do not line up with the other. A letter wrong, doubled,
 * missing or swapped with its neighbour counts one ("dupata" and "dupatta": 1; "kurtee" and
 * "kurti": 2). Code points, so Devanagari vowel signs count as letters.
 */
export function spellingDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let prev = new Array<number>(y.length + 1).fill(0);
  for (const cx of x) {
    const row = new Array<number>(y.length + 1).fill(0);
    for (let j = 1; j <= y.length; j++) row[j] = cx === y[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!);
    prev = row;
  }
  return Math.max(x.length, y.length) - prev[y.length]!;
}

/**
 * How many slips a word of this length is forgiven: none up to three letters (so "red" never finds
 * "bed"), one up to five, two from six.
 */
export function forgivenSlips(word: string): number {
  const length = [...word].length;
  return length <= 3 ? 0 : length <= 5 ? 1 : 2;
}

/** Whether `typed` is a forgivable misspelling of `known` (not the same word). */
export function isNearMiss(typed: string, known: string): boolean {
  const slips = forgivenSlips(typed);
  if (slips === 0 || typed === known) return false;
  if (Math.abs([...typed].length - [...known].length) > slips) return false;
  return spellingDistance(typed, known) <= slips;
}

interface Spelling {
  /** The spelling as the index keeps it: normalised, one space between words. */
  text: string;
  entry: VocabularyEntry;
}

const phrase = (text: string) => wordsOf(text).join(" ");

/** Every spelling a shopper may type (terms and `typed`), to its entry. */
function indexVocabulary(entries: readonly VocabularyEntry[]) {
  const byText = new Map<string, VocabularyEntry>();
  const spellings: Spelling[] = [];
  for (const entry of entries) {
    for (const raw of [entry.term, ...entry.typed, ...entry.finds]) {
      const text = phrase(raw);
      const owner = byText.get(text);
      // A catalogue word shared by two entries (`finds`) is not a spelling of either.
      if (owner && owner !== entry) continue;
      if (!owner) {
        byText.set(text, entry);
        spellings.push({ text, entry });
      }
    }
  }
  const longest = Math.max(...spellings.map((s) => s.text.split(" ").length));
  return { byText, spellings, longest };
}

const VOCABULARY = indexVocabulary(SEARCH_VOCABULARY);
const STOP_WORDS = new Set(SEARCH_STOP_WORDS.map(normalizeWord));

/** The entry a spelling (one word or a phrase, normalised) belongs to, trying a plural's singular too. */
export function lookUp(text: string): VocabularyEntry | undefined {
  const exact = VOCABULARY.byText.get(text);
  if (exact) return exact;
  if (/^[a-z]{4,}s$/.test(text)) return VOCABULARY.byText.get(text.slice(0, -1)) ?? VOCABULARY.byText.get(text.replace(/es$/, ""));
  return undefined;
}

/** The entries whose spellings `word` is a near miss of, nearest first (ties kept, at most three). */
export function nearMisses(word: string): VocabularyEntry[] {
  let best = Number.POSITIVE_INFINITY;
  let found: VocabularyEntry[] = [];
  for (const { text, entry } of VOCABULARY.spellings) {
    if (text.includes(" ") || !isNearMiss(word, text)) continue;
    const d = spellingDistance(word, text);
    if (d < best) [best, found] = [d, [entry]];
    else if (d === best && !found.includes(entry)) found.push(entry);
  }
  return found.slice(0, 3);
}

/** One searched word (or vocabulary phrase) of a query, and what the index is asked for it. */
export interface SearchWord {
  /** As she typed it, normalised. */
  typed: string;
  /** Words and phrases found at full rank: what she typed and its entry's catalogue words. */
  exact: string[];
  /** Near relations of her entry (maroon for red), ranked below. */
  related: string[];
  /** Catalogue words of the entries her word is a near miss of, ranked lowest. */
  nearMiss: string[];
  /** The shop's term she meant, when the word was a near miss of one ("kurtee": "kurti"). */
  meant: string | null;
}

function unique(xs: string[]): string[] {
  return [...new Set(xs.map(phrase).filter(Boolean))];
}

function searchWord(typed: string): SearchWord {
  const entry = lookUp(typed);
  if (entry) {
    return { typed, exact: unique([typed, ...entry.finds]), related: unique([...(entry.related ?? [])]), nearMiss: [], meant: null };
  }
  const near = nearMisses(typed);
  return {
    typed,
    exact: [typed],
    related: [],
    nearMiss: unique(near.flatMap((e) => e.finds)),
    meant: near[0]?.term ?? null,
  };
}

/**
 * A query as the search reads it: its words (a phrase of the vocabulary, such as "salwar suit" or
 * "co-ord", as one), stop words left out unless nothing else is left, at most MAX_SEARCH_WORDS.
 */
export function readQuery(text: string): SearchWord[] {
  const words = wordsOf(text);
  const picked: string[] = [];
  for (let i = 0; i < words.length; ) {
    let taken = 1;
    for (let n = Math.min(VOCABULARY.longest, words.length - i); n > 1; n--) {
      if (VOCABULARY.byText.has(words.slice(i, i + n).join(" "))) {
        taken = n;
        break;
      }
    }
    picked.push(words.slice(i, i + taken).join(" "));
    i += taken;
  }
  const meaningful = picked.filter((w) => !STOP_WORDS.has(w));
  return (meaningful.length > 0 ? meaningful : picked).slice(0, MAX_SEARCH_WORDS).map(searchWord);
}

/** Where the lower-ranked words are looked for: the piece's own words, not its long description. */
const KEY_COLUMNS = "{name category fabric colors}";

/** FTS5's syntax for "any of these, each as the start of a word (a phrase's last word)". */
export function anyOf(texts: readonly string[], columns: "all" | "key" = "all"): string | null {
  const safe = texts.map((t) => t.replace(/"/g, "").trim()).filter(Boolean);
  if (safe.length === 0) return null;
  const any = safe.map((t) => `"${t}"*`).join(" OR ");
  return columns === "key" ? `${KEY_COLUMNS} : (${any})` : `(${any})`;
}

/** The full-text queries of a word: each tier's, and any of them. */
export function tiersOf(word: SearchWord) {
  const tiers = [anyOf(word.exact), anyOf(word.related, "key"), anyOf(word.nearMiss, "key")];
  const present = tiers.filter((t): t is string => t !== null);
  return { exact: tiers[0], related: tiers[1], nearMiss: tiers[2], any: present.join(" OR ") };
}

/**
 * "Did you mean": each word she typed that is a near miss of a word the catalogue holds, replaced
 * by the nearest such word. Null when no word changes.
 */
export function didYouMean(words: readonly SearchWord[], catalogueWords: readonly string[]): string | null {
  let changed = false;
  const out = words.map(({ typed }) => {
    if (typed.includes(" ") || catalogueWords.includes(typed)) return typed;
    let best: string | null = null;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const known of catalogueWords) {
      if (!isNearMiss(typed, known)) continue;
      const d = spellingDistance(typed, known);
      if (d < bestDistance) [best, bestDistance] = [known, d];
    }
    if (best === null) return typed;
    changed = true;
    return best;
  });
  return changed ? out.join(" ") : null;
}
