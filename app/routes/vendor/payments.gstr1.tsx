import type { ReactNode } from "react";
import { useSubmit } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { Button } from "~/components/ui/Button";
import { SelectField } from "~/components/ui/Field";
import { Money } from "~/components/ui/Money";
import { ScrollTable, TableHead, type Column } from "~/components/ui/ScrollTable";
import { dbContext } from "~/context";
import { formatShortDate } from "~/lib/dates";
import { requireVendorProfile } from "~/modules/identity/guards.server";
import type { Paise } from "~/modules/money/money";
import { GSTR1_DUE_DAY, readGstr1Month, type Gstr1Amounts } from "~/modules/settlements/gstr1";
import { vendorGstr1 } from "~/modules/settlements/gstr1.server";
import { monthLabel } from "~/modules/settlements/months";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/payments.gstr1";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "GST return (GSTR-1)", description: "Your month's invoices, credit notes and HSN summary in the shape of GSTR-1." }),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { vendor } = await requireVendorProfile(args);
  const now = new Date();
  const asked = readGstr1Month(new URL(args.request.url).searchParams.get("month"), now);
  const gstr1 = await vendorGstr1(args.context.get(dbContext), vendor.id, asked.month, now);
  // A month that cannot be read shows the default month, with the reason beside the picker.
  return { gstr1, monthError: asked.ok ? null : asked.message };
}

const amountCell = "px-3 py-2 text-right tabular-nums whitespace-nowrap";
const cell = "px-3 py-2";
const TAX_COLUMNS: Column[] = ["Taxable value", "IGST", "CGST", "SGST"].map((label) => ({ label, right: true }));

/** "2026-11-17" (an India day) as "17 Nov 2026". */
const day = (d: string) => formatShortDate(`${d}T12:00:00.000Z`);

export default function VendorGstr1({ loaderData }: Route.ComponentProps) {
  const { gstr1: g, monthError } = loaderData;
  const submit = useSubmit();
  const label = monthLabel(g.month);
  const t = g.totals;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">GST return (GSTR-1)</h1>
          <p className="mt-1 text-sm text-gray-600">
            What you supplied in {label} (India time), from your tax invoices and credit notes, laid out as GSTR-1 asks. File it by the{" "}
            {GSTR1_DUE_DAY}th of the next month.
          </p>
        </div>
        <Link to="/vendor/payments" className="text-sm font-semibold text-pink-700 hover:text-pink-800">
          Back to Payments
        </Link>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Form method="get" aria-label="Return month" className="flex items-start gap-3">
          <div className="w-56">
            <SelectField label="Month" name="month" defaultValue={g.month} error={monthError ?? undefined} onChange={(e) => void submit(e.currentTarget.form)}>
              {g.months.map((m) => (
                <option key={m} value={m}>
                  {monthLabel(m)}
                </option>
              ))}
            </SelectField>
          </div>
          {/* Level with the picker, below its label, whether or not a message sits under it. */}
          <Button type="submit" variant="secondary" className="mt-[1.625rem]">
            Show
          </Button>
        </Form>
        <a href={`/vendor/payments/gstr1.csv?month=${g.month}`} download className="text-sm font-semibold text-pink-700 hover:text-pink-800">
          Download CSV
        </a>
      </div>

      <section aria-label="Summary">
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Figure label="Business invoices" paise={t.b2b.value} note={`${count(t.b2b.count, "invoice")}, value with GST`} />
          <Figure label="Consumer invoices" paise={t.b2c.value} note={`${count(t.b2c.count, "invoice")}, value with GST`} />
          <Figure label="Credit notes" paise={t.creditNotes.value} note={`${count(t.creditNotes.count, "credit note")}, value with GST`} />
          <Figure label="Tax, net of credit notes" paise={t.net.igst + t.net.cgst + t.net.sgst} note="IGST, CGST and SGST" />
        </dl>
      </section>

      <Table
        id="b2b"
        title="Business (B2B) invoices"
        month={label}
        note="Each invoice to a buyer with a GSTIN: its place of supply is the state the goods went to."
        empty={`No business invoices in ${label}.`}
        columns={["Recipient GSTIN", "Legal name", "Invoice", "Date", "Place of supply", ...TAX_COLUMNS, { label: "Invoice value", right: true }]}
        rows={g.b2b.map((r) => ({
          key: r.invoiceNumber,
          head: <span className="font-mono">{r.buyerGstin}</span>,
          cells: [r.buyerLegalName, nowrap(r.invoiceNumber), nowrap(day(r.date)), r.placeOfSupply],
          amounts: [r.taxable, r.igst, r.cgst, r.sgst, r.value],
        }))}
        total={{ span: 5, amounts: withValue(t.b2b) }}
      />

      <Table
        id="b2c"
        title="Consumer (B2C) sales"
        month={label}
        note="Invoices to buyers without a GSTIN, summed by place of supply and rate."
        empty={`No consumer sales in ${label}.`}
        columns={["Place of supply", { label: "Rate", right: true }, { label: "Invoices", right: true }, ...TAX_COLUMNS]}
        rows={g.b2c.map((r) => ({
          key: `${r.placeOfSupply}-${r.rate}`,
          head: r.placeOfSupply,
          cells: [
            <span key="rate" className="block text-right">
              {r.rate}%
            </span>,
            <span key="n" className="block text-right">
              {r.invoices}
            </span>,
          ],
          amounts: [r.taxable, r.igst, r.cgst, r.sgst],
        }))}
        total={{ span: 3, amounts: [t.b2c.taxable, t.b2c.igst, t.b2c.cgst, t.b2c.sgst] }}
      />

      <Table
        id="credit-notes"
        title="Credit notes"
        month={label}
        note="Credit notes you issued this month for accepted returns, each against its original invoice."
        empty={`No credit notes in ${label}.`}
        columns={["Credit note", "Date", "Original invoice", "Recipient GSTIN", ...TAX_COLUMNS, { label: "Value", right: true }]}
        rows={g.creditNotes.map((r) => ({
          key: r.number,
          head: r.number,
          cells: [nowrap(day(r.date)), nowrap(r.invoiceNumber), r.buyerGstin ? <span className="font-mono">{r.buyerGstin}</span> : <span className="text-gray-600">Consumer</span>],
          amounts: [r.taxable, r.igst, r.cgst, r.sgst, r.value],
        }))}
        total={{ span: 4, amounts: withValue(t.creditNotes) }}
      />

      <Table
        id="hsn"
        title="HSN summary"
        month={label}
        note="Invoiced less credited, by HSN code. An invoice's tax is shared over its lines by their taxable value."
        empty={`Nothing invoiced or credited in ${label}.`}
        columns={["HSN", "Description", "UQC", { label: "Quantity", right: true }, ...TAX_COLUMNS]}
        rows={g.hsn.map((r) => ({
          key: r.hsn ?? "none",
          head: r.hsn ? <span className="font-mono">{r.hsn}</span> : <span className="text-gray-600">Not recorded</span>,
          cells: [
            r.description,
            r.uqc,
            <span key="q" className="block text-right tabular-nums">
              {r.quantity}
            </span>,
          ],
          amounts: [r.taxable, r.igst, r.cgst, r.sgst],
        }))}
        total={{ span: 4, amounts: [t.net.taxable, t.net.igst, t.net.cgst, t.net.sgst] }}
      />
    </div>
  );
}

