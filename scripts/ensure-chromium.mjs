// Browser tests drive Debian's Chromium (never a downloaded browser). Installs it when missing and we may.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import { CHROMIUM_PATH } from "./chromium.mjs";

const chrome = CHROMIUM_PATH;
if (fs.existsSync(chrome)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = fs.existsSync("/usr/bin/apt-get");
if (process.env.CHROME_PATH || !isRoot || !hasApt) {
  console.error(
    `Chromium was not found at ${chrome}.\n` +
      "Browser tests need a local Chromium. On Debian or Ubuntu: sudo apt-get install -y chromium\n" +
      "Elsewhere, install Chromium or Chrome and set CHROME_PATH to its executable.",
  );
  process.exit(1);
}

console.log("Chromium is missing: installing Debian's chromium package for the browser tests…");
const run = (args) => spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
if (run(["update", "-qq"]).status !== 0 || run(["install", "-y", "-qq", "chromium"]).status !== 0 || !fs.existsSync(chrome)) {
  console.error("Installing chromium failed. Install it by hand (apt-get install -y chromium) and run npm test again.");
  process.exit(1);
}
console.log(execFileSync(chrome, ["--version"]).toString().trim());
