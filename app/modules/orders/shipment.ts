/** Carrier and tracking number a vendor gives when marking its part Shipped (pure: used by server and tests). */
export const CARRIERS = ["Blue Dart", "Delhivery", "DTDC", "Ecom Express", "India Post", "Xpressbees", "Shadowfax", "Ekart"] as const;

export interface ShipmentInput {
  carrier: string;
  trackingNumber: string;
}

export type ShipmentErrors = Partial<Record<keyof ShipmentInput, string>>;

export function parseShipment(raw: { carrier?: unknown; trackingNumber?: unknown }): { ok: true; value: ShipmentInput } | { ok: false; errors: ShipmentErrors } {
  const carrier = typeof raw.carrier === "string" ? raw.carrier.trim().replace(/\s+/g, " ") : "";
  const trackingNumber = typeof raw.trackingNumber === "string" ? raw.trackingNumber.trim().toUpperCase() : "";
  const errors: ShipmentErrors = {};
  if (!carrier) errors.carrier = "Enter the carrier.";
  else if (carrier.length > 60) errors.carrier = "The carrier's name can be at most 60 characters.";
  if (!trackingNumber) errors.trackingNumber = "Enter the tracking number.";
  else if (!/^[A-Z0-9-]{4,40}$/.test(trackingNumber)) errors.trackingNumber = "A tracking number is 4 to 40 letters, digits or dashes.";
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: { carrier, trackingNumber } };
}
