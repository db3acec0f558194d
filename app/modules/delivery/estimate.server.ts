import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { Paise } from "~/modules/money/money";
import { PIN_FORMAT_MESSAGE, isPinFormat, pinUnknownMessage, type PinPlace } from "~/modules/addresses/pin-codes";
import { lookupPin } from "~/modules/addresses/pin-directory.server";
import type { DeliveryEstimate } from "./estimate";
import { verdictForPin } from "./pin-rules.server";
import { formatOrderWithin, promiseText } from "./promise";
import { sellersWithPromises } from "./promise.server";

/**
 * What the shop tells a shopper about delivery to a PIN code before the order (estimate.ts): where
 * the PIN is, whether the shop delivers there and takes cash, and when each seller's parcel should
 * arrive. The product page's "Deliver to" box, the cart and checkout's payment step read it, so all
 * three say the same words (decision 024).
 */

type Db = Kysely<Database>;

/** Where a PIN is, as a person reads it: the directory's city (its district) and state, once where they share a name (Delhi). */
function placeText(p: PinPlace): string {
  return p.city === p.state ? p.state : `${p.city}, ${p.state}`;
}

/**
 * The estimate for delivering these sellers' goods to `pin`, now. `orderValue` (the order's total,
 * or what one product costs as an order) checks the cash-on-delivery limit; without it only the
 * PIN's own rules count. `cashOnDelivery` says whether the shop takes cash on delivery at all (the
 * payment settings, which this tier does not read).
 */
export async function estimateDelivery(
  db: Db,
  input: { pin: string; vendorIds: readonly string[]; cashOnDelivery: boolean; orderValue?: Paise; now?: Date },
): Promise<DeliveryEstimate> {
  const pin = input.pin.trim();
  const now = input.now ?? new Date();
  const refused = (problem: string, place: string | null = null): DeliveryEstimate => ({ pin, place, problem, cashOnDelivery: null, sellers: [] });
  if (!isPinFormat(pin)) return refused(PIN_FORMAT_MESSAGE);
  // The directory and the sellers are each read once.
  const found = lookupPin(pin);
  if (!found) return refused(pinUnknownMessage(pin));
  const place = placeText(found);
  const verdict = await verdictForPin(db, pin, input.orderValue, found);
  if (verdict.kind === "not_served") return refused(verdict.message, place);
  const ids = [...new Set(input.vendorIds)];
  const sellers = await sellersWithPromises(db, { vendorIds: ids, destinationPin: pin, now });
  return {
    pin,
    place,
    problem: null,
    cashOnDelivery: !input.cashOnDelivery ? null : verdict.kind === "cod_unavailable" ? { available: false, reason: verdict.message } : { available: true },
    sellers: ids.flatMap((id) => {
      const seller = sellers.get(id);
      if (!seller) return [];
      const p = seller.promise;
      return [{ vendorId: id, vendorName: seller.name, arrives: p ? promiseText(p) : null, orderWithin: p ? formatOrderWithin(p.orderWithinMs) : null }];
    }),
  };
}
