/**
 * A product's declarations: what a shopper must be told before buying it (docs/product-rules.md,
 * "Product declarations"): country of origin, manufacturer, importer for imported goods, net
 * quantity, MRP inclusive of all taxes, consumer care, warranty, and the HSN code its invoice
 * carries. Pure rules and messages; this file ships to the browser. The form's checks run on the
 * server (product-form.server.ts).
 */
import { formatMoney, type Paise } from "~/modules/money/money";
import { priceWithGst } from "~/modules/gst/gst";
import { countryName, INDIA } from "./countries";

export const DECLARATION_LIMITS = {
  nameMax: 120,
  addressMax: 300,
  netQuantityMax: 40,
  consumerCareMax: 300,
  warrantyMonthsMax: 120,
} as const;

export const WARRANTY_BY = ["manufacturer", "seller"] as const;
export type WarrantyBy = (typeof WARRANTY_BY)[number];

export function isWarrantyBy(v: unknown): v is WarrantyBy {
  return (WARRANTY_BY as readonly unknown[]).includes(v);
}

/** A product's declarations as stored; null where a product saved before them has none. */
export interface ProductDeclarations {
  countryOfOrigin: string | null;
  manufacturerName: string | null;
  manufacturerAddress: string | null;
  importerName: string | null;
  importerAddress: string | null;
  netQuantity: string | null;
  mrpPaise: Paise | null;
  consumerCare: string | null;
  warrantyMonths: number | null;
  warrantyBy: WarrantyBy | null;
  hsnCode: string | null;
}

export const NO_DECLARATIONS: ProductDeclarations = {
  countryOfOrigin: null,
  manufacturerName: null,
  manufacturerAddress: null,
  importerName: null,
  importerAddress: null,
  netQuantity: null,
  mrpPaise: null,
  consumerCare: null,
  warrantyMonths: null,
  warrantyBy: null,
  hsnCode: null,
};

const L = DECLARATION_LIMITS;

export const DECLARATION_MESSAGES = {
  countryRequired: "Please choose the country of origin.",
  manufacturerNameRequired: "Please enter the manufacturer's name.",
  manufacturerNameTooLong: `The manufacturer's name can be at most ${L.nameMax} characters.`,
  manufacturerAddressRequired: "Please enter the manufacturer's address.",
  manufacturerAddressTooLong: `The manufacturer's address can be at most ${L.addressMax} characters.`,
  importerNameRequired: "Please enter the importer's name: the product is made outside India.",
  importerNameTooLong: `The importer's name can be at most ${L.nameMax} characters.`,
  importerAddressRequired: "Please enter the importer's address: the product is made outside India.",
  importerAddressTooLong: `The importer's address can be at most ${L.addressMax} characters.`,
  netQuantityRequired: "Please enter the net quantity, for example 1 unit.",
  netQuantityTooLong: `The net quantity can be at most ${L.netQuantityMax} characters.`,
  mrpRequired: "Please enter the MRP.",
  mrpNotNumber: "Please enter the MRP in rupees, for example 1999 or 1999.50.",
  mrpTooHigh: "The MRP can be at most ₹1,18,00,000.",
  consumerCareRequired: "Please enter the consumer care contact: a phone number or email, and an address.",
  consumerCareTooLong: `The consumer care contact can be at most ${L.consumerCareMax} characters.`,
  warrantyMonthsRequired: "Please enter the warranty in months (0 for none).",
  warrantyMonthsRange: `The warranty must be a whole number of months from 0 to ${L.warrantyMonthsMax}.`,
  warrantyByRequired: "Please choose who gives the warranty.",
  hsnRequired: "Please enter the HSN code.",
  hsnFormat: "The HSN code must be 4 to 8 digits, for example 8471 or 84713010.",
} as const;

/** Labels of the declarations, as the form and the missing-declarations notice name them. */
export const DECLARATION_LABELS: Record<keyof ProductDeclarations, string> = {
  countryOfOrigin: "Country of origin",
  manufacturerName: "Manufacturer's name",
  manufacturerAddress: "Manufacturer's address",
  importerName: "Importer's name",
  importerAddress: "Importer's address",
  netQuantity: "Net quantity",
  mrpPaise: "MRP",
  consumerCare: "Consumer care",
  warrantyMonths: "Warranty",
  warrantyBy: "Warranty given by",
  hsnCode: "HSN code",
};

export function isImported(countryOfOrigin: string | null): boolean {
  return countryOfOrigin !== null && countryOfOrigin !== INDIA;
}

/** An HSN code as typed ("8471 30", "8471.30.10") → its digits, or null unless 4 to 8 of them. */
export function normaliseHsn(raw: string): string | null {
  const digits = raw.replace(/[\s.]/g, "");
  return /^\d{4,8}$/.test(digits) ? digits : null;
}

/** The lowest MRP a price allows: the price plus its GST, as an order's totals compute it. */
export function minimumMrp(pricePaise: Paise): Paise {
  return priceWithGst(pricePaise);
}

