import { dbContext } from "~/context";
import { attachmentDisposition } from "~/lib/download";
import { statusFor } from "~/lib/outcome";
import { requireAdmin } from "~/modules/identity/guards.server";
import { reportFileName, reportMonth } from "~/modules/settlements/reports";
import { tcsCsv, tcsReport } from "~/modules/settlements/reports.server";
import type { Route } from "./+types/settlements.tcs[.]csv";

/** The month's TCS per seller (GSTR-8's shape) as CSV: /admin/settlements/tcs.csv?month=2026-11. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const month = reportMonth(new URL(args.request.url).searchParams.get("month"));
  if (!month.ok) return new Response(month.message, { status: statusFor(month.reason), headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const csv = tcsCsv(await tcsReport(args.context.get(dbContext), month));
  return new Response(csv, { headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": attachmentDisposition(reportFileName("tcs", month.month)) } });
}
