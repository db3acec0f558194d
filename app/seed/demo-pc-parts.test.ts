import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { slotOf } from "~/modules/builds/compatibility";
import { builderHref } from "~/modules/builds/selection";
import { isCountryCode } from "~/modules/catalog/countries";
import { missingDeclarations, minimumMrp, normaliseHsn } from "~/modules/catalog/declarations";
import { SPEC_SCHEMAS, checkSpecValue } from "~/modules/catalog/spec-schema";
import { demoProducts } from "./demo-catalog";
import { DEMO_BUILDS, demoPcPartDeclarations, demoPcParts, partDrawing } from "./demo-pc-parts";

describe("the demo's PC parts", () => {
  it("are PC parts with new ids, none featured, each showing the drawing of its kind", () => {
    const ids = demoPcParts.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of demoPcParts) {
      expect(p.id, p.id).toMatch(/^product-[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(demoProducts.map((d) => d.id), p.id).not.toContain(p.id);
      expect(slotOf(p), p.id).not.toBeNull();
      expect(p.featured, p.id).toBe(false);
      expect(p.image, p.id).toBe(partDrawing(p));
    }
  });

  it("show drawings shipped with the shop, every drawing shown by some part", () => {
    const dir = new URL("../../public/images/products/parts/", import.meta.url);
    const drawings = fs.readdirSync(dir).map((name) => `/images/products/parts/${name}`);
    expect(new Set(demoPcParts.map((p) => p.image))).toEqual(new Set(drawings));
    for (const file of drawings) {
      const svg = fs.readFileSync(new URL(`../../public${file}`, import.meta.url), "utf8");
      expect(svg, file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 800 600"/);
      // Nothing fetched from elsewhere, nothing that runs.
      expect(svg, file).not.toMatch(/<script|<image|<foreignObject|href=|url\((?!#)/i);
    }
  });

  it("carry valid, normalised typed values: every stored attribute passes the form's checks unchanged", () => {
    for (const p of demoPcParts) {
      for (const attribute of SPEC_SCHEMAS[p.category]) {
        const stored = p.specifications[attribute.key];
        if (stored === undefined) continue;
        expect(checkSpecValue(attribute, stored), `${p.id} ${attribute.key}`).toEqual({ ok: true, value: stored });
      }
    }
  });

  it("declare everything, with an MRP not below the price with GST", () => {
    expect(Object.keys(demoPcPartDeclarations).sort()).toEqual(demoPcParts.map((p) => p.id).sort());
    for (const p of demoPcParts) {
      const d = demoPcPartDeclarations[p.id]!;
      expect(missingDeclarations(d), p.id).toEqual([]);
      expect(isCountryCode(d.countryOfOrigin!), p.id).toBe(true);
      expect(d.mrpPaise!, p.id).toBeGreaterThanOrEqual(minimumMrp(p.pricePaise));
      expect(normaliseHsn(d.hsnCode!), p.id).toBe(d.hsnCode);
      expect(d.importerName, p.id).toBeTruthy();
    }
  });

  it("are linked from docs/demo.md, every build to try at its builder address", () => {
    const demo = fs.readFileSync(new URL("../../docs/demo.md", import.meta.url), "utf8");
    for (const [name, build] of Object.entries(DEMO_BUILDS)) expect(demo, name).toContain(`](http://localhost:3000${builderHref(build.partIds)})`);
  });
});
