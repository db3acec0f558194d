import { data, redirect } from "react-router";
import { Form } from "~/lib/route-links";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { PageSummary, Pager } from "~/components/admin/Pager";
import { SettlementsNav } from "~/components/admin/SettlementsNav";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { Money } from "~/components/ui/Money";
import { ScrollTable, TableHead } from "~/components/ui/ScrollTable";
import { BADGE, BADGE_TONES } from "~/components/ui/StatusBadge";
import { dbContext, storeOf } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure, formValues, type FieldErrors } from "~/lib/form";
import { useIsPending } from "~/lib/form-hooks";
import { readForm } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { pageAfterPost } from "~/lib/page-after-post";
import { ADMIN_MESSAGES, PAYOUT_METHOD_LABELS, PAYOUT_STATUS_LABELS, PAYOUTS_PAGE_SIZE } from "~/modules/admin/labels";
import { parsePayoutsPage, parseSettlementAction, payoutKey, recentPayouts, sellerBalances, type SellerBalanceRow } from "~/modules/admin/settlements.server";
import { requireAdmin } from "~/modules/identity/guards.server";
import { formatMoney } from "~/modules/money/money";
import { formatOrderDateTime } from "~/lib/dates";
import { brandTitle } from "~/modules/seo/meta";
import { payByBankTransfer } from "~/modules/settlements/ledger.server";
import { payThroughRoute } from "~/modules/settlements/route-payouts.server";
import { reconciliation } from "~/modules/settlements/reports.server";
import type { Route } from "./+types/settlements";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Settlements", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const db = args.context.get(dbContext);
  const now = new Date();
  const page = parsePayoutsPage(new URL(args.request.url).searchParams);
  const [sellers, payouts, check, flash] = await Promise.all([sellerBalances(db, now), recentPayouts(db, page), reconciliation(db, now), readFlash(args.request)]);
  // Each pay form carries a key made as the page is drawn, so posting it twice pays once.
  const keys = Object.fromEntries(sellers.rows.map((r) => [r.vendorId, payoutKey()]));
  return data({ sellers, payouts, check, keys, flash: flash.message }, { headers: flash.headers });
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args);
  const form = await readForm(args.request);
  const values = formValues(form);
  const target = values.vendorId ?? "";
  const parsed = parseSettlementAction(form);
  if (!parsed) return data({ ...formFailure(values, { formError: ADMIN_MESSAGES.badRequest }), target }, { status: statusFor("invalid") });
  if (!parsed.ok) return data({ ...formFailure(values, { formError: ADMIN_MESSAGES.badRequest, fieldErrors: parsed.fieldErrors }), target }, { status: statusFor("invalid") });
  const a = parsed.action;
  const outcome =
    a.intent === "pay-bank"
      ? await payByBankTransfer(args.context.get(dbContext), { vendorId: a.vendorId, idempotencyKey: a.idempotencyKey, utr: a.utr, actorUserId: admin.id })
      : await payThroughRoute(storeOf(args.context), { vendorId: a.vendorId, idempotencyKey: a.idempotencyKey, actorUserId: admin.id });
  if (!outcome.ok) {
    const fieldErrors: FieldErrors = outcome.reason === "invalid" ? { utr: outcome.message } : {};
    return data({ ...formFailure(values, { formError: outcome.message, fieldErrors }), target }, { status: statusFor(outcome.reason) });
  }
  throw redirect(pageAfterPost("/admin/settlements", args.request.url), { headers: await flashHeaders(outcome.message) });
}

type Reply = Route.ComponentProps["actionData"];

const cell = "px-3 py-3 align-top";
const amountCell = `${cell} text-right tabular-nums whitespace-nowrap`;
const head = "px-3 py-3";

/**
 * What the admin may do to pay one seller, each a form of its own posting without JavaScript.
 * Other ways to pay (a Razorpay Route transfer) sit beside the bank transfer in this group.
 */
