import { TableHead } from "~/components/ui/ScrollTable";
import { BRAND } from "~/config/brand";
import { Money } from "~/components/ui/Money";
import { formatOrderDate } from "~/lib/dates";
import { GST_RATE_PERCENT, HALF_GST_PERCENT, placeOfSupplyLabel } from "~/modules/gst/gst";
import type { BusinessBuyer } from "~/modules/gst/business-buyer";
import type { ReturnView } from "~/modules/returns/returns.server";

/** The sellers' GST credit notes of an order's accepted returns, printed beside its tax invoices. */
export function CreditNotes({
  orderNumber,
  address,
  business = null,
  returns,
}: {
  orderNumber: string;
  address: { fullName: string; state: string };
  /** A business buyer's: its credit notes carry its legal name and GSTIN, as its invoices do. */
  business?: BusinessBuyer | null;
  returns: ReturnView[];
}) {
  const notes = returns.filter((r) => r.creditNote);
  if (notes.length === 0) return null;
  return (
    <>
      <h2 id="credit-notes-heading" className="mt-10 text-xl font-semibold text-gray-900 print:hidden">
        Credit Notes
      </h2>
      {notes.map((r) => {
        const cn = r.creditNote!;
        return (
          <article key={r.id} aria-labelledby={`cn-${r.id}`} className="mt-4 break-after-page rounded-xl border border-gray-300 bg-white p-6 text-sm print:border-0">
            <header className="flex flex-wrap justify-between gap-4 border-b border-gray-200 pb-4">
              <div>
                <h3 id={`cn-${r.id}`} className="text-base font-bold text-gray-900">
                  Credit Note {cn.number}
                </h3>
                <p className="text-gray-700">
                  {formatOrderDate(cn.createdAt)} · against Invoice {cn.invoiceNumber} (order {orderNumber} via {BRAND.name})
                </p>
                <p className="text-gray-700">Return {r.number}</p>
              </div>
              <div className="text-right">
                <p className="font-semibold text-gray-900">Issued by {r.vendorName}</p>
                {business ? (
                  <>
                    <p className="text-gray-700">To {business.legalName}</p>
                    <p className="text-gray-700">Recipient GSTIN: {cn.recipientGstin ?? business.gstin}</p>
                    <p className="text-gray-700">Place of supply: {placeOfSupplyLabel(address.state)}</p>
                  </>
                ) : (
                  <p className="text-gray-700">
                    To {address.fullName} · Place of supply: {address.state}
                  </p>
                )}
              </div>
            </header>
            <table className="mt-4 w-full text-left">
              <TableHead columns={["Item returned", { label: "Rate", right: true }, { label: "Qty", right: true }, { label: "Taxable value", right: true }]} className="border-b border-gray-200 text-xs uppercase text-gray-600" cellClassName="py-2" />
              <tbody>
                <tr className="border-b border-gray-100">
                  <td className="py-2">{r.productName}</td>
                  <td className="py-2 text-right"><Money paise={r.unitPrice} decimals={2} /></td>
                  <td className="py-2 text-right">{r.quantity}</td>
                  <td className="py-2 text-right"><Money paise={cn.taxable} decimals={2} /></td>
                </tr>
              </tbody>
            </table>
            <dl className="ml-auto mt-4 max-w-xs space-y-1">
              <div className="flex justify-between"><dt>Taxable value</dt><dd><Money paise={cn.taxable} decimals={2} /></dd></div>
              {cn.kind === "intra" ? (
                <>
                  <div className="flex justify-between"><dt>CGST ({HALF_GST_PERCENT}%)</dt><dd><Money paise={cn.cgst} decimals={2} /></dd></div>
                  <div className="flex justify-between"><dt>SGST ({HALF_GST_PERCENT}%)</dt><dd><Money paise={cn.sgst} decimals={2} /></dd></div>
                </>
              ) : (
                <div className="flex justify-between"><dt>IGST ({GST_RATE_PERCENT}%)</dt><dd><Money paise={cn.igst} decimals={2} /></dd></div>
              )}
              <div className="flex justify-between border-t border-gray-200 pt-1 font-bold"><dt>Credit note total</dt><dd><Money paise={cn.total} decimals={2} /></dd></div>
            </dl>
          </article>
        );
      })}
    </>
  );
}
