import type { BuildCheck, Severity } from "~/modules/builds/compatibility";

const GROUPS: { severity: Severity; title: string; tone: string }[] = [
  { severity: "error", title: "Problems", tone: "border-red-200 bg-red-50 text-red-900" },
  { severity: "warning", title: "Warnings", tone: "border-yellow-200 bg-yellow-50 text-yellow-900" },
  { severity: "not-run", title: "Checks not run", tone: "border-gray-200 bg-gray-50 text-gray-800" },
  { severity: "note", title: "Notes", tone: "border-blue-200 bg-blue-50 text-blue-900" },
];

/** What the rules say of a build (checkBuild), its headline and each verdict under its severity, the estimated draw with its arithmetic. */
export function BuildVerdicts({ check, headingLevel = 2 }: { check: BuildCheck; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as "h2";
  const Sub = `h${headingLevel + 1}` as "h3";
  return (
    <section aria-labelledby="verdicts-heading" className="rounded-xl border border-gray-200 bg-white p-6 text-sm">
      <Heading id="verdicts-heading" className="text-lg font-semibold text-gray-900">
        Compatibility today
      </Heading>
      <p className={`mt-2 font-semibold ${check.compatible ? "text-green-800" : "text-gray-900"}`}>{check.headline}</p>
      {GROUPS.map(({ severity, title, tone }) => {
        const verdicts = check.verdicts.filter((v) => v.severity === severity);
        if (verdicts.length === 0) return null;
        return (
          <div key={severity} className={`mt-4 rounded-lg border p-4 ${tone}`}>
            <Sub className="font-semibold">
              {title} ({verdicts.length})
            </Sub>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {verdicts.map((v) => (
                <li key={`${v.rule}-${v.message}`}>{v.message}</li>
              ))}
            </ul>
          </div>
        );
      })}
      {check.power && (
        <div className="mt-4">
          <Sub className="font-semibold text-gray-900">Estimated draw {check.power.draw} W · recommended power supply {check.power.recommended} W</Sub>
          <ul className="mt-2 space-y-0.5 text-gray-700">
            {check.power.lines.map((l) => (
              <li key={l.label}>
                {l.label}: {l.watts} W ({l.how})
              </li>
            ))}
          </ul>
          <p className="mt-2 text-gray-700">{check.power.arithmetic}</p>
        </div>
      )}
    </section>
  );
}
