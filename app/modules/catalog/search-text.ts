/**
 * The search language, pure: how text becomes search words, what a product's search document is,
 * how a search box entry becomes a plan (every word must match, each in one of a few ways), and
 * how that plan is written for SQLite's FTS5 and PostgreSQL's tsquery. The engines never see raw
 * text: documents and searches go through the same `normaliseText`, so "RTX4060", "rtx-4060" and
 * "RTX 4060" are all `rtx 4060` on both databases (docs/decisions/016).
 */
import { isProductCategory, type ProductCategory } from "./categories";
import { YES, shownSpecifications, specAttribute } from "./spec-schema";

export const MAX_QUERY_WORDS = 6;
const MAX_WORD_LENGTH = 40;
/** Words this long or longer may have one typo forgiven. */
export const TYPO_MIN_LENGTH = 5;
/** The vocabulary (typo candidates, "Did you mean") keeps words of letters this long or longer. */
export const VOCABULARY_MIN_LENGTH = 3;

/**
 * Lower case, accents folded, and split into words of letters or of digits: between a letter and
 * a digit there is always a word break ("16GB" → "16 gb"). Returns the words joined by one space.
 */
export function normaliseText(text: string): string {
  return normaliseWords(text).join(" ");
}

export function normaliseWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/(\p{L})(?=\p{N})|(\p{N})(?=\p{L})/gu, "$1$2 ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
}

export interface SearchDocument {
  /** Name and brand: weighs most. */
  title: string;
  /** Category and specification values. */
  specs: string;
  /** Description: weighs least. */
  body: string;
}

/**
 * Bumped whenever `searchDocument` or `normaliseText` change what a product is found by, or what
 * a document carries beside its text; the shop re-indexes every product once at its next start
 * (ensureSearchIndex). 2: the product's brand and copies of its listing (migration 0010).
 */
export const SEARCH_DOCUMENT_VERSION = 2;

/**
 * A product's search document, its three weighted fields normalised. The one place that decides
 * what a product is found by. Specification values are read as the product page shows them
 * ("16" stored GB is "16 GB", so "16gb" finds it); a yes/no attribute that is Yes adds its
 * name ("Noise Cancellation"), one that is No adds nothing.
 */
export function searchDocument(p: {
  name: string;
  category: string;
  specifications: Readonly<Record<string, string>>;
  description: string;
}): SearchDocument {
  const brandKey = Object.keys(p.specifications).find((k) => k.trim().toLowerCase() === "brand");
  const brand = brandKey ? p.specifications[brandKey] : undefined;
  const others = Object.fromEntries(Object.entries(p.specifications).filter(([k]) => k !== brandKey));
  const values = isProductCategory(p.category)
    ? shownSpecifications(p.category, others).flatMap((s) => {
        const kind = specAttribute(p.category as ProductCategory, s.key)?.kind;
        if (kind === "boolean") return s.value === YES ? [s.label] : [];
        return [s.value];
      })
    : Object.values(others);
  return {
    title: normaliseText([p.name, brand ?? ""].join(" ")),
    specs: normaliseText([p.category, ...values].join(" ")),
    body: normaliseText(p.description),
  };
}

/** The words of a document worth keeping in the vocabulary: letters only, not too short. */
export function vocabularyWords(doc: SearchDocument): string[] {
  const words = new Set<string>();
  for (const field of [doc.title, doc.specs, doc.body]) {
    for (const w of field.split(" ")) if (isVocabularyWord(w)) words.add(w);
  }
  return [...words].sort();
}

export function isVocabularyWord(word: string): boolean {
  return Array.from(word).length >= VOCABULARY_MIN_LENGTH && /^\p{L}+$/u.test(word);
}

/**
 * Edit distance with adjacent swaps counted as one edit (optimal string alignment), giving up
 * as soon as it exceeds `max` (then returns max + 1).
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  const s = Array.from(a);
  const t = Array.from(b);
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return Math.min(prev[t.length]!, max + 1);
}

/**
 * Words that mean the same to a shopper in India, each group read in every direction. Multi-word
 * entries match as phrases (the words next to each other, the last one as a prefix).
 */
export const SYNONYMS: readonly (readonly string[])[] = [
  ["graphics card", "gpu"],
  ["pendrive", "pen drive", "usb flash drive"],
  ["cabinet", "pc case"],
  ["smps", "power supply"],
];

/** A way a query word can match: these words next to each other, the last one a prefix or whole. */
export interface Alternative {
  words: string[];
  prefix: boolean;
}

/** One thing the shopper typed: a product must match at least one of its alternatives. */
export interface QueryGroup {
  /** What was typed, normalised (for "Did you mean"). */
  typed: string;
  alternatives: Alternative[];
  /** A single word of letters, long enough to have a typo forgiven when it matches nothing. */
  typoWord: string | null;
}

/** A search: every group must match. */
export interface SearchPlan {
  groups: QueryGroup[];
}

/**
 * A single character must match a whole word: as a prefix it would match a third of any
 * catalogue and tell the shopper nothing. Anything longer matches as a prefix ("asu" finds ASUS).
 */
export function alternative(words: string[]): Alternative {
  const last = words[words.length - 1] ?? "";
  return { words, prefix: Array.from(last).length > 1 };
}

const synonymPhrases = SYNONYMS.map((group) => group.map((phrase) => normaliseWords(phrase)));

