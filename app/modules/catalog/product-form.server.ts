import { z } from "zod";
import { issueErrors, type FieldOf } from "~/lib/form";
import { isProductCategory, PRODUCT_CATEGORIES, type ProductCategory } from "./categories";
import {
  PRODUCT_LIMITS as L,
  PRODUCT_MESSAGES as M,
  TYPED_FIELD_NAMES,
  typedFieldName,
  type ProductFieldErrors,
  type ProductFormValues,
  type SpecRow,
} from "./product-form";
import { checkSpecValue, schemaAttributeNamed, specSchema } from "./spec-schema";
import { isCountryCode } from "./countries";
import {
  DECLARATION_LIMITS as DL,
  DECLARATION_MESSAGES as DM,
  isImported,
  isWarrantyBy,
  minimumMrp,
  mrpBelowMessage,
  normaliseHsn,
  type ProductDeclarations,
  type WarrantyBy,
} from "./declarations";
import type { Specifications } from "./specifications";

/** What a valid product form says, ready to save. The vendor is the admin's choice; a vendor's own id is set by scope. */
export interface ProductFields {
  name: string;
  description: string;
  pricePaise: number;
  category: ProductCategory;
  stock: number;
  featured: boolean;
  specifications: Specifications;
  vendorId: string;
  declarations: ProductDeclarations;
}

/** Rows read from a post, however many are sent: anything past this is not even looked at. */
const MAX_ROWS_READ = 200;

const str = (v: FormDataEntryValue | null | undefined): string => (typeof v === "string" ? v : "");

/** The posted form as typed: repeated specKey/specValue fields pair up in order. */
export function readProductForm(form: FormData): ProductFormValues {
  const keys = form.getAll("specKey").slice(0, MAX_ROWS_READ).map(str);
  const values = form.getAll("specValue").slice(0, MAX_ROWS_READ).map(str);
  const specs: SpecRow[] = Array.from({ length: Math.max(keys.length, values.length) }, (_, i) => ({ key: keys[i] ?? "", value: values[i] ?? "" }));
  const typedSpecs: Record<string, string> = {};
  for (const name of TYPED_FIELD_NAMES) {
    const value = str(form.get(name));
    if (value !== "") typedSpecs[name] = value;
  }
  return {
    name: str(form.get("name")),
    description: str(form.get("description")),
    price: str(form.get("price")),
    category: str(form.get("category")),
    stock: str(form.get("stock")),
    featured: form.get("featured") !== null && str(form.get("featured")) !== "" && str(form.get("featured")) !== "0",
    vendorId: str(form.get("vendorId")),
    specs,
    typedSpecs,
    countryOfOrigin: str(form.get("countryOfOrigin")),
    manufacturerName: str(form.get("manufacturerName")),
    manufacturerAddress: str(form.get("manufacturerAddress")),
    importerName: str(form.get("importerName")),
    importerAddress: str(form.get("importerAddress")),
    netQuantity: str(form.get("netQuantity")),
    mrp: str(form.get("mrp")),
    consumerCare: str(form.get("consumerCare")),
    warrantyMonths: str(form.get("warrantyMonths")),
    warrantyBy: str(form.get("warrantyBy")),
    hsnCode: str(form.get("hsnCode")),
    ...(form.get("stockSeen") !== null ? { stockSeen: str(form.get("stockSeen")) } : {}),
  };
}

/** "1,49,990", "₹ 1499.50" or "1499" → paise, exactly (no floating point); or the message. */
export function parsePricePaise(raw: string, maxPaise: number = L.priceMaxRupees * 100): number | string {
  const text = raw.replace(/[\s,₹]/g, "");
  if (text === "") return M.priceRequired;
  if (/^-\d*(\.\d*)?$/.test(text)) return M.pricePositive;
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text) ?? /^()\.(\d+)$/.exec(text);
  if (!m) return M.priceNotNumber;
  const whole = m[1] || "0";
  const fraction = m[2] ?? "";
  if (fraction.length > 2) return M.priceDecimals;
  if (whole.replace(/^0+/, "").length > 9) return M.priceTooHigh;
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (paise <= 0) return M.pricePositive;
  if (paise > maxPaise) return M.priceTooHigh;
  return paise;
}

