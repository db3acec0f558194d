import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Form, Link } from "~/lib/route-links";
import { FormAlert } from "~/components/ui/FormAlert";
import { Button, buttonClass } from "~/components/ui/Button";
import { Checkbox } from "~/components/ui/Checkbox";
import { SelectField, TextAreaField, TextField } from "~/components/ui/Field";
import { useHydrated } from "~/hooks";
import type { FormFailure } from "~/lib/form";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { PRODUCT_CATEGORIES, type ProductCategory } from "~/modules/catalog/categories";
import {
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  typedFieldName,
  withBlankRows,
  type ProductFieldErrors,
  type ProductFormValues,
} from "~/modules/catalog/product-form";
import { NO, PC_PART_TYPES, SPEC_TEXT_MAX, YES, specSchema, type SpecAttribute, type SpecUnit } from "~/modules/catalog/spec-schema";
import { COUNTRIES } from "~/modules/catalog/countries";
import { DECLARATION_LIMITS } from "~/modules/catalog/declarations";
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES, detectImageType } from "~/modules/storage/image-type";

export interface VendorOption {
  id: string;
  name: string;
  status: string;
}

export interface ProductFormProps {
  values: ProductFormValues;
  /** The answer to a refused post; its specification rows are shown exactly as posted, so messages line up. */
  reply?: FormFailure<ProductFormValues> | undefined;
  /** The product's stored image (edit), shown as a preview. */
  currentImage?: string | null | undefined;
  /** The admin form's Vendor select; absent for a vendor, whose products are always its own. */
  vendors?: VendorOption[] | undefined;
  submitLabel: string;
  cancelHref: string;
  /** Editing a product saved before declarations were required: the ones it still lacks, by label. */
  missingDeclarations?: readonly string[] | undefined;
}

const specInputClass =
  "block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-pink-600 focus:outline-none focus:ring-2 focus:ring-pink-600/20 aria-[invalid=true]:border-red-600";

let nextRowId = 0;

/**
 * The one product form of the vendor portal and the admin panel. A plain
 * multipart post that works without JavaScript; with it, specification rows can be added and
 * removed and a chosen image is checked and previewed before it is sent. The file input is the
 * form's last field on purpose: an over-large upload is cut there and every other field survives.
 */
