import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MODULE_TIERS, foldersWithoutTier } from "../../eslint.config.js";

/**
 * The layer lint knows only the modules it lists (MODULE_TIERS in eslint.config.js): a folder under
 * app/modules that is in no tier would be checked by no zone, so the lint refuses to run.
 */
describe("the layers", () => {
  it("place every folder under app/modules in a tier", () => {
    expect(foldersWithoutTier(path.resolve("app/modules"))).toEqual([]);
  });

  it("find a module that is in no tier", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-modules-"));
    try {
      for (const name of ["money", "orders", "pc-builder"]) fs.mkdirSync(path.join(dir, name));
      fs.writeFileSync(path.join(dir, "README.md"), "a file is no module");
      expect(foldersWithoutTier(dir)).toEqual(["pc-builder"]);
      expect(foldersWithoutTier(dir, [...MODULE_TIERS, ["pc-builder"]])).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("list each module once", () => {
    const names = MODULE_TIERS.flat();
    expect(new Set(names).size).toBe(names.length);
  });
});
