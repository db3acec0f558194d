/**
 * Whether a part fits the customer's saved build (a part's product page: "Fits your saved build
 * …"; docs/product-rules.md "PC builds"). Asked by every product page view of a signed-in
 * customer (GET /visitor?product=ID, decision 027), so read in one query: the part's figures and
 * those of the customer's newest saved build (index builds_by_user, the parts by their key).
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { parseSpecifications } from "~/modules/catalog/specifications";
import { partFits, slotOf, withPart, type Build, type Verdict } from "./compatibility";

export interface SavedBuildFit {
  buildName: string;
  /** The saved build's own page. */
  href: string;
  /** No error about the part in the saved build. */
  fits: boolean;
  /** Every check about the part ran; when not, `verdicts` says which figure is missing. */
  checked: boolean;
  /** What the rules say of the part there: errors when it doesn't fit, else the checks that could not run. */
  messages: string[];
}

/** Null for a product that is no PC part, or a customer without a saved build. */
export async function savedBuildFit(db: Kysely<Database>, userId: string, productId: string): Promise<SavedBuildFit | null> {
  const rows = await db
    .selectFrom("products as viewed")
    .innerJoin("builds", (join) =>
      join.on((eb) =>
        eb(
          "builds.id",
          "=",
          eb
            .selectFrom("builds as newest")
            .select("newest.id")
            .where("newest.user_id", "=", userId)
            .orderBy("newest.created_at", "desc")
            .orderBy("newest.id", "desc")
            .limit(1),
        ),
      ),
    )
    .innerJoin("build_parts", "build_parts.build_id", "builds.id")
    .leftJoin("products as part", "part.id", "build_parts.product_id")
    .select([
      "viewed.id as viewedId",
      "viewed.name as viewedName",
      "viewed.category as viewedCategory",
      "viewed.specifications as viewedSpecifications",
      "builds.id as buildId",
      "builds.name as buildName",
      "build_parts.position",
      "build_parts.product_id as partId",
      "part.name as partNameToday",
      "part.category as partCategory",
      "part.specifications as partSpecifications",
    ])
    .where("viewed.id", "=", productId)
    .orderBy("build_parts.position")
    .execute();
  const first = rows[0];
  if (!first) return null;
  const viewed = { id: first.viewedId, name: first.viewedName, specifications: parseSpecifications(first.viewedSpecifications) };
  const slot = slotOf({ category: first.viewedCategory, specifications: viewed.specifications });
  if (!slot) return null;

  // The saved build as it stands in the catalogue today, less this very part (once): a kit already
  // in the build is asked about as itself, not as a second kit. Parts no longer sold are left out.
  let build: Build = {};
  let skipped = false;
  for (const row of rows) {
    if (row.partId === viewed.id && !skipped) {
      skipped = true;
      continue;
    }
    if (row.partNameToday === null || row.partCategory === null || row.partSpecifications === null) continue;
    const specifications = parseSpecifications(row.partSpecifications);
    const partSlot = slotOf({ category: row.partCategory, specifications });
    if (partSlot) build = withPart(build, partSlot, { id: row.partId, name: row.partNameToday, specifications });
  }

  const fit = partFits(build, viewed, slot);
  const told = (severity: Verdict["severity"]) => fit.verdicts.filter((v) => v.severity === severity).map((v) => v.message);
  return {
    href: `/builds/${encodeURIComponent(first.buildId)}`,
    buildName: first.buildName,
    fits: fit.fits,
    checked: fit.checked,
    messages: fit.fits ? (fit.checked ? [] : told("not-run")) : told("error"),
  };
}