function PayoutControls({ seller, keyFor, reply, busy }: { seller: SellerBalanceRow; keyFor: string; reply: Reply; busy: boolean }) {
  if (seller.payable <= 0) return <p className="text-sm text-gray-600">Nothing payable now</p>;
  const own = reply?.status === "error" && reply.target === seller.vendorId ? reply : undefined;
  return (
    <div className="flex flex-wrap items-start gap-3">
      <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2 lg:flex-nowrap" aria-label={`Pay ${seller.name} by bank transfer`}>
        <input type="hidden" name="intent" value="pay-bank" />
        <input type="hidden" name="vendorId" value={seller.vendorId} />
        <input type="hidden" name="idempotencyKey" value={keyFor} />
        <div className="w-48">
          <TextField label="UTR of the bank transfer" name="utr" defaultValue={own?.values.utr ?? ""} error={own?.fieldErrors.utr} autoComplete="off" maxLength={40} required />
        </div>
        <Button type="submit" size="sm" disabled={busy} className="mb-0.5 whitespace-nowrap">
          Mark {formatMoney(seller.payable, { decimals: 2 })} paid
        </Button>
      </Form>
      {seller.payoutAccount ? (
        <Form method="post" preventScrollReset className="flex min-w-0 max-w-full flex-wrap items-end gap-2" aria-label={`Pay ${seller.name} through Razorpay Route`}>
          <input type="hidden" name="intent" value="pay-route" />
          <input type="hidden" name="vendorId" value={seller.vendorId} />
          <input type="hidden" name="idempotencyKey" value={keyFor} />
          <Button type="submit" size="sm" variant="secondary" disabled={busy} className="mb-0.5 max-w-full">
            Pay {formatMoney(seller.payable, { decimals: 2 })} through Razorpay Route
          </Button>
          <p className="w-full text-xs text-gray-600">To {seller.payoutAccount}</p>
        </Form>
      ) : (
        <p className="text-xs text-gray-600">No payout account yet: Razorpay Route cannot pay this seller.</p>
      )}
    </div>
  );
}

