/**
 * Indian identifiers, checked the way the issuing systems define them. Pure functions: the
 * server enforces them, the browser may use them for instant feedback.
 */

/** GST state codes (first two digits of a GSTIN), including union territories and "Other Territory". */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "28": "Andhra Pradesh (Old)",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
  "97": "Other Territory",
};

const GSTIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The 15th character of a GSTIN: the mod-36 check over the first 14. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14[i]!);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

export type GstinProblem = "format" | "state" | "pan" | "check";

/** Normalises (upper case, no spaces) and checks a GSTIN; returns the problem or null. */
export function gstinProblem(raw: string): GstinProblem | null {
  const g = normaliseGstin(raw);
  if (!/^[0-9A-Z]{15}$/.test(g)) return "format";
  if (!GST_STATE_CODES[g.slice(0, 2)]) return "state";
  // PAN: five letters (the fourth is the holder type), four digits, one letter.
  if (!/^[A-Z]{3}[ABCFGHJLPTK][A-Z][0-9]{4}[A-Z]$/.test(g.slice(2, 12))) return "pan";
  if (!/^[1-9A-Z]Z$/.test(g.slice(12, 14))) return "format";
  if (gstinCheckCharacter(g.slice(0, 14)) !== g[14]) return "check";
  return null;
}

export function normaliseGstin(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

export const GSTIN_MESSAGES: Record<GstinProblem, string> = {
  format: "Please enter a 15-character GSTIN, for example 22AAAAA0000A1Z5",
  state: "The GSTIN must start with a valid Indian state code (01 to 38)",
  pan: "Characters 3 to 12 of the GSTIN must be the business's PAN",
  check: "This GSTIN's last character does not match; please check it for typing mistakes",
};

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
