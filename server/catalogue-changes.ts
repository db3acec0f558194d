import { followCommits, type Change } from "~/db/change-feed.server";
import type { ShopDatabase } from "~/db/db.server";
import type { Commit } from "~/db/write-watch.server";
import { productKey } from "~/modules/catalog/products.server";
import type { PageCache } from "./page-cache";

/**
 * Tables no cached page shows: writes to them (sign-ins, orders, mail, jobs) leave every page
 * fresh. Any other table, one added later included, makes every page stale: forgetting one here
 * costs speed, never a wrong page. Orders change stock through `products` (see `STOCK_ONLY`); a
 * seller's name on product pages is the `vendors` row's, not the account's.
 */
const UNSHOWN_TABLES = new Set([
  "user",
  "session",
  "account",
  "verification",
  "sign_in_attempts",
  "customer_profiles",
  "contact_messages",
  "orders",
  "order_items",
  "order_parts",
  "order_status_history",
  "payment_events",
  "refunds",
  "returns",
  "return_photos",
  "return_history",
  "credit_notes",
  "credit_note_counters",
  "settlement_rates",
  "ledger_entries",
  "payouts",
  "payout_counters",
  "vendor_payout_accounts",
  "mail",
  "jobs",
  // A customer's own wishlist: shared pages show the neutral heart and ask /wishlist/ids after loading.
  "wishlist_items",
]);

/**
 * The columns of `products` whose change shows only where the product itself is shown: no public
 * list is filtered or sorted by stock, so an update of these alone, of rows named by id, makes
 * stale only the pages that noted they show those products (`productKey`, which every product a
 * page shows passes through). Price, name, category, listing and the rest may move a product in
 * or out of lists and counts: they change everything.
 */
const STOCK_ONLY = new Set(["stock"]);

/**
 * What a commit of this process changed, for the page cache: nothing a page shows, some products'
 * stock, or everything.
 */
export function catalogueChange(commit: Commit): Change | null {
  const keys = new Set<string>();
  for (const write of commit.writes) {
    // The shop names its own tables bare (they are in the connection's schema); a table named with
    // its schema is another's: pg-boss's jobs, written in the change's transaction (app/modules/jobs).
    if (write.schema !== null || UNSHOWN_TABLES.has(write.table)) continue;
    const stockOnly = write.table === "products" && write.ids !== null && write.columns !== null && write.columns.every((c) => STOCK_ONLY.has(c));
    if (!stockOnly) return "everything";
    for (const id of write.ids!) keys.add(productKey(id));
  }
  return keys.size > 0 ? { keys: [...keys] } : null;
}

/**
 * Tells the page cache what changed whenever the catalogue may have, in this process or another
 * (db/change-feed.server.ts hears the commits):
 * - this process's own commits, heard from the database layer (db/write-watch.server.ts), as
 *   `catalogueChange` reads them: a product's stock alone, or everything;
 * - on PostgreSQL, other app instances' commits: each instance NOTIFYs the others after its own,
 *   with the same change, and LISTENs on a connection of its own; while that connection is down
 *   the cache keeps no page fresh (`hearing`);
 * - on SQLite, other processes' commits (`npm run worker`, a restore): SQLite's data_version,
 *   read before every cache lookup (a few µs), changes when another connection has committed,
 *   and what it changed is unknown: everything.
 * `alsoForget` runs whenever everything changed, for what is kept in memory beside the page cache
 * (the footer's legal details: app/modules/content/legal.server.ts).
 * Returns the check to run before each lookup, and the way to stop.
 */
export function followCatalogueChanges({
  database,
  databaseUrl,
  cache: pages,
  alsoForget = () => {},
  onError,
}: {
  database: ShopDatabase;
  databaseUrl?: string | undefined;
  cache: PageCache;
  alsoForget?: () => void;
  onError: (err: unknown, what: string) => void;
}): { beforeLookup: () => void; close: () => Promise<void> } {
  // Whatever changes everything forgets what is kept beside the pages.
  const changed = (change: Change) => {
    if (change === "everything") alsoForget();
    pages.changed(change);
  };
  const feed = followCommits({
    database,
    databaseUrl,
    mine: (commit) => {
      const change = catalogueChange(commit);
      if (change) changed(change);
      return change;
    },
    others: changed,
    feed: (up) => {
      alsoForget();
      pages.hearing(up);
    },
    onError: (err, what) => onError(err, what === "announce" ? "catalogue change not announced" : "catalogue change feed lost; no page kept fresh until it is back"),
  });
  return { beforeLookup: () => feed.beforeRead(), close: () => feed.close() };
}
