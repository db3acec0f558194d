/**
 * Indian phone numbers, checked the way the numbering plan defines them. Pure: the server enforces
 * it, the browser may use it for instant feedback. GSTINs are GST's (gst/gstin.ts).
 */

/**
 * An Indian phone number: a 10-digit mobile (starting 6-9) or a landline with its STD code,
 * optionally written with +91 or a leading 0. Returns it in +91 form, or null if it is not one.
 */
export function normaliseIndianPhone(raw: string): string | null {
  const digits = raw.replace(/[\s\-().]/g, "");
  const m = /^(?:\+91|0091|91|0)?(\d{10})$/.exec(digits);
  if (!m) return null;
  const n = m[1]!;
  if (/^[6-9]/.test(n)) return `+91 ${n.slice(0, 5)} ${n.slice(5)}`;
  // Landlines: STD code (2-4 digits, not starting with 0) + number, 10 digits in all.
  if (/^[1-5]/.test(n)) return `+91 ${n}`;
  return null;
}

export const PHONE_MESSAGE = "Please enter a valid Indian phone number, for example +91 98765 43210";
