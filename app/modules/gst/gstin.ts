/**
 * GSTINs: the state codes they start with, and the one check of a GSTIN that the vendor
 * registration, the shop's legal details and a business buyer's checkout all use. Pure, so the
 * browser may use it for instant feedback as the server enforces it.
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

/** A state's GST code ("Maharashtra" → "27"); for Andhra Pradesh, today's code, not the old one. */
export function stateCode(state: string): string | null {
  if (state === "Andhra Pradesh") return "37";
  for (const [code, name] of Object.entries(GST_STATE_CODES)) if (name === state) return code;
  return null;
}

/** The state a GSTIN is registered in, from its first two digits; null when they are no state's. */
export function gstinState(gstin: string): string | null {
  return GST_STATE_CODES[gstin.slice(0, 2)] ?? null;
}

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

export type GstinProblem = "length" | "pattern" | "state" | "pan" | "check";

export function normaliseGstin(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

/**
 * Normalises (upper case, no spaces) and checks a GSTIN, in the order a person would fix it: its
 * length, its shape (state digits, PAN, entity number, "Z", check character), a real state code,
 * the PAN, then the check character. Returns the first problem, or null.
 */
export function gstinProblem(raw: string): GstinProblem | null {
  const g = normaliseGstin(raw);
  if (g.length !== 15) return "length";
  if (!/^[0-9]{2}[A-Z0-9]{10}[1-9A-Z]Z[0-9A-Z]$/.test(g)) return "pattern";
  if (!GST_STATE_CODES[g.slice(0, 2)]) return "state";
  // PAN: five letters (the fourth is the holder type), four digits, one letter.
  if (!/^[A-Z]{3}[ABCFGHJLPTK][A-Z][0-9]{4}[A-Z]$/.test(g.slice(2, 12))) return "pan";
  if (gstinCheckCharacter(g.slice(0, 14)) !== g[14]) return "check";
  return null;
}

export const GSTIN_MESSAGES: Record<GstinProblem, string> = {
  length: "Please enter a 15-character GSTIN, for example 22AAAAA0000A1Z5",
  pattern: "A GSTIN is the 2-digit state code, the 10-character PAN, an entity number, Z and a check character, for example 22AAAAA0000A1Z5",
  state: "The GSTIN must start with a valid Indian state code (01 to 38)",
  pan: "Characters 3 to 12 of the GSTIN must be the business's PAN",
  check: "This GSTIN's last character does not match; please check it for typing mistakes",
};

export type GstinCheck = { ok: true; gstin: string } | { ok: false; problem: GstinProblem | "place"; message: string };

/**
 * The one check of a GSTIN: the vendor registration, the shop's legal details and a business
 * buyer's checkout all call it. Normalises it, checks it (gstinProblem) and, given the state the
 * goods are delivered to, that it is registered there: for goods the place of supply is where they
 * are delivered (gst.ts, placeOfSupply), and input tax credit is only claimable with a GSTIN of
 * that state, so the message says so.
 */
export function checkGstin(raw: string, deliveryState?: string): GstinCheck {
  const gstin = normaliseGstin(raw);
  const problem = gstinProblem(gstin);
  if (problem) return { ok: false, problem, message: GSTIN_MESSAGES[problem] };
  const registered = gstinState(gstin)!;
  if (deliveryState !== undefined && registered !== deliveryState) {
    return {
      ok: false,
      problem: "place",
      message: `This GSTIN is registered in ${registered}, but the goods go to ${deliveryState}. For goods the place of supply is where they are delivered, and input tax credit needs a GSTIN of that state: use your ${deliveryState} GSTIN, or deliver to ${registered}.`,
    };
  }
  return { ok: true, gstin };
}
