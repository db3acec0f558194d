import { BRAND } from "~/config/brand";

export interface PageMetaInput {
  /** Page title without the brand; the brand is appended. Omit for the home page. */
  title?: string;
  description: string;
}

/** The meta descriptors every route returns from its `meta` export: its own title and description. */
export function pageMeta({ title, description }: PageMetaInput) {
  const fullTitle = title ? `${title} | ${BRAND.name}` : `${BRAND.name} | ${BRAND.tagline}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:site_name", content: BRAND.name },
  ];
}
