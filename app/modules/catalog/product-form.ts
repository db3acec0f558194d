/**
 * The product form shared by the vendor portal and the admin panel: its limits, its messages and
 * the shape of what it posts. No validation library here: this file ships to the browser.
 * The rules themselves run on the server (product-form.server.ts).
 */
import { isProductCategory, PRODUCT_CATEGORIES, type ProductCategory } from "./categories";
import type { ProductDeclarations } from "./declarations";
import { specSchema } from "./spec-schema";

export const PRODUCT_LIMITS = {
  nameMax: 120,
  descriptionMax: 5000,
  /** ₹1,00,00,000 (one crore), in rupees. */
  priceMaxRupees: 10_000_000,
  stockMax: 100_000,
  specRowsMax: 30,
  specKeyMax: 60,
  specValueMax: 200,
} as const;

/** Blank specification rows a form offers besides the filled ones (all a browser without JavaScript gets). */
export const BLANK_SPEC_ROWS = 3;

export const PRODUCT_MESSAGES = {
  form: "Please correct the highlighted fields.",
  nameRequired: "Please enter the product name.",
  nameTooLong: `The name can be at most ${PRODUCT_LIMITS.nameMax} characters.`,
  descriptionRequired: "Please enter a description.",
  descriptionTooLong: `The description can be at most ${PRODUCT_LIMITS.descriptionMax} characters.`,
  priceRequired: "Please enter the price.",
  priceNotNumber: "Please enter the price in rupees, for example 1499 or 1499.50.",
  pricePositive: "The price must be more than ₹0.",
  priceDecimals: "The price can have at most 2 decimal places.",
  priceTooHigh: "The price can be at most ₹1,00,00,000.",
  categoryRequired: "Please choose a category.",
  stockRequired: "Please enter the stock.",
  stockWhole: `Stock must be a whole number from 0 to ${PRODUCT_LIMITS.stockMax}.`,
  vendorRequired: "Please choose a vendor.",
  specKeyMissing: "Please enter a name for this specification.",
  specValueMissing: "Please enter a value for this specification.",
  specDuplicate: "This specification is already listed.",
  specKeyTooLong: `A specification name can be at most ${PRODUCT_LIMITS.specKeyMax} characters.`,
  specValueTooLong: `A specification value can be at most ${PRODUCT_LIMITS.specValueMax} characters.`,
  specTooMany: `You can add at most ${PRODUCT_LIMITS.specRowsMax} specifications.`,
  imageType: "The image must be a JPEG, PNG or WebP file.",
  imageTooLarge: "The image must be 2 MB or smaller.",
  imageStoreFailed: "We couldn't store the image just now. Please try again.",
  saveFailed: "We couldn't save the product just now. Please try again.",
} as const;

export interface SpecRow {
  key: string;
  value: string;
}

/** What the form shows: the posted text as typed, so nothing is lost after an error. */
export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
  category: string;
  stock: string;
  featured: boolean;
  vendorId: string;
  /** The vendor's own rows. */
  specs: SpecRow[];
  /**
   * The category attributes' boxes as typed, by field name (`typedFieldName`), for every category
   * the form offers, so switching category back and forth loses nothing.
   */
  typedSpecs: Record<string, string>;
  /**
   * Editing: the stock the form was opened with. Left as it was, the product keeps whatever stock
   * it has by the time the form is saved, so units sold meanwhile are not put back.
   */
  stockSeen?: string;
  /** The declarations as typed (docs/product-rules.md, "Product declarations"). */
  countryOfOrigin: string;
  manufacturerName: string;
  manufacturerAddress: string;
  importerName: string;
  importerAddress: string;
  netQuantity: string;
  /** In rupees, like the price. */
  mrp: string;
  consumerCare: string;
  warrantyMonths: string;
  warrantyBy: string;
  hsnCode: string;
}

