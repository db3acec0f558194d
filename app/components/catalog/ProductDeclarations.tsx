import type { ReactNode } from "react";
import { Money } from "~/components/ui/Money";
import { countryName, hsnDisplay, isImported, warrantyText, type ProductDeclarations } from "~/modules/catalog/declarations";

/**
 * The product page's "Product details": what a shopper must be told before buying
 * (docs/product-rules.md, "Product declarations"). A product saved before they were required
 * shows what it has; a label is never shown without its value.
 */
export function ProductDeclarationsSection({ declarations: d }: { declarations: ProductDeclarations }) {
  const rows: { label: string; value: ReactNode }[] = [];
  if (d.countryOfOrigin) rows.push({ label: "Country of origin", value: countryName(d.countryOfOrigin) });
  if (d.manufacturerName || d.manufacturerAddress) rows.push({ label: "Manufacturer", value: <NameAndAddress name={d.manufacturerName} address={d.manufacturerAddress} /> });
  if (isImported(d.countryOfOrigin) && (d.importerName || d.importerAddress))
    rows.push({ label: "Importer", value: <NameAndAddress name={d.importerName} address={d.importerAddress} /> });
  if (d.netQuantity) rows.push({ label: "Net quantity", value: d.netQuantity });
  if (d.mrpPaise !== null)
    rows.push({
      label: "MRP",
      value: (
        <>
          <Money paise={d.mrpPaise} decimals={d.mrpPaise % 100 === 0 ? 0 : 2} /> (inclusive of all taxes)
        </>
      ),
    });
  const warranty = warrantyText(d.warrantyMonths, d.warrantyBy);
  if (warranty) rows.push({ label: "Warranty", value: warranty });
  if (d.consumerCare) rows.push({ label: "Consumer care", value: <span className="whitespace-pre-line">{d.consumerCare}</span> });
  if (d.hsnCode) rows.push({ label: "HSN code", value: hsnDisplay(d.hsnCode) });
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="product-details-heading" className="mt-10">
      <h2 id="product-details-heading" className="text-2xl font-bold text-gray-900">
        Product details
      </h2>
      <dl className="mt-6 max-w-3xl divide-y divide-gray-200 overflow-hidden rounded-xl border border-gray-200">
        {rows.map(({ label, value }) => (
          <div key={label} className="grid grid-cols-1 gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-semibold text-gray-900">{label}</dt>
            <dd className="break-words text-sm text-gray-700 sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function NameAndAddress({ name, address }: { name: string | null; address: string | null }) {
  return (
    <>
      {name && <span className="block font-medium text-gray-900">{name}</span>}
      {address && <span className="block whitespace-pre-line">{address}</span>}
    </>
  );
}
