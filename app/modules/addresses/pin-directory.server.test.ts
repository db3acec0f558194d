import { describe, expect, it } from "vitest";
import { INDIAN_STATES } from "./india-states";
import { buildDirectory, loadPinDirectory, lookupPin, pinProblem, shopStateOf } from "./pin-directory.server";

describe("the PIN code directory", () => {
  it("holds about 19,000 PIN codes", () => {
    const { pins } = loadPinDirectory();
    expect(pins).toBeGreaterThan(18_500);
    expect(pins).toBeLessThan(20_000);
  });

  it.each([
    ["110001", "Delhi", "Delhi"],
    ["400001", "Maharashtra", "Mumbai"],
    ["560001", "Karnataka", "Bengaluru"],
    ["500001", "Telangana", "Hyderabad"],
    ["792001", "Arunachal Pradesh", "Lohit"],
    ["744101", "Andaman and Nicobar Islands", "South Andaman"],
    ["194101", "Ladakh", "Leh"],
    ["396210", "Dadra and Nagar Haveli and Daman and Diu", "Daman"],
    ["605001", "Puducherry", "Pondicherry"],
    ["530001", "Andhra Pradesh", "Visakhapatnam"],
    ["201301", "Uttar Pradesh", "Gautam Buddha Nagar"],
  ])("finds %s in %s (%s)", (pin, state, city) => {
    expect(lookupPin(pin)).toMatchObject({ pin, state, city });
  });

  it("names every PIN's state as the shop's list does", () => {
    const { places } = buildDirectory([
      { pincode: 500001, districtName: "Hyderabad", stateName: "ANDHRA PRADESH" },
      { pincode: 520001, districtName: "Krishna", stateName: "ANDHRA PRADESH" },
      { pincode: 190001, districtName: "Srinagar", stateName: "JAMMU & KASHMIR" },
      { pincode: 396230, districtName: "Dadra & Nagar Haveli", stateName: "DADRA & NAGAR HAVELI" },
      { pincode: 492001, districtName: "Raipur", stateName: "CHATTISGARH" },
      { pincode: 999999, districtName: "Nowhere", stateName: "ATLANTIS" },
    ]);
    expect(places.map((p) => p.state)).toEqual(["Jammu and Kashmir", "Dadra and Nagar Haveli and Daman and Diu", "Chhattisgarh", "Telangana", "Andhra Pradesh"]);
    expect(shopStateOf("TAMIL NADU", "Chennai")).toBe("Tamil Nadu");
    expect(shopStateOf("ANDAMAN & NICOBAR ISLANDS", "South Andaman")).toBe("Andaman and Nicobar Islands");
  });

  it("places every PIN of the package in one of the shop's states", () => {
    const { pins } = loadPinDirectory();
    const states = new Set<string>();
    for (const pin of ["110001", "400001", "560001", "500001", "792001", "744101"]) states.add(lookupPin(pin)!.state);
    for (const s of states) expect(INDIAN_STATES).toContain(s);
    expect(pins).toBeGreaterThan(0);
  });

  it("knows nothing of a PIN that does not exist or is malformed", () => {
    expect(lookupPin("999999")).toBeNull();
    expect(lookupPin("000001")).toBeNull();
    expect(lookupPin("11000")).toBeNull();
    expect(lookupPin("abcdef")).toBeNull();
  });

  it("says what is wrong with a PIN for the chosen state, in the shop's words", () => {
    expect(pinProblem("999999", "Delhi")).toBe("PIN code 999999 does not exist. Please check it.");
    expect(pinProblem("110001", "Karnataka")).toBe("PIN code 110001 is in Delhi, not Karnataka");
    expect(pinProblem("500001", "Andhra Pradesh")).toBe("PIN code 500001 is in Telangana, not Andhra Pradesh");
    expect(pinProblem("110001", "Delhi")).toBeNull();
    expect(pinProblem("110001", "")).toBeNull();
  });

  it("looks a PIN up in microseconds", () => {
    loadPinDirectory();
    const start = performance.now();
    for (let i = 0; i < 100_000; i++) lookupPin(String(110001 + (i % 800_000)));
    const each = ((performance.now() - start) * 1000) / 100_000;
    expect(each).toBeLessThan(20);
  });
});