/** The declaration fields of the form, by name. */
export const DECLARATION_FIELDS = [
  "countryOfOrigin",
  "manufacturerName",
  "manufacturerAddress",
  "importerName",
  "importerAddress",
  "netQuantity",
  "mrp",
  "consumerCare",
  "warrantyMonths",
  "warrantyBy",
  "hsnCode",
] as const;

/**
 * Field messages by field name; specification rows use "specKey.3" / "specValue.3" (row index as
 * posted) and "specifications" for the list as a whole.
 */
export type ProductFieldErrors = Partial<Record<string, string>>;

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: "",
  description: "",
  price: "",
  category: "",
  stock: "",
  featured: false,
  vendorId: "",
  specs: [],
  typedSpecs: {},
  countryOfOrigin: "",
  manufacturerName: "",
  manufacturerAddress: "",
  importerName: "",
  importerAddress: "",
  netQuantity: "",
  mrp: "",
  consumerCare: "",
  warrantyMonths: "",
  warrantyBy: "",
  hsnCode: "",
};

/** The form field of a category's attribute: "spec:Laptop:ram". */
export function typedFieldName(category: ProductCategory, key: string): string {
  return `spec:${category}:${key}`;
}

/** Every typed field name the form can post, for reading a post without trusting its names. */
export const TYPED_FIELD_NAMES: ReadonlySet<string> = new Set(
  PRODUCT_CATEGORIES.flatMap((c) => specSchema(c).map((a) => typedFieldName(c, a.key))),
);

/** Paise as the price box shows it: 149990 rupees → "149990", 1499.5 → "1499.50". */
export function priceInputValue(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, "0")}`;
}

/** The filled rows followed by blank ones, never more than the limit. */
export function withBlankRows(specs: SpecRow[], blanks = BLANK_SPEC_ROWS): SpecRow[] {
  const filled = specs.slice(0, PRODUCT_LIMITS.specRowsMax);
  const room = Math.max(0, Math.min(blanks, PRODUCT_LIMITS.specRowsMax - filled.length));
  return [...filled, ...Array.from({ length: room }, () => ({ key: "", value: "" }))];
}

/** A stored product as the edit form first shows it. */
export function storedProductValues(p: {
  name: string;
  description: string;
  pricePaise: number;
  category: string;
  stock: number;
  featured: boolean;
  vendorId: string;
  specifications: Record<string, string>;
  declarations: ProductDeclarations;
}): ProductFormValues {
  const d = p.declarations;
  const schema = isProductCategory(p.category) ? specSchema(p.category) : [];
  const typedSpecs: Record<string, string> = {};
  const specs: SpecRow[] = [];
  for (const [key, value] of Object.entries(p.specifications)) {
    // A stored number is in the attribute's base unit, which the box shows beside it ("16" GB).
    if (isProductCategory(p.category) && schema.some((a) => a.key === key)) typedSpecs[typedFieldName(p.category, key)] = value;
    else specs.push({ key, value });
  }
  return {
    name: p.name,
    description: p.description,
    price: priceInputValue(p.pricePaise),
    category: p.category,
    stock: String(p.stock),
    featured: p.featured,
    vendorId: p.vendorId,
    specs,
    typedSpecs,
    stockSeen: String(p.stock),
    countryOfOrigin: d.countryOfOrigin ?? "",
    manufacturerName: d.manufacturerName ?? "",
    manufacturerAddress: d.manufacturerAddress ?? "",
    importerName: d.importerName ?? "",
    importerAddress: d.importerAddress ?? "",
    netQuantity: d.netQuantity ?? "",
    mrp: d.mrpPaise === null ? "" : priceInputValue(d.mrpPaise),
    consumerCare: d.consumerCare ?? "",
    warrantyMonths: d.warrantyMonths === null ? "" : String(d.warrantyMonths),
    warrantyBy: d.warrantyBy ?? "",
    hsnCode: d.hsnCode ?? "",
  };
}
