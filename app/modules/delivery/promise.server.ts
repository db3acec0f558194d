import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { loadCalendar, type DeliveryCalendar } from "./calendar.server";
import { deliveryPromise, isMetroPin, type DeliveryPromise } from "./promise";

/**
 * Delivery promises from the database: a seller's dispatch settings, the metros and the holidays
 * (read afresh each call: calendar.server.ts `loadCalendar` says why), handed to the pure rule in
 * promise.ts. For the product page, cart, checkout, order page and mail.
 */

type Db = Kysely<Database>;

export interface PromiseRequest {
  vendorId: string;
  /** The delivery PIN, 6 digits. */
  destinationPin: string;
  now?: Date;
}

interface SellerRow {
  id: string;
  name: string;
  dispatch_pin: string | null;
  handling_days: number;
  cut_off: string;
}

const SELLER_COLUMNS = ["id", "name", "dispatch_pin", "handling_days", "cut_off"] as const;

function promiseFor(seller: SellerRow | undefined, destinationPin: string, calendar: DeliveryCalendar, now: Date): DeliveryPromise | null {
  if (!seller?.dispatch_pin) return null;
  return deliveryPromise({
    now,
    cutOff: seller.cut_off,
    handlingDays: Number(seller.handling_days),
    fromMetro: isMetroPin(seller.dispatch_pin, calendar.metroPrefixes),
    toMetro: isMetroPin(destinationPin, calendar.metroPrefixes),
    holidays: calendar.holidays,
  });
}

/** When an order from this seller to this PIN placed `now` should arrive; null when the seller has set no dispatch PIN (or is unknown). */
export async function promiseForSeller(db: Db, { vendorId, destinationPin, now = new Date() }: PromiseRequest): Promise<DeliveryPromise | null> {
  const [seller, calendar] = await Promise.all([db.selectFrom("vendors").select(SELLER_COLUMNS).where("id", "=", vendorId).executeTakeFirst(), loadCalendar(db, now)]);
  return promiseFor(seller, destinationPin, calendar, now);
}

/**
 * Promises for several sellers to one PIN (a cart's or an order's parts), keyed by vendor id, in
 * three queries whatever the number of sellers; a seller with no dispatch PIN maps to null.
 */
export async function promisesForSellers(
  db: Db,
  request: { vendorIds: readonly string[]; destinationPin: string; now?: Date },
): Promise<Map<string, DeliveryPromise | null>> {
  const ids = [...new Set(request.vendorIds)];
  const sellers = await sellersWithPromises(db, request);
  return new Map(ids.map((id) => [id, sellers.get(id)?.promise ?? null]));
}

/**
 * The same sellers with their names, read in the same query (the estimate shows both): keyed by
 * vendor id, a seller that does not exist left out.
 */
export async function sellersWithPromises(
  db: Db,
  { vendorIds, destinationPin, now = new Date() }: { vendorIds: readonly string[]; destinationPin: string; now?: Date },
): Promise<Map<string, { name: string; promise: DeliveryPromise | null }>> {
  const ids = [...new Set(vendorIds)];
  if (ids.length === 0) return new Map();
  const [sellers, calendar] = await Promise.all([db.selectFrom("vendors").select(SELLER_COLUMNS).where("id", "in", ids).execute(), loadCalendar(db, now)]);
  return new Map(sellers.map((s) => [s.id, { name: s.name, promise: promiseFor(s, destinationPin, calendar, now) }]));
}
