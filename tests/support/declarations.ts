/**
 * Valid declarations for tests that save products (docs/product-rules.md, "Product
 * declarations"): one set, shared, so a new rule changes one place. The MRP is the highest
 * allowed, so it is never below any test price plus GST.
 */
import type { ProductDeclarations } from "~/modules/catalog/declarations";

export const VALID_DECLARATIONS: ProductDeclarations = {
  countryOfOrigin: "CN",
  manufacturerName: "Logitech International S.A.",
  manufacturerAddress: "EPFL - Quartier de l'Innovation, Daniel Borel Innovation Center, 1015 Lausanne, Switzerland",
  importerName: "Logitech Electronic (India) Pvt. Ltd.",
  importerAddress: "Unit 503, 5th Floor, Prestige Meridian II, M.G. Road, Bengaluru 560001",
  netQuantity: "1 unit",
  mrpPaise: 1_18_00_000_00,
  consumerCare: "1800 572 4730, support@logitech.com; Bengaluru 560001",
  warrantyMonths: 12,
  warrantyBy: "manufacturer",
  hsnCode: "84716060",
};

/** The same declarations as the product form posts them. */
export const VALID_DECLARATION_FORM = {
  countryOfOrigin: "CN",
  manufacturerName: VALID_DECLARATIONS.manufacturerName!,
  manufacturerAddress: VALID_DECLARATIONS.manufacturerAddress!,
  importerName: VALID_DECLARATIONS.importerName!,
  importerAddress: VALID_DECLARATIONS.importerAddress!,
  netQuantity: "1 unit",
  mrp: "11800000",
  consumerCare: VALID_DECLARATIONS.consumerCare!,
  warrantyMonths: "12",
  warrantyBy: "manufacturer",
  hsnCode: "8471 60 60",
} as const;
