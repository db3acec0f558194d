/**
 * The rows of a comparison: every attribute of the category's schema, then the free rows any of
 * the products has. Computed on the server (the compare page's loader), so the page ships neither
 * the schema nor this file.
 */
import type { ProductCategory } from "~/modules/catalog/categories";
import { SPEC_SCHEMAS, YES, formatSpecValue, storedNumber, type SpecAttribute } from "~/modules/catalog/spec-schema";
import { specificationLabel, type Specifications } from "~/modules/catalog/specifications";

export interface ComparisonCell {
  /** As the shop shows it, or null when the product has no value ("—"). */
  value: string | null;
  /** The better value of the row, where "better" is clear for the attribute. */
  best: boolean;
}

export interface ComparisonRow {
  key: string;
  label: string;
  cells: ComparisonCell[];
  /** The products do not all have the same value (a missing value counts as different). */
  differs: boolean;
  /** Which way is better, when the schema says: shown beside the row's name. */
  better: "higher" | "lower" | "yes" | null;
}

const stored = (specs: Specifications, key: string): string | null => {
  const v = specs[key]?.trim();
  return v ? v : null;
};

/** Two stored values are the same value: numbers by amount ("16" and "16.0"), text ignoring case and spaces. */
function sameKey(attribute: SpecAttribute | undefined, value: string | null): string {
  if (value === null) return "\u0000missing";
  if (attribute?.kind === "number") {
    const n = storedNumber(attribute, value);
    if (n !== null) return `#${n}`;
  }
  return value.toLowerCase().replace(/\s+/g, " ");
}

/**
 * Which cells hold the better value. Marked only when at least two products have a value that can
 * be compared and those values are not all equal: one value alone, or a tie across the row, tells
 * the shopper nothing. Missing and unreadable values are never best.
 */
function bestCells(attribute: SpecAttribute, values: (string | null)[]): boolean[] {
  const none = values.map(() => false);
  if (attribute.kind === "number" && attribute.better) {
    const numbers = values.map((v) => (v === null ? null : storedNumber(attribute, v)));
    const present = numbers.filter((n): n is number => n !== null);
    if (present.length < 2) return none;
    const target = attribute.better === "higher" ? Math.max(...present) : Math.min(...present);
    if (present.every((n) => n === target)) return none;
    return numbers.map((n) => n === target);
  }
  if (attribute.kind === "boolean" && attribute.better === "yes") {
    const answers = values.map((v) => (v === null ? null : v.toLowerCase() === YES.toLowerCase() ? true : v.toLowerCase() === "no" ? false : null));
    const present = answers.filter((a): a is boolean => a !== null);
    if (present.length < 2 || present.every((a) => a === present[0])) return none;
    return answers.map((a) => a === true);
  }
  return none;
}

function differs(attribute: SpecAttribute | undefined, values: (string | null)[]): boolean {
  return new Set(values.map((v) => sameKey(attribute, v))).size > 1;
}

/** The comparison of products of one category, each given by its specifications map, in column order. */
export function comparisonRows(category: ProductCategory, products: readonly Specifications[]): ComparisonRow[] {
  const schema = SPEC_SCHEMAS[category];
  const typed = schema.map((attribute): ComparisonRow => {
    const values = products.map((specs) => stored(specs, attribute.key));
    const best = bestCells(attribute, values);
    return {
      key: attribute.key,
      label: attribute.label,
      cells: values.map((v, i) => ({ value: v === null ? null : formatSpecValue(attribute, v), best: best[i]! })),
      differs: differs(attribute, values),
      better: attribute.kind === "number" || attribute.kind === "boolean" ? (attribute.better ?? null) : null,
    };
  });
  const known = new Set(schema.map((a) => a.key));
  const freeKeys: string[] = [];
  for (const specs of products) {
    for (const key of Object.keys(specs)) if (!known.has(key) && !freeKeys.includes(key)) freeKeys.push(key);
  }
  const free = freeKeys.flatMap((key): ComparisonRow[] => {
    const values = products.map((specs) => stored(specs, key));
    if (values.every((v) => v === null)) return [];
    return [{
      key,
      label: specificationLabel(key),
      cells: values.map((value) => ({ value, best: false })),
      differs: differs(undefined, values),
      better: null,
    }];
  });
  return [...typed, ...free];
}
