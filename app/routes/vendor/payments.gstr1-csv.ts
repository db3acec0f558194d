import { dbContext } from "~/context";
import { attachmentDisposition } from "~/lib/download";
import { PRIVATE_CACHE_CONTROL } from "~/lib/http-policy";
import { requireVendorProfile } from "~/modules/identity/guards.server";
import { gstr1Csv, gstr1FileName, readGstr1Month } from "~/modules/settlements/gstr1";
import { vendorGstr1 } from "~/modules/settlements/gstr1.server";
import type { Route } from "./+types/payments.gstr1-csv";

/** The seller's GSTR-1 view of a month as one CSV file, a Section column naming each row's table (docs/product-rules.md). */
export async function loader(args: Route.LoaderArgs) {
  const { vendor } = await requireVendorProfile(args);
  const now = new Date();
  const asked = readGstr1Month(new URL(args.request.url).searchParams.get("month"), now);
  if (!asked.ok) {
    return new Response(`${asked.message}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_CACHE_CONTROL },
    });
  }
  const gstr1 = await vendorGstr1(args.context.get(dbContext), vendor.id, asked.month, now);
  return new Response(gstr1Csv(gstr1), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(gstr1FileName(vendor.id, asked.month)),
      "Cache-Control": PRIVATE_CACHE_CONTROL,
    },
  });
}
