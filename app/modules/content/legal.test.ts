import { describe, expect, it } from "vitest";
import { LEGAL_MESSAGES, isCin, legalFormValues, parseLegalDetails } from "./legal";

const valid = {
  legalName: "RC Computers Private Limited",
  cin: "U52390UP2015PTC071234",
  registeredOffice: "B-42, Sector 63, Noida, Uttar Pradesh 201301, India",
  gstin: "09AABCR1234K1ZF",
  officerName: "Anjali Verma",
  officerDesignation: "Grievance Officer",
  officerEmail: "grievance@rccomputers.in",
  officerPhone: "+91 1204567891",
};

describe("the CIN check", () => {
  it("takes listed and unlisted companies' CINs, in any case and with spaces", () => {
    expect(isCin("U52390UP2015PTC071234")).toBe(true);
    expect(isCin("L17110MH1973PLC019786")).toBe(true);
    expect(isCin(" u52390up2015ptc071234 ")).toBe(true);
  });
  it("refuses anything of another form", () => {
    for (const bad of ["", "U52390UP2015PTC07123", "U52390UP2015PTC0712345", "X52390UP2015PTC071234", "U5239AUP2015PTC071234", "U523901P2015PTC071234", "U52390UP20A5PTC071234", "U52390UP2015P1C071234", "U52390UP2015PTC07123A"]) {
      expect(isCin(bad), bad).toBe(false);
    }
  });
});

describe("the legal details form", () => {
  it("accepts the demo details and normalises them", () => {
    const r = parseLegalDetails({ ...valid, cin: "u52390up2015ptc071234", gstin: "09aabcr1234k1zf", officerEmail: "Grievance@RCcomputers.in" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.cin).toBe("U52390UP2015PTC071234");
    expect(r.value.gstin).toBe("09AABCR1234K1ZF");
    expect(r.value.grievanceOfficer.email).toBe("grievance@rccomputers.in");
    expect(legalFormValues(r.value)).toEqual(valid);
  });
  it("refuses each field with its own message", () => {
    const r = parseLegalDetails({ legalName: " ", cin: "U123", registeredOffice: "", gstin: "09AABCR1234K1ZA", officerName: "", officerDesignation: "", officerEmail: "nope", officerPhone: "12" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toEqual({
      legalName: LEGAL_MESSAGES.legalName,
      cin: LEGAL_MESSAGES.cin,
      registeredOffice: LEGAL_MESSAGES.registeredOffice,
      gstin: "This GSTIN's last character does not match; please check it for typing mistakes",
      officerName: LEGAL_MESSAGES.officerName,
      officerDesignation: LEGAL_MESSAGES.officerDesignation,
      officerEmail: LEGAL_MESSAGES.officerEmail,
      officerPhone: "Please enter a valid Indian phone number, for example +91 98765 43210",
    });
  });
  it("refuses missing fields rather than failing", () => {
    const r = parseLegalDetails({});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.fieldErrors).sort()).toEqual(Object.keys(valid).sort());
  });
});
