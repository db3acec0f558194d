import { useId } from "react";
import { data, useSubmit } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { Pager } from "~/components/admin/Pager";
import { Button } from "~/components/ui/Button";
import { Money } from "~/components/ui/Money";
import { ScrollTable, TableHead } from "~/components/ui/ScrollTable";
import { BADGE, BADGE_TONES } from "~/components/ui/StatusBadge";
import { dbContext } from "~/context";
import { RETURN_WINDOW_DAYS } from "~/modules/content/policies";
import { requireVendorProfile } from "~/modules/identity/guards.server";
import { formatShortDate } from "~/lib/dates";
import { vendorBalance } from "~/modules/settlements/ledger.server";
import { indiaMonthOf, monthLabel, parseMonth } from "~/modules/settlements/months";
import { PAYOUT_METHOD_LABELS, PAYOUT_STATUS_LABELS } from "~/modules/settlements/rules";
import { vendorPayouts, vendorStatement, type StatementAmounts, type VendorPayout } from "~/modules/settlements/statements.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/payments";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Payments", description: "What you are owed, your payouts and your monthly statements." }),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { vendor } = await requireVendorProfile(args);
  const db = args.context.get(dbContext);
  const params = new URL(args.request.url).searchParams;
  const now = new Date();
  const thisMonth = indiaMonthOf(now);
  const asked = params.get("month");
  const parsed = asked === null || asked === "" ? thisMonth : parseMonth(asked);
  // A month that cannot be read shows this month's statement, and says so.
  const month = parsed ?? thisMonth;
  const number = params.get("payout")?.trim() || undefined;
  const [balance, payouts, statement] = await Promise.all([
    vendorBalance(db, vendor.id, now),
    vendorPayouts(db, vendor.id, { page: Number(params.get("page")) || 1, number }),
    vendorStatement(db, vendor.id, month, now),
  ]);
  // A payout number that is not this seller's is not found, whoever's it is.
  if (number && payouts.total === 0) throw data(`No payout ${number} was found.`, { status: 404 });
  return { balance, payouts, statement, payoutNumber: number ?? null, badMonth: parsed === null };
}

const amountClass = "px-3 py-2 text-right tabular-nums whitespace-nowrap";

const STATUS_TONE: Record<string, keyof typeof BADGE_TONES> = { processing: "yellow", processed: "green", failed: "red" };

export default function VendorPayments({ loaderData }: Route.ComponentProps) {
  const { balance, payouts, statement, payoutNumber, badMonth } = loaderData;
  return (
    <div className="space-y-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Payments</h1>
          <p className="mt-1 text-sm text-gray-600">What you have earned, what is held for returns and what has been paid to you</p>
        </div>
        <Link to="/vendor/payments/details" className="text-sm font-semibold text-pink-700 hover:text-pink-800">
          Payout account
        </Link>
      </div>

      <section aria-label="Balances">
        <dl className="grid gap-3 sm:grid-cols-3 sm:gap-4">
          <Figure label="On hold" paise={balance.onHold} note={`Delivered less than ${RETURN_WINDOW_DAYS} days ago, or with a return still open`} />
          <Figure label="Payable" paise={balance.payable} note="Ready to be paid out to your payout account" />
          <Figure label="Paid so far" paise={balance.paid} note="Sent to you in payouts, less any that failed" />
        </dl>
      </section>

      <Payouts payouts={payouts} single={payoutNumber} />
      <StatementSection statement={statement} badMonth={badMonth} />
    </div>
  );
}

function Figure({ label, paise, note }: { label: string; paise: number; note: string }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <dt className="text-sm font-medium text-gray-600">{label}</dt>
      <dd className="mt-2 whitespace-nowrap text-xl font-bold tabular-nums text-gray-900 xl:text-2xl">
        <Money paise={paise} decimals={2} />
      </dd>
      <dd className="mt-1 text-xs text-gray-600">{note}</dd>
    </div>
  );
}

