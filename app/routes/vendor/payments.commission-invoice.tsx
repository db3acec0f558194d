import { TableHead } from "~/components/ui/ScrollTable";
import { data, isRouteErrorResponse } from "react-router";
import { Link } from "~/lib/route-links";
import { buttonClass } from "~/components/ui/Button";
import { Money } from "~/components/ui/Money";
import { dbContext } from "~/context";
import { legalDetails } from "~/modules/content/legal.server";
import { requireVendorProfile } from "~/modules/identity/guards.server";
import { formatOrderDate } from "~/lib/dates";
import { HOME_STATE } from "~/modules/gst/gst";
import { indiaMonthOf, monthLabel, parseMonth } from "~/modules/settlements/months";
import { COMMISSION_GST_PERCENT } from "~/modules/settlements/rules";
import { commissionInvoice } from "~/modules/settlements/statements.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/payments.commission-invoice";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Commission invoice", description: "The marketplace's tax invoice for a month's commission." }),
  { name: "robots", content: "noindex" },
];

const BAD_MONTH = "Choose a month as YYYY-MM, such as 2026-11.";

export async function loader(args: Route.LoaderArgs) {
  const { vendor } = await requireVendorProfile(args);
  const asked = new URL(args.request.url).searchParams.get("month");
  const month = asked === null ? indiaMonthOf(new Date()) : parseMonth(asked);
  if (!month) throw data(BAD_MONTH, { status: 400 });
  const db = args.context.get(dbContext);
  const [invoice, legal] = await Promise.all([commissionInvoice(db, vendor.id, month), legalDetails(db)]);
  if (!invoice) throw data("Seller not found.", { status: 404 });
  return { invoice, legal };
}

const HALF = COMMISSION_GST_PERCENT / 2;

export default function CommissionInvoicePage({ loaderData }: Route.ComponentProps) {
  const { invoice: inv, legal } = loaderData;
  const label = monthLabel(inv.month);
  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-4 print:hidden">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Commission invoice</h1>
          <p className="mt-1 text-sm text-gray-600">{label}</p>
        </div>
        <div className="flex items-center gap-4">
          <Link to={`/vendor/payments?month=${inv.month}`} className="text-sm font-semibold text-pink-700 hover:text-pink-800">
            Back to Payments
          </Link>
          {inv.taxable > 0 && (
            <button type="button" onClick={() => window.print()} className={buttonClass("outline", "sm")}>
              Print invoice
            </button>
          )}
        </div>
      </div>

      {inv.taxable <= 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-gray-300 px-6 py-12 text-center text-gray-600">
          No commission this month.
          {inv.taxable < 0 && (
            <>
              {" "}
              Refunds gave back <Money paise={-inv.taxable} decimals={2} /> of earlier months&rsquo; commission.
            </>
          )}
        </p>
      ) : (
        <article aria-labelledby="commission-invoice-heading" className="mt-6 rounded-xl border border-gray-300 bg-white p-6 text-sm print:mt-0 print:border-0">
          <header className="flex flex-wrap justify-between gap-4 border-b border-gray-200 pb-4">
            <div>
              <h2 id="commission-invoice-heading" className="text-base font-bold text-gray-900">
                Tax Invoice
              </h2>
              <p className="text-gray-700">Invoice {inv.number}</p>
              <p className="text-gray-700">Date {formatOrderDate(`${inv.date}T12:00:00.000Z`)}</p>
            </div>
            <div className="sm:text-right">
              <p className="font-semibold text-gray-900">{legal.legalName}</p>
              <p className="text-gray-700">{legal.registeredOffice}</p>
              <p className="text-gray-700">GSTIN: {legal.gstin}</p>
              <p className="text-gray-700">CIN: {legal.cin}</p>
              <p className="text-gray-700">State: {HOME_STATE}</p>
            </div>
          </header>
          <div className="mt-4">
            <p className="font-semibold text-gray-900">Bill to {inv.seller.name}</p>
            <p className="text-gray-700">GSTIN: {inv.seller.gstin ?? "Not registered"}</p>
            {inv.seller.address && (
              <p className="text-gray-700">
                {inv.seller.address}
                {inv.seller.city && `, ${inv.seller.city}`}
              </p>
            )}
            <p className="text-gray-700">
              State: {inv.seller.state} · Place of supply: {inv.seller.state}
            </p>
          </div>
          <table className="mt-4 w-full text-left">
            <TableHead columns={["Service", { label: "Taxable value", right: true }]} className="border-b border-gray-200 text-xs uppercase text-gray-600" cellClassName="py-2" />
            <tbody>
              <tr className="border-b border-gray-100">
                <td className="py-2">Marketplace commission on your sales in {label}, less commission returned on refunds</td>
                <td className="py-2 text-right tabular-nums">
                  <Money paise={inv.taxable} decimals={2} />
                </td>
              </tr>
            </tbody>
          </table>
          <dl className="ml-auto mt-4 max-w-xs space-y-1 tabular-nums">
            <div className="flex justify-between">
              <dt>Taxable value</dt>
              <dd>
                <Money paise={inv.taxable} decimals={2} />
              </dd>
            </div>
            {inv.supply === "intra" ? (
              <>
                <div className="flex justify-between">
                  <dt>CGST ({HALF}%)</dt>
                  <dd>
                    <Money paise={inv.cgst} decimals={2} />
                  </dd>
                </div>
                <div className="flex justify-between">
                  <dt>SGST ({HALF}%)</dt>
                  <dd>
                    <Money paise={inv.sgst} decimals={2} />
                  </dd>
                </div>
              </>
            ) : (
              <div className="flex justify-between">
                <dt>IGST ({COMMISSION_GST_PERCENT}%)</dt>
                <dd>
                  <Money paise={inv.igst} decimals={2} />
                </dd>
              </div>
            )}
            <div className="flex justify-between border-t border-gray-200 pt-1 font-bold">
              <dt>Invoice total</dt>
              <dd>
                <Money paise={inv.total} decimals={2} />
              </dd>
            </div>
          </dl>
          <p className="mt-4 text-xs text-gray-600">The commission and its GST were kept from your payouts; nothing more is due.</p>
        </article>
      )}
    </div>
  );
}

/** A month that cannot be read says how to write one; anything else goes to the shop's error page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 400) throw error;
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-6 py-8 text-center">
      <h1 className="text-xl font-bold text-red-900">Commission invoice</h1>
      <p className="mt-2 text-red-800">{String(error.data)}</p>
      <Link to="/vendor/payments" className="mt-4 inline-block font-semibold text-red-800 underline">
        Back to Payments
      </Link>
    </div>
  );
}