/** A seller's (or the total's) three figures, as a phone's card shows them. */
function Figures({ of }: { of: { onHold: number; payable: number; paid: number } }) {
  const figures = [
    ["On hold", of.onHold],
    ["Payable", of.payable],
    ["Paid so far", of.paid],
  ] as const;
  return (
    <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
      {figures.map(([term, paise]) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wide text-gray-600">{term}</dt>
          <dd className="mt-0.5 tabular-nums text-gray-900">
            <Money paise={paise} decimals={2} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Balances({ sellers, keys, reply, busy }: { sellers: Route.ComponentProps["loaderData"]["sellers"]; keys: Record<string, string>; reply: Reply; busy: boolean }) {
  return (
    <section className="mt-8">
      <h2 id="balances" className="text-lg font-semibold text-gray-900">
        Sellers' balances
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        A part of an order is on hold until it has been delivered for 7 days with no return open; then it is payable. Pay a seller by bank transfer first, then record its UTR here.
      </p>
      {sellers.rows.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-gray-300 px-6 py-10 text-center text-gray-600">No approved sellers yet.</p>
      ) : (
        <>
        <ul aria-label="Sellers" className="mt-4 space-y-3 md:hidden">
          {sellers.rows.map((s) => (
            <li key={s.vendorId} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm" aria-label={s.name}>
              <h3 className="font-semibold text-gray-900">{s.name}</h3>
              {s.status !== "approved" && <p className="text-xs text-gray-600">Not approved now</p>}
              <Figures of={s} />
              <div className="mt-3">
                <PayoutControls seller={s} keyFor={keys[s.vendorId] ?? ""} reply={reply} busy={busy} />
              </div>
            </li>
          ))}
          <li className="rounded-xl border border-gray-300 bg-gray-50 p-4" aria-label="Total">
            <h3 className="font-semibold text-gray-900">Total</h3>
            <Figures of={sellers.totals} />
          </li>
        </ul>
        <ScrollTable labelledBy="balances" className="mt-4 hidden bg-white md:block">
          <TableHead columns={["Seller", { label: "On hold", right: true }, { label: "Payable", right: true }, { label: "Paid so far", right: true }, "Pay"]} cellClassName={head} />
          <tbody className="divide-y divide-gray-200">
            {sellers.rows.map((s) => (
              <tr key={s.vendorId}>
                <th scope="row" className={`${cell} text-left font-semibold text-gray-900`}>
                  {s.name}
                  {s.status !== "approved" && <span className="block text-xs font-normal text-gray-600">Not approved now</span>}
                </th>
                <td className={amountCell}>
                  <Money paise={s.onHold} decimals={2} />
                </td>
                <td className={amountCell}>
                  <Money paise={s.payable} decimals={2} />
                </td>
                <td className={amountCell}>
                  <Money paise={s.paid} decimals={2} />
                </td>
                <td className={cell}>
                  <PayoutControls seller={s} keyFor={keys[s.vendorId] ?? ""} reply={reply} busy={busy} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-gray-300 bg-gray-50 font-semibold text-gray-900">
            <tr>
              <th scope="row" className={`${cell} text-left`}>
                Total
              </th>
              <td className={amountCell}>
                <Money paise={sellers.totals.onHold} decimals={2} />
              </td>
              <td className={amountCell}>
                <Money paise={sellers.totals.payable} decimals={2} />
              </td>
              <td className={amountCell}>
                <Money paise={sellers.totals.paid} decimals={2} />
              </td>
              <td className={cell} />
            </tr>
          </tfoot>
        </ScrollTable>
        </>
      )}
    </section>
  );
}

function ReconciliationCheck({ check }: { check: Route.ComponentProps["loaderData"]["check"] }) {
  const lines = [
    { term: "Refunded to customers", value: check.refunded },
    { term: "Commission and taxes kept", value: check.kept },
    { term: "On hold", value: check.onHold },
    { term: "Payable", value: check.payable },
    { term: "Paid to sellers", value: check.paid },
  ];
  return (
    <section aria-labelledby="reconciliation" className="mt-10">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="reconciliation" className="text-lg font-semibold text-gray-900">
          Reconciliation
        </h2>
        <span className={`${BADGE} ${BADGE_TONES[check.agrees ? "green" : "red"]}`}>{check.agrees ? "The figures agree" : "The figures do not agree"}</span>
      </div>
      <p className="mt-1 text-sm text-gray-600">Everything customers paid for sellers' items must be refunded, kept by the shop, or owed or paid to a seller.</p>
      <dl className="mt-4 max-w-xl divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white text-sm">
        <div className="flex justify-between gap-4 px-4 py-2.5 font-semibold text-gray-900">
          <dt>Collected for sellers' items</dt>
          <dd className="tabular-nums">
            <Money paise={check.collected} decimals={2} />
          </dd>
        </div>
        {lines.map((l) => (
          <div key={l.term} className="flex justify-between gap-4 px-4 py-2.5 text-gray-800">
            <dt>{l.term}</dt>
            <dd className="tabular-nums">
              <Money paise={l.value} decimals={2} />
            </dd>
          </div>
        ))}
        {!check.agrees && (
          <div className="flex justify-between gap-4 bg-red-50 px-4 py-2.5 font-semibold text-red-800">
            <dt>Not accounted for</dt>
            <dd className="tabular-nums">
              <Money paise={check.difference} decimals={2} />
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

function Payouts({ payouts }: { payouts: Route.ComponentProps["loaderData"]["payouts"] }) {
  return (
    <section className="mt-10">
      <h2 id="payouts" className="text-lg font-semibold text-gray-900">
        Payouts
      </h2>
      {payouts.rows.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-gray-300 px-6 py-10 text-center text-gray-600">No payouts yet.</p>
      ) : (
        <ScrollTable labelledBy="payouts" className="mt-4 bg-white">
          <TableHead columns={["Payout", "Seller", "Date", "Method", "Status", "UTR or reference", { label: "Amount", right: true }]} cellClassName={head} />
          <tbody className="divide-y divide-gray-200">
            {payouts.rows.map((p) => (
              <tr key={p.id}>
                <th scope="row" className={`${cell} whitespace-nowrap text-left font-semibold text-gray-900`}>
                  {p.number}
                </th>
                <td className={cell}>{p.vendorName}</td>
                <td className={`${cell} whitespace-nowrap`}>
                  <time dateTime={p.createdAt}>{formatOrderDateTime(p.createdAt)}</time>
                </td>
                <td className={`${cell} whitespace-nowrap`}>{PAYOUT_METHOD_LABELS[p.method] ?? p.method}</td>
                <td className={cell}>
                  {PAYOUT_STATUS_LABELS[p.status] ?? p.status}
                  {p.failure && <span className="block text-xs text-red-700">{p.failure}</span>}
                </td>
                <td className={`${cell} font-mono text-xs`}>{p.reference ?? "—"}</td>
                <td className={amountCell}>
                  <Money paise={p.amount} decimals={2} />
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {payouts.total > 0 && <PageSummary page={payouts.page} pageSize={PAYOUTS_PAGE_SIZE} shown={payouts.rows.length} total={payouts.total} noun="payouts" />}
      <Pager page={payouts.page} pageCount={payouts.pageCount} label="Payouts pages" />
    </section>
  );
}

/** Issue 23: what each seller is owed and has been paid, paying them, and the ledger's reconciliation. */
export default function AdminSettlements({ loaderData, actionData }: Route.ComponentProps) {
  const { sellers, payouts, check, keys, flash } = loaderData;
  const busy = useIsPending();
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Settlements</h1>
      <SettlementsNav />
      <ActionNotice error={actionData?.formError} confirmation={flash} />
      <Balances sellers={sellers} keys={keys} reply={actionData} busy={busy} />
      <ReconciliationCheck check={check} />
      <Payouts payouts={payouts} />
    </div>
  );
}