/** What a customer saves against the declared MRP, in paise and whole percent; null when the MRP is not above the price with GST. */
export function mrpSaving(pricePaise: Paise, mrpPaise: Paise | null): { paise: Paise; percent: number } | null {
  const total = priceWithGst(pricePaise);
  if (mrpPaise === null || mrpPaise <= total) return null;
  return { paise: mrpPaise - total, percent: Math.floor(((mrpPaise - total) * 100) / mrpPaise) };
}

/** ₹97,928 for whole rupees, ₹97,927.64 otherwise: never rounds a limit to a wrong figure. */
export function exactMoney(paise: Paise): string {
  return formatMoney(paise, { decimals: paise % 100 === 0 ? 0 : 2 });
}

export function mrpBelowMessage(pricePaise: Paise): string {
  return `The MRP must be at least ${exactMoney(minimumMrp(pricePaise))}, the price with GST.`;
}

/** The declarations a product still lacks (the importer's only for imported goods), in form order. */
export function missingDeclarations(d: ProductDeclarations): (keyof ProductDeclarations)[] {
  const missing: (keyof ProductDeclarations)[] = [];
  const blank = (v: string | null) => v === null || v.trim() === "";
  if (blank(d.countryOfOrigin)) missing.push("countryOfOrigin");
  if (blank(d.manufacturerName)) missing.push("manufacturerName");
  if (blank(d.manufacturerAddress)) missing.push("manufacturerAddress");
  if (isImported(d.countryOfOrigin) && blank(d.importerName)) missing.push("importerName");
  if (isImported(d.countryOfOrigin) && blank(d.importerAddress)) missing.push("importerAddress");
  if (blank(d.netQuantity)) missing.push("netQuantity");
  if (d.mrpPaise === null) missing.push("mrpPaise");
  if (blank(d.consumerCare)) missing.push("consumerCare");
  if (d.warrantyMonths === null) missing.push("warrantyMonths");
  if (d.warrantyBy === null) missing.push("warrantyBy");
  if (blank(d.hsnCode)) missing.push("hsnCode");
  return missing;
}

/** "1 year", "18 months", "2 years", "6 months". */
export function warrantyPeriod(months: number): string {
  if (months % 12 === 0) {
    const years = months / 12;
    return years === 1 ? "1 year" : `${years} years`;
  }
  return months === 1 ? "1 month" : `${months} months`;
}

/** "1 year from the manufacturer", "No warranty"; null without the number of months. */
export function warrantyText(months: number | null, by: WarrantyBy | null): string | null {
  if (months === null) return null;
  if (months === 0) return "No warranty";
  return by ? `${warrantyPeriod(months)} from the ${by}` : warrantyPeriod(months);
}

/** The heading, then pairs of digits ("8471 30 10"), for reading; the digits are what is stored. */
export function hsnDisplay(code: string): string {
  return [code.slice(0, 4), ...(code.slice(4).match(/\d{1,2}/g) ?? [])].join(" ");
}

export { countryName };

/** A stored row's declaration columns → the declarations. */
export function declarationsFromRow(r: {
  country_of_origin: string | null;
  manufacturer_name: string | null;
  manufacturer_address: string | null;
  importer_name: string | null;
  importer_address: string | null;
  net_quantity: string | null;
  mrp_paise: number | string | null;
  consumer_care: string | null;
  warranty_months: number | string | null;
  warranty_by: string | null;
  hsn_code: string | null;
}): ProductDeclarations {
  return {
    countryOfOrigin: r.country_of_origin || null,
    manufacturerName: r.manufacturer_name || null,
    manufacturerAddress: r.manufacturer_address || null,
    importerName: r.importer_name || null,
    importerAddress: r.importer_address || null,
    netQuantity: r.net_quantity || null,
    mrpPaise: r.mrp_paise === null ? null : Number(r.mrp_paise),
    consumerCare: r.consumer_care || null,
    warrantyMonths: r.warranty_months === null ? null : Number(r.warranty_months),
    warrantyBy: isWarrantyBy(r.warranty_by) ? r.warranty_by : null,
    hsnCode: r.hsn_code || null,
  };
}

/** The declarations as table columns, for an insert or update. */
export function declarationColumns(d: ProductDeclarations) {
  return {
    country_of_origin: d.countryOfOrigin,
    manufacturer_name: d.manufacturerName,
    manufacturer_address: d.manufacturerAddress,
    importer_name: d.importerName,
    importer_address: d.importerAddress,
    net_quantity: d.netQuantity,
    mrp_paise: d.mrpPaise,
    consumer_care: d.consumerCare,
    warranty_months: d.warrantyMonths,
    warranty_by: d.warrantyBy,
    hsn_code: d.hsnCode,
  };
}

/** The stored columns a query selects to build the declarations. */
export const DECLARATION_COLUMNS = [
  "country_of_origin",
  "manufacturer_name",
  "manufacturer_address",
  "importer_name",
  "importer_address",
  "net_quantity",
  "mrp_paise",
  "consumer_care",
  "warranty_months",
  "warranty_by",
  "hsn_code",
] as const;
