/** A seller's page lists its products this many a page (docs/product-rules.md, "Legal details and disclosures"). */
export const SELLER_PAGE_SIZE = 20;
