import { SaveBuildForm } from "./SaveBuildForm";
import { Form, Link } from "~/lib/route-links";
import { buttonClass } from "~/components/ui/Button";
import { Money } from "~/components/ui/Money";
import type { BuilderPart } from "~/modules/builds/builder.server";
import type { BuildCheck, Severity } from "~/modules/builds/compatibility";
import { PART_FIELD, buildSearch } from "~/modules/builds/selection";
import { GST_RATE_PERCENT } from "~/modules/gst/gst";
import { formatSpecNumber } from "~/modules/catalog/spec-schema";

const GROUPS: { severity: Severity; heading: string; className: string }[] = [
  { severity: "error", heading: "Problems", className: "text-red-700" },
  { severity: "warning", heading: "Warnings", className: "text-amber-800" },
  { severity: "not-run", heading: "Checks not run", className: "text-gray-800" },
  { severity: "note", heading: "Notes", className: "text-gray-700" },
];

/** The build as a whole: its parts, the rules' verdicts by severity, the power estimate with its arithmetic, the total with GST, and what can be done with it. */
export function BuildSummary({ parts, check, totals }: { parts: BuilderPart[]; check: BuildCheck; totals: { subTotal: number; tax: number; total: number } }) {
  const ids = parts.map((p) => p.product.id);
  const hidden = ids.map((id, i) => <input key={i} type="hidden" name={PART_FIELD} value={id} />);
  return (
    <aside aria-labelledby="summary-heading" className="h-fit rounded-xl border border-gray-200 bg-gray-50 p-5">
      <h2 id="summary-heading" className="text-lg font-semibold text-gray-900">
        Build summary
      </h2>
      {parts.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">Choose parts to see whether they fit together, the power they draw and the total.</p>
      ) : (
        <>
          <p className={`mt-3 font-semibold ${check.compatible ? "text-green-800" : "text-red-700"}`} data-testid="build-headline">
            {check.headline}
          </p>
          <ul className="mt-3 space-y-1 text-sm">
            {parts.map((p, i) => (
              <li key={i} className="flex justify-between gap-3">
                <span className="min-w-0 text-gray-800">{p.product.name}</span>
                <Money paise={p.product.pricePaise} className="shrink-0 text-gray-900" />
              </li>
            ))}
          </ul>

          {GROUPS.map((g) => {
            const verdicts = check.verdicts.filter((v) => v.severity === g.severity);
            if (verdicts.length === 0) return null;
            return (
              <section key={g.severity} aria-label={g.heading} className="mt-4">
                <h3 className="text-sm font-semibold text-gray-900">{`${g.heading} (${verdicts.length})`}</h3>
                <ul className={`mt-1 list-disc space-y-1 pl-5 text-sm ${g.className}`}>
                  {verdicts.map((v) => (
                    <li key={v.rule + v.message}>{v.message}</li>
                  ))}
                </ul>
              </section>
            );
          })}

          {check.power && (
            <section aria-label="Power" className="mt-4">
              <h3 className="text-sm font-semibold text-gray-900">Estimated power draw</h3>
              <table className="mt-1 w-full text-sm">
                <tbody>
                  {check.power.lines.map((l, i) => (
                    <tr key={i}>
                      <td className="py-0.5 pr-2 text-gray-800">
                        {l.label} <span className="text-gray-600">({l.how})</span>
                      </td>
                      <td className="whitespace-nowrap py-0.5 text-right align-top text-gray-900">{formatSpecNumber("W", l.watts)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="mt-1 text-sm text-gray-700">{check.power.arithmetic}</p>
              <p className="mt-1 text-sm font-semibold text-gray-900">Recommended power supply: {formatSpecNumber("W", check.power.recommended)}</p>
            </section>
          )}

          <dl className="mt-4 space-y-1 border-t border-gray-200 pt-3 text-sm">
            <div className="flex justify-between">
              <dt className="text-gray-700">Subtotal</dt>
              <dd>
                <Money paise={totals.subTotal} />
              </dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-gray-700">{`GST (${GST_RATE_PERCENT}%)`}</dt>
              <dd>
                <Money paise={totals.tax} />
              </dd>
            </div>
            <div className="flex justify-between text-base font-bold text-gray-900">
              <dt>Total</dt>
              <dd data-testid="build-total">
                <Money paise={totals.total} />
              </dd>
            </div>
          </dl>
          <p className="mt-1 text-xs text-gray-600">Including GST, before shipping.</p>

          <Form method="post" action="/build/cart" className="mt-4">
            {hidden}
            <button type="submit" className={buttonClass("pink", "md", "w-full")}>
              Add build to cart
            </button>
          </Form>
          <div className="mt-4">
            <SaveBuildForm partIds={ids} />
          </div>
          <p className="mt-3 text-sm">
            <Link to={`/build/quote?${buildSearch(ids)}`} className="font-semibold text-pink-700 underline underline-offset-2 hover:text-pink-800">
              Printable quote
            </Link>
          </p>
        </>
      )}
    </aside>
  );
}