/**
 * Reads a search box entry. Each typed word is a group (its letter and digit parts as a phrase:
 * "rtx4060" matches "RTX 4060" and "rtx-4060"); typed words that spell a synonym ("graphics card",
 * "smps") become one group matching any of the synonyms. At most MAX_QUERY_WORDS groups.
 */
export function planSearch(q: string): SearchPlan {
  const typed = q
    .split(/\s+/)
    .map((w) => normaliseWords(w))
    .filter((parts) => parts.length > 0);
  const groups: QueryGroup[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < typed.length && groups.length < MAX_QUERY_WORDS; ) {
    const synonym = longestSynonymAt(typed, i);
    if (synonym) {
      const key = synonym.phrases[0]!.join(" ");
      if (!seen.has(key)) {
        seen.add(key);
        groups.push({ typed: synonym.typed, alternatives: synonym.phrases.map(alternative), typoWord: null });
      }
      i += synonym.length;
      continue;
    }
    const parts = typed[i]!;
    const key = parts.join(" ");
    i++;
    if (seen.has(key)) continue;
    seen.add(key);
    const only = parts.length === 1 ? parts[0]! : null;
    groups.push({
      typed: key,
      alternatives: [alternative(parts)],
      typoWord: only && Array.from(only).length >= TYPO_MIN_LENGTH && /^\p{L}+$/u.test(only) ? only : null,
    });
  }
  return { groups };
}

function longestSynonymAt(typed: string[][], start: number): { typed: string; phrases: string[][]; length: number } | null {
  let best: { typed: string; phrases: string[][]; length: number } | null = null;
  for (const phrases of synonymPhrases) {
    for (const phrase of phrases) {
      // A synonym is spelt by whole typed words: "graphics card" by two, "pendrive" by one.
      const words: string[] = [];
      let n = 0;
      while (start + n < typed.length && words.length < phrase.length) words.push(...typed[start + n++]!);
      if (words.length !== phrase.length || words.some((w, k) => w !== phrase[k])) continue;
      if (!best || n > best.length) best = { typed: phrase.join(" "), phrases, length: n };
    }
  }
  return best;
}

/** The plan with a group's typo corrections (whole vocabulary words) added as alternatives. */
export function withCorrections(plan: SearchPlan, corrections: ReadonlyMap<string, readonly string[]>): SearchPlan {
  return {
    groups: plan.groups.map((g) => {
      const fixes = g.typoWord ? (corrections.get(g.typoWord) ?? []) : [];
      return fixes.length === 0 ? g : { ...g, alternatives: [...g.alternatives, ...fixes.map((w) => alternative([w]))] };
    }),
  };
}

export type SearchField = "title" | "specs" | "body";
export const SEARCH_FIELDS: readonly SearchField[] = ["title", "specs", "body"];

// Words are letters and digits only (normaliseWords), so they need no escaping in either syntax.

/** FTS5: a group as an expression, optionally inside one column. */
export function ftsGroup(group: QueryGroup, field?: SearchField): string {
  const any = group.alternatives
    .map((a) => {
      const phrase = `"${a.words.join(" ")}"${a.prefix ? "*" : ""}`;
      return !field && isSingleCharacter(a) ? `{title specs} : ${phrase}` : phrase;
    })
    .join(" OR ");
  return field ? `${field} : (${any})` : `(${any})`;
}

/**
 * A single character ("7", "a") is looked for in the name and specifications only: in the
 * description's prose it is noise ("a", "i") that would match nearly every product.
 */
function isSingleCharacter(a: Alternative): boolean {
  return a.words.length === 1 && !a.prefix;
}

/** FTS5: the whole plan (every group). */
export function ftsMatch(plan: SearchPlan): string {
  return plan.groups.map((g) => ftsGroup(g)).join(" AND ");
}

const PG_WEIGHT: Record<SearchField, string> = { title: "A", specs: "B", body: "C" };

/**
 * PostgreSQL: a group as a tsquery, in one field (weight) or in any. A phrase is matched within
 * one field: the fields are one tsvector, so unrestricted it could run from the end of the name
 * into the start of the specifications, which FTS5's columns never do.
 */
export function pgGroup(group: QueryGroup, field?: SearchField): string {
  const fields = field ? [field] : SEARCH_FIELDS;
  const parts: string[] = [];
  for (const a of group.alternatives) {
    if (isSingleCharacter(a) && !field) {
      parts.push(`${a.words[0]}:AB`);
      continue;
    }
    for (const f of a.words.length > 1 || field ? fields : [null]) {
      const w = f ? PG_WEIGHT[f] : "";
      parts.push(
        a.words
          .map((word, i) => {
            const star = i === a.words.length - 1 && a.prefix ? "*" : "";
            return star || w ? `${word}:${star}${w}` : word;
          })
          .join(" <-> "),
      );
    }
  }
  return `(${parts.join(" | ")})`;
}

export function pgMatch(plan: SearchPlan): string {
  return plan.groups.map((g) => pgGroup(g)).join(" & ");
}

/**
 * PostgreSQL: a group that is one single character and nothing else, looked for in the name and
 * specifications only (as `x:AB`), or null. Such a group is best asked of a tsvector of those
 * fields alone: in the whole document nearly every description holds "a" or "i", and a GIN index,
 * which does not record weights, would hand every document over to be checked.
 */
export function pgNamedCharacter(group: QueryGroup): string | null {
  const only = group.alternatives.length === 1 ? group.alternatives[0]! : null;
  return only && isSingleCharacter(only) ? only.words[0]! : null;
}
