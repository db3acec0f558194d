// Browser tests drive Debian's Chromium (never a downloaded browser). Installs it when missing and we may.
import { execFileSync } from "node:child_process";
import { CHROMIUM_PATH } from "./chromium.mjs";
import { ensureDebianPackages } from "./debian-packages.mjs";

ensureDebianPackages({
  tools: [{ name: "Chromium", executable: CHROMIUM_PATH, pkg: "chromium" }],
  purpose: "The browser tests need a local Chromium.",
  override: "CHROME_PATH",
  retry: "run npm test again",
});
console.log(execFileSync(CHROMIUM_PATH, ["--version"]).toString().trim());
