import { followCommits } from "~/db/change-feed.server";
import type { ShopDatabase } from "~/db/db.server";
import type { PageCache } from "./page-cache";

/**
 * Tables no cached page shows: writes to them (sign-ins, orders, mail, jobs) keep the page cache.
 * Any other table, one added later included, empties it: forgetting one here costs speed, never
 * a wrong page. Orders change stock through `products`, which does empty it; a seller's name on
 * product pages is the `vendors` row's, not the account's.
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

export function touchesCatalogue(tables: ReadonlySet<string>): boolean {
  for (const table of tables) if (!UNSHOWN_TABLES.has(table)) return true;
  return false;
}

/**
 * Empties the page cache whenever the catalogue may have changed, in this process or another
 * (db/change-feed.server.ts hears the commits):
 * - this process's own commits, heard from the database layer (db/write-watch.server.ts);
 * - on PostgreSQL, other app instances' commits: each instance NOTIFYs the others after its own,
 *   and LISTENs on a connection of its own; while that connection is down the cache is off;
 * - on SQLite, other processes' commits (`npm run worker`, a restore): SQLite's data_version,
 *   read before every cache lookup (a few µs), changes when another connection has committed.
 * `alsoForget` runs at each of these moments too, for what is kept in memory beside the page cache
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
  // Whatever empties the page cache forgets what is kept beside it.
  const invalidate = () => {
    alsoForget();
    pages.invalidate();
  };
  const feed = followCommits({
    database,
    databaseUrl,
    mine: (tables) => {
      if (!touchesCatalogue(tables)) return false;
      invalidate();
      return true;
    },
    others: invalidate,
    feed: (up) => {
      alsoForget();
      pages.setEnabled(up);
    },
    onError: (err, what) => onError(err, what === "announce" ? "catalogue change not announced" : "catalogue change feed lost; page cache off until it is back"),
  });
  return { beforeLookup: () => feed.beforeRead(), close: () => feed.close() };
}