function Payouts({ payouts, single }: { payouts: Route.ComponentProps["loaderData"]["payouts"]; single: string | null }) {
  return (
    <section aria-labelledby="payouts-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="payouts-heading" className="text-lg font-semibold text-gray-900">
          {single ? `Payout ${single}` : "Payouts"}
        </h2>
        {single && (
          <Link to="/vendor/payments" className="text-sm font-semibold text-pink-700 hover:text-pink-800">
            All payouts
          </Link>
        )}
      </div>
      {payouts.rows.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-gray-300 px-6 py-10 text-center text-gray-600">
          No payouts yet. What is payable is paid out to your payout account.
        </p>
      ) : (
        <ul aria-label="Payouts" className="mt-4 space-y-3">
          {payouts.rows.map((p) => (
            <li key={p.number}>
              <PayoutCard p={p} open={single !== null} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={payouts.page} pageCount={payouts.pageCount} label="Payout pages" />
    </section>
  );
}

function PayoutCard({ p, open }: { p: VendorPayout; open: boolean }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-gray-200 bg-white p-4 text-sm shadow-sm">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-gray-900">
          {p.number}
        </h3>
        <span className={`${BADGE} ${BADGE_TONES[STATUS_TONE[p.status] ?? "grey"]}`}>{PAYOUT_STATUS_LABELS[p.status] ?? p.status}</span>
      </header>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-gray-600">Amount</dt>
        <dd className="font-semibold tabular-nums text-gray-900">
          <Money paise={p.amount} decimals={2} />
        </dd>
        <dt className="text-gray-600">Date</dt>
        <dd className="text-gray-900">{formatShortDate(p.processedAt ?? p.createdAt)}</dd>
        <dt className="text-gray-600">Method</dt>
        <dd className="text-gray-900">{PAYOUT_METHOD_LABELS[p.method] ?? p.method}</dd>
        <dt className="text-gray-600">Reference</dt>
        <dd className="break-all text-gray-900">{p.reference ? `${p.method === "route" ? "Transfer" : "UTR"} ${p.reference}` : "Not yet"}</dd>
      </dl>
      {p.status === "failed" && (
        <p className="mt-2 font-medium text-red-800">Failed: {p.failure ?? "the bank did not accept the transfer"}. The amount is payable to you again.</p>
      )}
      <details className="mt-3" open={open}>
        <summary className="cursor-pointer font-semibold text-pink-700">
          {p.parts.length === 1 ? "1 order" : `${p.parts.length} orders`} in this payout
        </summary>
        <ul className="mt-2 divide-y divide-gray-100">
          {p.parts.map((part) => (
            <li key={part.orderNumber} className="flex justify-between gap-4 py-1.5">
              <span className="text-gray-900">{part.orderNumber}</span>
              <Money paise={part.amount} decimals={2} className="tabular-nums text-gray-900" />
            </li>
          ))}
        </ul>
      </details>
    </article>
  );
}

const COLUMNS: { key: keyof StatementAmounts; label: string }[] = [
  { key: "sale", label: "Sale" },
  { key: "refunds", label: "Refunds" },
  { key: "commission", label: "Commission" },
  { key: "commissionGst", label: "GST on commission" },
  { key: "tcs", label: "TCS" },
  { key: "tds", label: "TDS" },
  { key: "payouts", label: "Payouts" },
  { key: "net", label: "Net" },
];

function StatementSection({ statement, badMonth }: { statement: Route.ComponentProps["loaderData"]["statement"]; badMonth: boolean }) {
  const submit = useSubmit();
  const label = monthLabel(statement.month);
  const query = `?month=${statement.month}`;
  return (
    <section aria-labelledby="statement-heading">
      <h2 id="statement-heading" className="text-lg font-semibold text-gray-900">
        Statement
      </h2>
      {badMonth && (
        <p role="status" className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          That month could not be read; showing {label}.
        </p>
      )}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Form method="get" aria-label="Statement month" className="flex items-end gap-3">
          <div>
            <label htmlFor="statement-month" className="block text-sm font-medium text-gray-900">
              Month
            </label>
            <select
              id="statement-month"
              name="month"
              defaultValue={statement.month}
              onChange={(e) => void submit(e.currentTarget.form)}
              className="mt-1 block w-48 rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-sm text-gray-900 shadow-sm focus:border-pink-600 focus:outline-none focus:ring-2 focus:ring-pink-600/20"
            >
              {statement.months.map((m) => (
                <option key={m} value={m}>
                  {monthLabel(m)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary">
            Show
          </Button>
        </Form>
        <div className="flex flex-wrap gap-4 text-sm">
          <a href={`/vendor/payments/statement.csv${query}`} download className="font-semibold text-pink-700 hover:text-pink-800">
            Download CSV
          </a>
          <Link to={`/vendor/payments/commission-invoice${query}`} className="font-semibold text-pink-700 hover:text-pink-800">
            Commission invoice
          </Link>
          <Link to={`/vendor/payments/gstr1${query}`} className="font-semibold text-pink-700 hover:text-pink-800">
            GST return (GSTR-1)
          </Link>
        </div>
      </div>
      <p className="mt-3 text-xs text-gray-600">
        Every order with an entry in {label} (India time). Amounts the shop keeps or pays out show as minus. Refunds are the sale given back to
        customers; commission, its GST, TCS and TDS on refunded items come back to you within their own columns. Net is what the month added to
        what you are owed.
      </p>
      {statement.rows.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-gray-300 px-6 py-10 text-center text-gray-600">No entries in {label}.</p>
      ) : (
        <ScrollTable className="mt-3 bg-white" label={`Statement for ${label}`}>
          <caption className="sr-only">Statement for {label}</caption>
          <TableHead columns={["Order", ...COLUMNS.map((c) => ({ label: c.label, right: true }))]} cellClassName="px-3 py-2" />
          <tbody className="divide-y divide-gray-100">
            {statement.rows.map((r) => (
              <tr key={r.orderNumber}>
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  <span className="block whitespace-nowrap font-semibold text-gray-900">{r.orderNumber}</span>
                  <span className="block max-w-56 truncate text-xs text-gray-600" title={r.products.join(", ")}>
                    {r.products.join(", ")}
                  </span>
                </th>
                {COLUMNS.map((c) => (
                  <td key={c.key} className={`${amountClass} ${r[c.key] === 0 ? "text-gray-500" : c.key === "net" ? "font-semibold text-gray-900" : "text-gray-700"}`}>
                    <Money paise={r[c.key]} decimals={2} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-gray-300 bg-gray-50">
            <tr>
              <th scope="row" className="px-3 py-2 text-left font-semibold text-gray-900">
                Total
              </th>
              {COLUMNS.map((c) => (
                <td key={c.key} className={`${amountClass} font-semibold text-gray-900`}>
                  <Money paise={statement.totals[c.key]} decimals={2} />
                </td>
              ))}
            </tr>
          </tfoot>
        </ScrollTable>
      )}
    </section>
  );
}