function parseStock(raw: string): number | string {
  const text = raw.trim();
  if (text === "") return M.stockRequired;
  if (!/^\d{1,7}$/.test(text)) return M.stockWhole;
  const n = Number(text);
  return n > L.stockMax ? M.stockWhole : n;
}

/** The MRP box: like the price, with the MRP's own messages. */
function parseMrpPaise(raw: string): number | string {
  // The highest price with its GST is the highest MRP.
  const r = parsePricePaise(raw, minimumMrp(L.priceMaxRupees * 100));
  if (typeof r === "number") return r;
  return r === M.priceRequired ? DM.mrpRequired : r === M.priceTooHigh ? DM.mrpTooHigh : DM.mrpNotNumber;
}

function parseWarrantyMonths(raw: string): number | string {
  const text = raw.trim();
  if (text === "") return DM.warrantyMonthsRequired;
  if (!/^\d{1,3}$/.test(text)) return DM.warrantyMonthsRange;
  const n = Number(text);
  return n > DL.warrantyMonthsMax ? DM.warrantyMonthsRange : n;
}

function parseHsn(raw: string): string {
  if (raw.trim() === "") return DM.hsnRequired;
  return normaliseHsn(raw) ?? DM.hsnFormat;
}

/** Trimmed, inner runs of spaces kept as typed (addresses have line breaks). */
const text = (required: string, max: number, tooLong: string) =>
  z
    .string()
    .transform((s) => s.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, required).max(max, tooLong));

const declarationsSchema = z.object({
  countryOfOrigin: z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .refine(isCountryCode, DM.countryRequired),
  manufacturerName: text(DM.manufacturerNameRequired, DL.nameMax, DM.manufacturerNameTooLong),
  manufacturerAddress: text(DM.manufacturerAddressRequired, DL.addressMax, DM.manufacturerAddressTooLong),
  // Required only for imported goods: checked below, with the country.
  importerName: z.string().transform((s) => s.trim()).pipe(z.string().max(DL.nameMax, DM.importerNameTooLong)),
  importerAddress: z
    .string()
    .transform((s) => s.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(DL.addressMax, DM.importerAddressTooLong)),
  netQuantity: text(DM.netQuantityRequired, DL.netQuantityMax, DM.netQuantityTooLong),
  mrp: z.string().transform((raw, ctx) => {
    const r = parseMrpPaise(raw);
    if (typeof r === "string") {
      ctx.addIssue({ code: "custom", message: r });
      return z.NEVER;
    }
    return r;
  }),
  consumerCare: text(DM.consumerCareRequired, DL.consumerCareMax, DM.consumerCareTooLong),
  warrantyMonths: z.string().transform((raw, ctx) => {
    const r = parseWarrantyMonths(raw);
    if (typeof r === "string") {
      ctx.addIssue({ code: "custom", message: r });
      return z.NEVER;
    }
    return r;
  }),
  warrantyBy: z.string().refine(isWarrantyBy, DM.warrantyByRequired),
  hsnCode: z.string().transform((raw, ctx) => {
    const r = parseHsn(raw);
    if (!/^\d+$/.test(r)) {
      ctx.addIssue({ code: "custom", message: r });
      return z.NEVER;
    }
    return r;
  }),
});

type DeclarationsParse = { ok: true; declarations: ProductDeclarations } | { ok: false; errors: ProductFieldErrors };

/**
 * The declarations a product must carry: each field's own check, then the two that look at
 * another field: the importer for goods made outside India, and an MRP not below the price with
 * GST (`pricePaise` null when the price itself is wrong: the MRP is then not compared).
 */