export function ProductForm({ values, reply, currentImage, vendors, submitLabel, cancelHref, missingDeclarations }: ProductFormProps) {
  const hydrated = useHydrated();
  const saving = useIsPending();
  const formRef = useRef<HTMLFormElement>(null);
  const errors: ProductFieldErrors = reply?.fieldErrors ?? {};
  const formError = reply?.formError;
  const [rows, setRows] = useState(() => (reply ? values.specs : withBlankRows(values.specs)).map((r) => ({ ...r, id: nextRowId++ })));
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useFormReply(formRef, reply);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function onImageChange(e: ChangeEvent<HTMLInputElement>) {
    const file = e.currentTarget.files?.[0];
    setPreview(null);
    if (!file) return setImageProblem(null);
    if (file.size > MAX_IMAGE_BYTES) return setImageProblem(PRODUCT_MESSAGES.imageTooLarge);
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    if (!detectImageType(head)) return setImageProblem(PRODUCT_MESSAGES.imageType);
    setImageProblem(null);
    setPreview(URL.createObjectURL(file));
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    if (imageProblem) {
      e.preventDefault();
      formRef.current?.querySelector<HTMLInputElement>('input[name="image"]')?.focus();
    }
  }

  const imageError = imageProblem ?? errors.image;
  const shownImage = preview ?? currentImage ?? null;

  return (
    <Form ref={formRef} method="post" encType="multipart/form-data" noValidate className="space-y-6" onSubmit={onSubmit}>
      {formError && <FormAlert>{formError}</FormAlert>}
      <TextField label="Name" name="name" required defaultValue={values.name} error={errors.name} hint={`Up to ${PRODUCT_LIMITS.nameMax} characters.`} />
      <TextAreaField label="Description" name="description" rows={6} required defaultValue={values.description} error={errors.description} />
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField label="Price (₹)" name="price" inputMode="decimal" required defaultValue={values.price} error={errors.price} hint="In rupees, for example 1499 or 1499.50." />
        {values.stockSeen !== undefined && <input type="hidden" name="stockSeen" value={values.stockSeen} />}
        <TextField label="Stock" name="stock" inputMode="numeric" required defaultValue={values.stock} error={errors.stock} hint="Units you have ready to ship." />
        <SelectField label="Category" name="category" required defaultValue={values.category} error={errors.category}>
          <option value="" disabled>
            Select a category
          </option>
          {PRODUCT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        {vendors && (
          <SelectField label="Vendor" name="vendorId" required defaultValue={values.vendorId} error={errors.vendorId}>
            <option value="" disabled>
              Select a vendor
            </option>
            {vendors.map((v) => (
              <option key={v.id} value={v.id}>
                {v.status === "approved" ? v.name : `${v.name} (${v.status})`}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <Checkbox label="Featured" name="featured" value="1" defaultChecked={values.featured} error={errors.featured} />

      {PRODUCT_CATEGORIES.map((category) => (
        <CategorySpecFields key={category} category={category} values={values.typedSpecs} errors={errors} />
      ))}

      <fieldset aria-describedby="spec-hint">
        <legend className="text-sm font-medium text-gray-800">Specifications</legend>
        <p id="spec-hint" className="mt-1 text-xs text-gray-600">
          A name and a value per row, for example Processor and Intel Core i5. Blank rows are left out.
        </p>
        {errors.specifications && (
          <p className="mt-2 text-sm text-red-700" role="alert">
            {errors.specifications}
          </p>
        )}
        <ol className="mt-3 space-y-3">
          {rows.map((row, i) => {
            const keyError = errors[`specKey.${i}`];
            const valueError = errors[`specValue.${i}`];
            const n = i + 1;
            return (
              <li key={row.id} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
                <div>
                  <input
                    name="specKey"
                    aria-label={`Specification ${n} name`}
                    placeholder="Name"
                    defaultValue={row.key}
                    aria-invalid={Boolean(keyError)}
                    aria-describedby={keyError ? `spec-key-${i}-error` : undefined}
                    className={specInputClass}
                  />
                  {keyError && (
                    <p id={`spec-key-${i}-error`} className="mt-1 text-sm text-red-700">
                      {keyError}
                    </p>
                  )}
                </div>
                <div>
                  <input
                    name="specValue"
                    aria-label={`Specification ${n} value`}
                    placeholder="Value"
                    defaultValue={row.value}
                    aria-invalid={Boolean(valueError)}
                    aria-describedby={valueError ? `spec-value-${i}-error` : undefined}
                    className={specInputClass}
                  />
                  {valueError && (
                    <p id={`spec-value-${i}-error`} className="mt-1 text-sm text-red-700">
                      {valueError}
                    </p>
                  )}
                </div>
                {hydrated && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="justify-self-start sm:mt-0.5"
                    aria-label={`Remove specification ${n}`}
                    onClick={() => setRows((rs) => rs.filter((r) => r.id !== row.id))}
                  >
                    Remove
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
        {hydrated && rows.length < PRODUCT_LIMITS.specRowsMax && (
          <Button variant="outline" size="sm" className="mt-3" onClick={() => setRows((rs) => [...rs, { key: "", value: "", id: nextRowId++ }])}>
            Add row
          </Button>
        )}
      </fieldset>

      <DeclarationFields values={values} errors={errors} missing={missingDeclarations} />

      <div className="space-y-3">
        {shownImage && (
          <figure className="flex items-center gap-4">
            <img src={shownImage} alt={preview ? "Preview of the chosen image" : "Current image"} className="h-24 w-24 rounded-lg border border-gray-200 bg-white object-contain" />
            <figcaption className="text-sm text-gray-600">{preview ? "The chosen image" : "Current image"}</figcaption>
          </figure>
        )}
        {/* Last field of the form: see the component's comment. */}
        <TextField
          label="Image"
          name="image"
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          optional
          onChange={(e) => void onImageChange(e)}
          error={imageError ?? undefined}
          hint={currentImage ? "JPEG, PNG or WebP, up to 2 MB. Leave empty to keep the current image." : "JPEG, PNG or WebP, up to 2 MB."}
        />
      </div>

      <div className="flex flex-wrap items-center gap-3 border-t border-gray-200 pt-6">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : submitLabel}
        </Button>
        <Link to={cancelHref} className={buttonClass("outline")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/**
 * What a shopper must be told before buying (docs/product-rules.md, "Product declarations"). The
 * server checks them all; the importer's boxes are needed only for goods made outside India.
 */
function DeclarationFields({ values, errors, missing }: { values: ProductFormValues; errors: ProductFieldErrors; missing: readonly string[] | undefined }) {
  const L = DECLARATION_LIMITS;
  return (
    <fieldset aria-describedby="declarations-hint" className="space-y-4">
      <legend className="text-sm font-medium text-gray-800">Declarations</legend>
      <p id="declarations-hint" className="text-xs text-gray-600">
        The law asks us to show these on the product page before purchase. Copy them from the product&apos;s box or its maker.
      </p>
      {missing && missing.length > 0 && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="status">
          <p className="font-semibold">Declarations missing</p>
          <p className="mt-1">The product stays on sale, but please add: {missing.join(", ")}.</p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Country of origin" name="countryOfOrigin" required defaultValue={values.countryOfOrigin} error={errors.countryOfOrigin} hint="Where the product was made.">
          <option value="">Select a country</option>
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <TextField label="Net quantity" name="netQuantity" required maxLength={L.netQuantityMax} defaultValue={values.netQuantity} error={errors.netQuantity} hint="What is in the box, for example 1 unit or 2 pieces." />
        <TextField label="Manufacturer's name" name="manufacturerName" required maxLength={L.nameMax} defaultValue={values.manufacturerName} error={errors.manufacturerName} />
        <TextAreaField label="Manufacturer's address" name="manufacturerAddress" rows={2} required maxLength={L.addressMax} defaultValue={values.manufacturerAddress} error={errors.manufacturerAddress} />
        <TextField
          label="Importer's name"
          name="importerName"
          maxLength={L.nameMax}
          defaultValue={values.importerName}
          error={errors.importerName}
          hint="Needed when the product is made outside India."
        />
        <TextAreaField
          label="Importer's address"
          name="importerAddress"
          rows={2}
          maxLength={L.addressMax}
          defaultValue={values.importerAddress}
          error={errors.importerAddress}
          hint="Needed when the product is made outside India."
        />
        <TextField
          label="MRP (₹)"
          name="mrp"
          inputMode="decimal"
          required
          defaultValue={values.mrp}
          error={errors.mrp}
          hint="Maximum retail price, inclusive of all taxes; not below the price with GST."
        />
        <TextField label="HSN code" name="hsnCode" inputMode="numeric" required defaultValue={values.hsnCode} error={errors.hsnCode} hint="4 to 8 digits, for example 8471 30. Printed on the tax invoice." />
        <TextField label="Warranty (months)" name="warrantyMonths" inputMode="numeric" required defaultValue={values.warrantyMonths} error={errors.warrantyMonths} hint={`0 for none, up to ${L.warrantyMonthsMax}.`} />
        <SelectField label="Warranty given by" name="warrantyBy" required defaultValue={values.warrantyBy} error={errors.warrantyBy}>
          <option value="">Select who gives it</option>
          <option value="manufacturer">The manufacturer</option>
          <option value="seller">The seller</option>
        </SelectField>
      </div>
      <TextAreaField
        label="Consumer care"
        name="consumerCare"
        rows={2}
        required
        maxLength={L.consumerCareMax}
        defaultValue={values.consumerCare}
        error={errors.consumerCare}
        hint="A phone number or email, and an address, for questions and complaints about the product."
      />
    </fieldset>
  );
}

const UNIT_LABEL: Record<SpecUnit, string> = {
  GB: "GB",
  inch: "inches",
  W: "W",
  Hz: "Hz",
  MHz: "MHz",
  kg: "kg",
  ms: "ms",
  "MB/s": "MB/s",
  hours: "hours",
  count: "",
  mm: "mm",
  "MT/s": "MT/s",
};

/**
 * A category's own attributes, each with the control its type needs. Every category's set is in
 * the page; the stylesheet shows the chosen category's (app.css, .category-specs), so this works
 * before and without JavaScript, and nothing typed is lost by changing the category.
 */
function CategorySpecFields({ category, values, errors }: { category: ProductCategory; values: Record<string, string>; errors: ProductFieldErrors }) {
  const hintId = `category-specs-${category}-hint`;
  return (
    <fieldset className="category-specs" data-category={category} aria-describedby={hintId}>
      <legend className="text-sm font-medium text-gray-800">{category} details</legend>
      <p id={hintId} className="mt-1 text-xs text-gray-600">
        Shoppers filter and compare products by these. Leave a box empty if it does not apply.
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {specSchema(category)
          .filter((attribute) => attribute.part === undefined)
          .map((attribute) => {
            const name = typedFieldName(category, attribute.key);
            return <SpecField key={name} name={name} attribute={attribute} value={values[name] ?? ""} error={errors[name]} />;
          })}
      </div>
      {PC_PART_TYPES.map((part) => {
        const attributes = specSchema(category).filter((a) => a.part === part);
        if (attributes.length === 0) return null;
        const names = attributes.map((a) => typedFieldName(category, a.key));
        // Closed until it holds something, so a seller of cables scrolls past one line per part.
        const open = names.some((n) => (values[n] ?? "") !== "" || errors[n] !== undefined);
        return (
          <details key={part} className="mt-4 rounded border border-gray-200 p-3" open={open}>
            <summary className="cursor-pointer text-sm font-medium text-gray-800">{part} figures for the PC builder</summary>
            <div className="mt-3 grid gap-4 sm:grid-cols-2">
              {attributes.map((attribute, i) => (
                <SpecField key={names[i]} name={names[i]!} attribute={attribute} value={values[names[i]!] ?? ""} error={errors[names[i]!]} />
              ))}
            </div>
          </details>
        );
      })}
    </fieldset>
  );
}

function SpecField({ name, attribute, value, error }: { name: string; attribute: SpecAttribute; value: string; error: string | undefined }) {
  switch (attribute.kind) {
    case "number": {
      const unit = UNIT_LABEL[attribute.unit];
      return (
        <TextField
          label={unit ? `${attribute.label} (${unit})` : attribute.label}
          name={name}
          inputMode="decimal"
          defaultValue={value}
          error={error}
          hint={`${attribute.hint ? `${attribute.hint} ` : ""}For example ${attribute.example}.`}
        />
      );
    }
    case "choice":
    case "boolean": {
      const options = attribute.kind === "choice" ? attribute.options : [YES, NO];
      // A value stored before the attribute had its list stays visible until it is changed.
      const unlisted = value !== "" && !options.includes(value);
      return (
        <SelectField label={attribute.label} name={name} defaultValue={value} error={error} hint={attribute.hint}>
          <option value="">Not specified</option>
          {unlisted && <option value={value}>{value}</option>}
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </SelectField>
      );
    }
    case "text":
      return <TextField label={attribute.label} name={name} maxLength={SPEC_TEXT_MAX} defaultValue={value} error={error} hint={`For example ${attribute.example}.`} />;
    case "list":
      return (
        <TextField
          label={attribute.label}
          name={name}
          maxLength={SPEC_TEXT_MAX}
          defaultValue={value}
          error={error}
          hint={`Any of ${attribute.options.join(", ")}, separated by commas. For example ${attribute.example}.`}
        />
      );
    case "pairs":
      return (
        <TextField
          label={attribute.label}
          name={name}
          maxLength={SPEC_TEXT_MAX}
          defaultValue={value}
          error={error}
          hint={`${attribute.hint ? `${attribute.hint} ` : ""}Separate pairs with semicolons, for example ${attribute.example}.`}
        />
      );
  }
}
