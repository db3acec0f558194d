/**
 * A build in progress is its address: the builder's page and every form that carries a build (save,
 * add to cart, the quote) name its parts as repeated `part` fields, `/build?part=ID&part=ID`. Each
 * part's slot follows from the product (compatibility.ts, slotOf), so the address needs no slot
 * names, and a part chosen twice (two memory kits) is named twice. Shared by server and browser.
 */
export const PART_FIELD = "part";

/** More parts than any PC takes (one of each single slot, four kits, eight drives): the rest are ignored. */
export const MAX_BUILD_PARTS = 20;

const ID = /^[A-Za-z0-9._-]{1,200}$/;

/** The part ids a query string or a posted form names, in order, malformed ones left out. */
export function partIdsFrom(source: URLSearchParams | FormData): string[] {
  return source
    .getAll(PART_FIELD)
    .flatMap((v) => (typeof v === "string" && ID.test(v.trim()) ? [v.trim()] : []))
    .slice(0, MAX_BUILD_PARTS);
}

/** `part=a&part=b`, for an address or a form's hidden fields. */
export function buildSearch(partIds: readonly string[]): string {
  const params = new URLSearchParams();
  for (const id of partIds) params.append(PART_FIELD, id);
  return params.toString();
}

/** The builder's address for a build. */
export function builderHref(partIds: readonly string[]): string {
  const search = buildSearch(partIds);
  return search ? `/build?${search}` : "/build";
}