export function parseDeclarations(values: ProductFormValues, pricePaise: number | null): DeclarationsParse {
  const result = declarationsSchema.safeParse(values);
  const errors: ProductFieldErrors = result.success ? {} : issueErrors(result.error.issues, (path) => (path.length > 0 ? String(path[0]) : undefined)).fieldErrors;
  const country = values.countryOfOrigin.trim().toUpperCase();
  if (isCountryCode(country) && isImported(country)) {
    if (values.importerName.trim() === "") errors.importerName ??= DM.importerNameRequired;
    if (values.importerAddress.trim() === "") errors.importerAddress ??= DM.importerAddressRequired;
  }
  const mrp = parseMrpPaise(values.mrp);
  if (typeof mrp === "number" && pricePaise !== null && mrp < minimumMrp(pricePaise)) errors.mrp = mrpBelowMessage(pricePaise);
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  const d = result.data;
  const imported = isImported(d.countryOfOrigin);
  return {
    ok: true,
    declarations: {
      countryOfOrigin: d.countryOfOrigin,
      manufacturerName: d.manufacturerName,
      manufacturerAddress: d.manufacturerAddress,
      // A product made in India has no importer, whatever was left in the boxes.
      importerName: imported ? d.importerName : null,
      importerAddress: imported ? d.importerAddress : null,
      netQuantity: d.netQuantity,
      mrpPaise: d.mrp,
      consumerCare: d.consumerCare,
      warrantyMonths: d.warrantyMonths,
      warrantyBy: d.warrantyBy as WarrantyBy,
      hsnCode: d.hsnCode,
    },
  };
}

function withMessage<T>(parse: (raw: string) => T | string) {
  return z.string().transform((raw, ctx) => {
    const r = parse(raw);
    if (typeof r === "string") {
      ctx.addIssue({ code: "custom", message: r });
      return z.NEVER;
    }
    return r;
  });
}

const specRows = z
  .array(z.object({ key: z.string(), value: z.string() }))
  .transform((rows, ctx) => {
    const out: Specifications = {};
    const seen = new Set<string>();
    let filled = 0;
    rows.forEach((row, i) => {
      const key = row.key.trim().replace(/\s+/g, " ");
      const value = row.value.trim().replace(/\s+/g, " ");
      if (!key && !value) return;
      filled++;
      let ok = true;
      if (!key) {
        ctx.addIssue({ code: "custom", path: [`specKey.${i}`], message: M.specKeyMissing });
        ok = false;
      } else if (key.length > L.specKeyMax) {
        ctx.addIssue({ code: "custom", path: [`specKey.${i}`], message: M.specKeyTooLong });
        ok = false;
      } else if (seen.has(key.toLowerCase())) {
        ctx.addIssue({ code: "custom", path: [`specKey.${i}`], message: M.specDuplicate });
        ok = false;
      }
      if (!value) {
        ctx.addIssue({ code: "custom", path: [`specValue.${i}`], message: M.specValueMissing });
        ok = false;
      } else if (value.length > L.specValueMax) {
        ctx.addIssue({ code: "custom", path: [`specValue.${i}`], message: M.specValueTooLong });
        ok = false;
      }
      if (key) seen.add(key.toLowerCase());
      if (ok) out[key] = value;
    });
    if (filled > L.specRowsMax) ctx.addIssue({ code: "custom", path: ["specifications"], message: M.specTooMany });
    return out;
  });

/**
 * The chosen category's attribute boxes: each checked against its attribute (number and unit,
 * one of the list, yes/no, text length) and stored normalised. Empty boxes are left out.
 */
