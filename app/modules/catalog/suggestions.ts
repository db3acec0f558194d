/** What /search/suggestions answers: products first, then categories with matches. */
export interface Suggestion {
  kind: "product" | "category";
  label: string;
  detail: string;
  href: string;
}

export interface SuggestionsResponse {
  q: string;
  suggestions: Suggestion[];
}

export const SUGGESTIONS_PATH = "/search/suggestions";

/** The live region's words for a list of suggestions. */
export function suggestionsAnnouncement(count: number): string {
  if (count === 0) return "No suggestions";
  return count === 1 ? "1 suggestion" : `${count} suggestions`;
}