const nowrap = (text: string) => <span className="whitespace-nowrap">{text}</span>;
const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
const withValue = (a: Gstr1Amounts) => [a.taxable, a.igst, a.cgst, a.sgst, a.value];

function Figure({ label, paise, note }: { label: string; paise: Paise; note: string }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-gray-600">{label}</dt>
      <dd className="mt-2 whitespace-nowrap text-xl font-bold tabular-nums text-gray-900">
        <Money paise={paise} decimals={2} />
      </dd>
      <dd className="mt-1 text-xs text-gray-600">{note}</dd>
    </div>
  );
}

interface Row {
  key: string;
  head: ReactNode;
  cells: ReactNode[];
  amounts: Paise[];
}

/** One of the return's tables: a heading, a line on what it holds, its rows and a Total row. */
function Table({
  id,
  title,
  month,
  note,
  empty,
  columns,
  rows,
  total,
}: {
  id: string;
  title: string;
  /** The month's name, in the table's own name ("Business (B2B) invoices, November 2026"). */
  month: string;
  note: string;
  empty: string;
  columns: Column[];
  rows: Row[];
  total: { span: number; amounts: Paise[] };
}) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      <p className="mt-1 text-xs text-gray-600">{note}</p>
      {rows.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-gray-300 px-6 py-8 text-center text-sm text-gray-600">{empty}</p>
      ) : (
        <ScrollTable className="mt-3 bg-white" label={`${title}, ${month}`}>
          <TableHead columns={columns} cellClassName={cell} />
          <tbody className="divide-y divide-gray-100">
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row" className={`${cell} whitespace-nowrap text-left font-semibold text-gray-900`}>
                  {r.head}
                </th>
                {r.cells.map((c, i) => (
                  <td key={i} className={`${cell} text-gray-700`}>
                    {c}
                  </td>
                ))}
                {r.amounts.map((a, i) => (
                  <td key={`a${i}`} className={`${amountCell} text-gray-900`}>
                    <Money paise={a} decimals={2} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-gray-300 bg-gray-50">
            <tr>
              <th scope="row" colSpan={total.span} className={`${cell} text-left font-semibold text-gray-900`}>
                Total
              </th>
              {total.amounts.map((a, i) => (
                <td key={i} className={`${amountCell} font-semibold text-gray-900`}>
                  <Money paise={a} decimals={2} />
                </td>
              ))}
            </tr>
          </tfoot>
        </ScrollTable>
      )}
    </section>
  );
}
