import { dbContext } from "~/context";
import { attachmentDisposition } from "~/lib/download";
import { statusFor } from "~/lib/outcome";
import { requireAdmin } from "~/modules/identity/guards.server";
import { reportFileName, reportMonth } from "~/modules/settlements/reports";
import { tdsCsv, tdsReport } from "~/modules/settlements/reports.server";
import type { Route } from "./+types/settlements.tds[.]csv";

/** The month's TDS under section 194-O per seller as CSV: /admin/settlements/tds.csv?month=2026-11. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const month = reportMonth(new URL(args.request.url).searchParams.get("month"));
  if (!month.ok) return new Response(month.message, { status: statusFor(month.reason), headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const csv = tdsCsv(await tdsReport(args.context.get(dbContext), month));
  return new Response(csv, { headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": attachmentDisposition(reportFileName("tds", month.month)) } });
}
