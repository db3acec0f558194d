import { BRAND } from "~/config/brand";

export interface PageMetaInput {
  /** Page title without the brand; the brand is appended. Omit for the home page. */
  title?: string;
  description: string;
}

/** A page title ending with the brand: brandTitle("Manage Orders", "Admin") is "Manage Orders | Admin | <brand>". */
export function brandTitle(...parts: string[]): string {
  return [...parts, BRAND.name].join(" | ");
}

/** The meta descriptors every route returns from its `meta` export: its own title and description. */
export function pageMeta({ title, description }: PageMetaInput) {
  const fullTitle = title ? brandTitle(title) : `${BRAND.name} | ${BRAND.tagline}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:site_name", content: BRAND.name },
  ];
}
