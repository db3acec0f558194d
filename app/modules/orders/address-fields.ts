/**
 * A shipping address: fullName, addressLine1, addressLine2 (optional), city, state, postalCode, phone.
 * Apart from the schema (address.ts), so the checkout page's browser code does not carry zod.
 */
export const ADDRESS_FIELDS = ["fullName", "phone", "addressLine1", "addressLine2", "city", "state", "postalCode"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
