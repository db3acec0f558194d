import { data } from "react-router";
import { Form } from "~/lib/route-links";
import { SettlementsNav } from "~/components/admin/SettlementsNav";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { Money } from "~/components/ui/Money";
import { ScrollTable, tableHeadClass } from "~/components/ui/ScrollTable";
import { dbContext } from "~/context";
import { statusFor } from "~/lib/outcome";
import { requireAdmin } from "~/modules/identity/guards.server";
import { brandTitle } from "~/modules/seo/meta";
import { indiaMonthOf } from "~/modules/settlements/months";
import { reportFileName, reportMonth } from "~/modules/settlements/reports";
import { tcsReport, tdsReport, type TcsRow, type TdsRow } from "~/modules/settlements/reports.server";
import type { Route } from "./+types/settlements.reports";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Tax reports", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const asked = new URL(args.request.url).searchParams.get("month");
  const month = reportMonth(asked ?? indiaMonthOf(new Date()));
  if (!month.ok) return data({ month: asked ?? "", error: month.message, tcs: [] as TcsRow[], tds: [] as TdsRow[] }, { status: statusFor(month.reason) });
  const db = args.context.get(dbContext);
  const [tcs, tds] = await Promise.all([tcsReport(db, month), tdsReport(db, month)]);
  return data({ month: month.month, error: null, tcs, tds });
}

const cell = "px-3 py-3";
const amount = `${cell} text-right tabular-nums whitespace-nowrap`;

function Amount({ paise }: { paise: number }) {
  return (
    <td className={amount}>
      <Money paise={paise} decimals={2} />
    </td>
  );
}

function Heads({ names, amounts }: { names: string[]; amounts: string[] }) {
  return (
    <thead className={tableHeadClass}>
      <tr>
        {names.map((h) => (
          <th key={h} scope="col" className={cell}>
            {h}
          </th>
        ))}
        {amounts.map((h) => (
          <th key={h} scope="col" className={`${cell} text-right`}>
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function Download({ href, name, label }: { href: string; name: string; label: string }) {
  return (
    <a href={href} download={name} className="text-sm font-semibold text-pink-700 underline hover:text-pink-800">
      {label}
    </a>
  );
}

/** Issue 23: the month's TCS (GSTR-8's shape) and TDS (section 194-O) per seller, on the page and as CSV. */
export default function AdminTaxReports({ loaderData }: Route.ComponentProps) {
  const { month, error, tcs, tds } = loaderData;
  const query = `?month=${encodeURIComponent(month)}`;
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Tax reports</h1>
      <SettlementsNav />
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" aria-label="Choose the month">
        <div className="w-48">
          <TextField label="Month" name="month" type="month" defaultValue={month} error={error ?? undefined} required />
        </div>
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      {error ? (
        <div className="mt-4">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : (
        <>
          <section className="mt-8">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="tcs" className="text-lg font-semibold text-gray-900">
                TCS collected, {month}
              </h2>
              <Download href={`/admin/settlements/tcs.csv${query}`} name={reportFileName("tcs", month)} label="Download TCS (GSTR-8) CSV" />
            </div>
            <p className="mt-1 text-sm text-gray-600">Values before GST. Supplies within the seller's state collect CGST and SGST; across states, IGST.</p>
            {tcs.length === 0 ? (
              <p className="mt-4 rounded-xl border border-dashed border-gray-300 px-6 py-10 text-center text-gray-600">No supplies or returns this month.</p>
            ) : (
              <ScrollTable labelledBy="tcs" className="mt-4 bg-white">
                <Heads names={["Seller", "GSTIN"]} amounts={["Gross value", "Returned", "Net value", "IGST", "CGST", "SGST"]} />
                <tbody className="divide-y divide-gray-200">
                  {tcs.map((r) => (
                    <tr key={r.vendorId}>
                      <th scope="row" className={`${cell} min-w-44 text-left font-medium text-gray-900`}>
                        {r.name}
                      </th>
                      <td className={`${cell} font-mono text-xs`}>{r.gstin ?? "—"}</td>
                      <Amount paise={r.gross} />
                      <Amount paise={r.returned} />
                      <Amount paise={r.net} />
                      <Amount paise={r.igst} />
                      <Amount paise={r.cgst} />
                      <Amount paise={r.sgst} />
                    </tr>
                  ))}
                </tbody>
              </ScrollTable>
            )}
          </section>
          <section className="mt-10">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="tds" className="text-lg font-semibold text-gray-900">
                TDS deducted (section 194-O), {month}
              </h2>
              <Download href={`/admin/settlements/tds.csv${query}`} name={reportFileName("tds", month)} label="Download TDS CSV" />
            </div>
            <p className="mt-1 text-sm text-gray-600">Gross amount: the month's sales before GST, less its returns.</p>
            {tds.length === 0 ? (
              <p className="mt-4 rounded-xl border border-dashed border-gray-300 px-6 py-10 text-center text-gray-600">No sales or returns this month.</p>
            ) : (
              <ScrollTable labelledBy="tds" className="mt-4 bg-white">
                <Heads names={["Seller", "GSTIN", "PAN"]} amounts={["Gross amount", "TDS deducted"]} />
                <tbody className="divide-y divide-gray-200">
                  {tds.map((r) => (
                    <tr key={r.vendorId}>
                      <th scope="row" className={`${cell} min-w-44 text-left font-medium text-gray-900`}>
                        {r.name}
                      </th>
                      <td className={`${cell} font-mono text-xs`}>{r.gstin ?? "—"}</td>
                      <td className={`${cell} font-mono text-xs`}>{r.pan ?? "—"}</td>
                      <Amount paise={r.gross} />
                      <Amount paise={r.tds} />
                    </tr>
                  ))}
                </tbody>
              </ScrollTable>
            )}
          </section>
        </>
      )}
    </div>
  );
}
