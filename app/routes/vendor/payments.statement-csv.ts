import { dbContext } from "~/context";
import { csvRupees, toCsv } from "~/lib/csv";
import { attachmentDisposition } from "~/lib/download";
import { PRIVATE_CACHE_CONTROL } from "~/lib/http-policy";
import { requireVendorProfile } from "~/modules/identity/guards.server";
import { indiaMonthOf, parseMonth, statementFileName } from "~/modules/settlements/months";
import { STATEMENT_HEADER, statementCells, vendorStatement } from "~/modules/settlements/statements.server";
import type { Route } from "./+types/payments.statement-csv";

/** The seller's statement of a month as a CSV file (the Statement on the Payments tab, row for row). */
export async function loader(args: Route.LoaderArgs) {
  const { vendor } = await requireVendorProfile(args);
  const asked = new URL(args.request.url).searchParams.get("month");
  const month = asked === null ? indiaMonthOf(new Date()) : parseMonth(asked);
  if (!month) {
    return new Response("Choose a month as YYYY-MM, such as 2026-11.\n", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_CACHE_CONTROL },
    });
  }
  const statement = await vendorStatement(args.context.get(dbContext), vendor.id, month);
  const body = toCsv(STATEMENT_HEADER, statementCells(statement, csvRupees));
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(statementFileName(vendor.id, month)),
      "Cache-Control": PRIVATE_CACHE_CONTROL,
    },
  });
}
