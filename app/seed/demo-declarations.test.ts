import { describe, expect, it } from "vitest";
import { isCountryCode } from "~/modules/catalog/countries";
import { missingDeclarations, minimumMrp, normaliseHsn } from "~/modules/catalog/declarations";
import { demoProducts } from "./demo-catalog";
import { demoDeclarations } from "./demo-declarations";

describe("demo declarations", () => {
  it("every demo product declares everything, with an MRP not below its price with GST", () => {
    expect(Object.keys(demoDeclarations).sort()).toEqual(demoProducts.map((p) => p.id).sort());
    for (const p of demoProducts) {
      const d = demoDeclarations[p.id]!;
      expect(missingDeclarations(d), p.id).toEqual([]);
      expect(isCountryCode(d.countryOfOrigin!), p.id).toBe(true);
      expect(d.mrpPaise!, p.id).toBeGreaterThanOrEqual(minimumMrp(p.pricePaise));
      expect(normaliseHsn(d.hsnCode!), p.id).toBe(d.hsnCode);
      expect(d.warrantyMonths!, p.id).toBeLessThanOrEqual(120);
    }
  });

  it("has both a product made in India and imported ones, each import with its importer", () => {
    const all = Object.values(demoDeclarations);
    expect(all.some((d) => d.countryOfOrigin === "IN" && d.importerName === null)).toBe(true);
    expect(all.filter((d) => d.countryOfOrigin !== "IN").every((d) => d.importerName && d.importerAddress)).toBe(true);
  });
});