const typedSchemas = new Map(
  PRODUCT_CATEGORIES.map((category) => [
    category,
    z.object(
      Object.fromEntries(
        specSchema(category).map((attribute) => [
          typedFieldName(category, attribute.key),
          z
            .string()
            .optional()
            .transform((raw, ctx) => {
              if (raw === undefined || raw.trim() === "") return undefined;
              const checked = checkSpecValue(attribute, raw);
              if (checked.ok) return checked.value;
              ctx.addIssue({ code: "custom", message: checked.message });
              return z.NEVER;
            }),
        ]),
      ),
    ),
  ]),
);

function typedSpecifications(category: ProductCategory, typed: Record<string, string>) {
  const result = typedSchemas.get(category)!.safeParse(typed);
  if (!result.success) return { ok: false as const, errors: issueErrors(result.error.issues, (path) => String(path[0])).fieldErrors };
  const values: Specifications = {};
  for (const attribute of specSchema(category)) {
    const value = result.data[typedFieldName(category, attribute.key)];
    if (value !== undefined) values[attribute.key] = value;
  }
  return { ok: true as const, values };
}

function productSchema(requireVendor: boolean) {
  return z.object({
    name: z.string().trim().min(1, M.nameRequired).max(L.nameMax, M.nameTooLong),
    description: z
      .string()
      .transform((s) => s.replace(/\r\n?/g, "\n").trim())
      .pipe(z.string().min(1, M.descriptionRequired).max(L.descriptionMax, M.descriptionTooLong)),
    price: withMessage(parsePricePaise),
    category: z.string().refine(isProductCategory, M.categoryRequired),
    stock: withMessage(parseStock),
    featured: z.boolean(),
    vendorId: requireVendor ? z.string().trim().min(1, M.vendorRequired).max(200, M.vendorRequired) : z.string(),
    specs: specRows,
  });
}

export type ProductParse = { ok: true; fields: ProductFields } | { ok: false; errors: ProductFieldErrors };

/** A specification row's message goes beside that row ("specKey.3"); one about the list, beside the list. */
const productField: FieldOf = (path) => (path[0] === "specs" ? String(path[1] ?? "specifications") : path.length > 0 ? String(path[0]) : undefined);

/**
 * A free row may carry an attribute's name ("Battery Life") while that attribute's own box is
 * empty: it is kept as the vendor wrote it. With the box filled too, the row repeats it.
 */
function repeatedAttributeRows(category: ProductCategory, rows: SpecRow[], typed: Specifications): ProductFieldErrors {
  const errors: ProductFieldErrors = {};
  rows.forEach((row, i) => {
    const attribute = schemaAttributeNamed(category, row.key);
    if (attribute && typed[attribute.key] !== undefined) errors[`specKey.${i}`] = M.specDuplicate;
  });
  return errors;
}

/** Checks a posted product form; every field's first problem is reported beside it. */
export function parseProductForm(values: ProductFormValues, { requireVendor }: { requireVendor: boolean }): ProductParse {
  const result = productSchema(requireVendor).safeParse(values);
  const category = isProductCategory(values.category) ? values.category : null;
  const typed = category ? typedSpecifications(category, values.typedSpecs) : { ok: true as const, values: {} };
  const price = parsePricePaise(values.price);
  const declarations = parseDeclarations(values, typeof price === "number" ? price : null);
  const errors: ProductFieldErrors = {
    ...(declarations.ok ? {} : declarations.errors),
    ...(category && typed.ok ? repeatedAttributeRows(category, values.specs, typed.values) : {}),
    ...(typed.ok ? {} : typed.errors),
    ...(result.success ? {} : issueErrors(result.error.issues, productField).fieldErrors),
  };
  if (!result.success || !typed.ok || !declarations.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  const d = result.data;
  return {
    ok: true,
    fields: {
      name: d.name,
      description: d.description,
      pricePaise: d.price,
      category: d.category as ProductCategory,
      stock: d.stock,
      featured: d.featured,
      specifications: { ...typed.values, ...d.specs },
      vendorId: d.vendorId.trim(),
      declarations: declarations.declarations,
    },
  };
}
