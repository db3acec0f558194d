import { dbContext } from "~/context";
import { sharedCacheControl, sharedPage, type SharedPageOptions } from "~/lib/http-policy";
import { pinUnknownMessage, type PinCodeAnswer } from "~/modules/addresses/pin-codes";
import { lookupPin } from "~/modules/addresses/pin-directory.server";
import { verdictForPin } from "~/modules/delivery/pin-rules.server";
import type { Route } from "./+types/pin-codes.$pin";

const CACHE: SharedPageOptions = {};
/** The same answer for every visitor: shared, and asked for without their cookies (server/route-tree.ts). */
export const headers = sharedPage(CACHE);

/**
 * GET /pin-codes/:pin: where a PIN code is and whether the shop delivers there and takes cash on
 * delivery, as JSON, for the address forms' autofill. The same for every visitor, so shared
 * caches may keep it (decision 020); a change to the PIN rules empties the shop's own cache. An
 * unknown or malformed PIN is a 404 with the address forms' message. The order-value limit on
 * cash on delivery is not part of it: it depends on the order, and checkout says it.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const pin = params.pin.slice(0, 12);
  const place = lookupPin(pin);
  if (!place) return Response.json({ error: pinUnknownMessage(pin) }, { status: 404 });
  const verdict = await verdictForPin(context.get(dbContext), pin);
  const body: PinCodeAnswer = {
    ...place,
    serviceable: verdict.serviceable,
    cashOnDelivery: verdict.cashOnDelivery,
    ...("message" in verdict ? { message: verdict.message } : {}),
  };
  return Response.json(body, { headers: { "Cache-Control": sharedCacheControl(CACHE) } });
}
