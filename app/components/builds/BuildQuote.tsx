import type { ReactNode } from "react";
import { InvoiceLines } from "~/components/orders/InvoiceLines";
import { OrderAmounts } from "~/components/orders/OrderAmounts";
import { FormAlert } from "~/components/ui/FormAlert";
import { Money } from "~/components/ui/Money";
import { buttonClass } from "~/components/ui/Button";
import { BRAND } from "~/config/brand";
import { formatOrderDate } from "~/lib/dates";
import type { QuoteSeller } from "~/modules/builds/saved-build";
import type { LegalDetails } from "~/modules/content/legal";
import { GST_RATE_PERCENT } from "~/modules/gst/gst";
import type { OrderTotals } from "~/modules/orders/totals";

/**
 * A build's printable quote, laid out as the order page's tax invoices print (InvoiceLines, the
 * same amounts as checkout: OrderAmounts): the shop's details and the date, then each seller's parts
 * with HSN, rate and GST, then the totals. The controls above it do not print.
 */
export function BuildQuote({
  title,
  subtitle,
  date,
  sellers,
  totals,
  missing,
  legal,
  controls,
}: {
  title: string;
  subtitle?: string;
  date: string;
  sellers: readonly QuoteSeller[];
  totals: OrderTotals;
  missing: number;
  legal: LegalDetails;
  controls: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 print:px-0 print:py-0">
      <div className="flex flex-wrap items-start justify-between gap-4 print:hidden">
        <div>
          <h1 className="text-3xl font-bold text-gray-900">Quote</h1>
          <p className="mt-1 text-sm text-gray-600">{title}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {controls}
          <button type="button" onClick={() => window.print()} className={buttonClass("outline", "sm")}>
            Print quote
          </button>
        </div>
      </div>
      {missing > 0 && (
        <div className="mt-6 print:hidden">
          <FormAlert tone="info">{missing === 1 ? "One part is no longer sold and is left out of this quote." : `${missing} parts are no longer sold and are left out of this quote.`}</FormAlert>
        </div>
      )}
      <article aria-labelledby="quote-heading" className="mt-6 rounded-xl border border-gray-300 bg-white p-4 text-sm sm:p-6 print:border-0">
        <header className="flex flex-wrap justify-between gap-4 border-b border-gray-200 pb-4">
          <div>
            <h2 id="quote-heading" className="text-base font-bold text-gray-900">
              Quotation: {title}
            </h2>
            {subtitle && <p className="text-gray-700">{subtitle}</p>}
            <p className="text-gray-700">Prices of {formatOrderDate(date)}, subject to stock when ordered</p>
          </div>
          <div className="text-gray-700 sm:text-right">
            <p className="font-semibold text-gray-900">{BRAND.name}</p>
            <p>{legal.legalName}</p>
            <p>{legal.registeredOffice}</p>
            <p>GSTIN {legal.gstin}</p>
            <p>
              {BRAND.phone} · {BRAND.supportEmail}
            </p>
          </div>
        </header>
        {sellers.length === 0 ? (
          <p className="mt-4 text-gray-700">No parts on sale in this build.</p>
        ) : (
          sellers.map((s) => (
            <section key={s.vendorId} aria-label={`Sold by ${s.sellerName}`} className="mt-6 break-inside-avoid">
              <h3 className="font-semibold text-gray-900">Sold by {s.sellerName}</h3>
              <p className="text-gray-700">GSTIN: {s.gstin ?? "Not registered"}</p>
              <InvoiceLines lines={s.lines} />
              <dl className="ml-auto mt-3 max-w-xs space-y-1">
                <div className="flex justify-between"><dt>Taxable value</dt><dd><Money paise={s.taxable} decimals={2} /></dd></div>
                <div className="flex justify-between"><dt>GST ({GST_RATE_PERCENT}%)</dt><dd><Money paise={s.gst} decimals={2} /></dd></div>
                <div className="flex justify-between border-t border-gray-200 pt-1 font-semibold"><dt>Seller total</dt><dd><Money paise={s.total} decimals={2} /></dd></div>
              </dl>
            </section>
          ))
        )}
        <section aria-label="Quote total" className="ml-auto mt-6 max-w-sm">
          <OrderAmounts totals={totals} />
          <p className="mt-2 text-xs text-gray-600">GST is charged as CGST and SGST, or IGST, by the state the parts are delivered to; each seller issues its own tax invoice.</p>
        </section>
      </article>
    </div>
  );
}
