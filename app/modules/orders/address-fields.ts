/**
 * The checkout's address step: the shipping address (fullName, addressLine1, addressLine2
 * (optional), city, state, postalCode, phone) and, for a business buyer, the GST invoice's details
 * (business: "on" when asked for, gstin, legalName).
 * Apart from the schema (address.ts), so the checkout page's browser code does not carry zod.
 */
export const ADDRESS_FIELDS = ["fullName", "phone", "addressLine1", "addressLine2", "city", "state", "postalCode", "business", "gstin", "legalName"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The business buyer's part of the address step. */
export const BUSINESS_LABEL = "Buying for a business? Get a GST invoice";
