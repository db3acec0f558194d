// Tools the tests and the scan run come from Debian's packages, never from a download: when one is
// missing and we may (root, apt-get), it is installed; otherwise the person is told what to run.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

/**
 * Makes sure each tool's executable exists, installing the missing ones' packages in one apt-get
 * run. `tools`: { name, executable, pkg }; `purpose`: what needs them, for the messages;
 * `override`: the variable that points at a tool installed elsewhere (then nothing is installed).
 * Exits the process with 1 when they cannot be had.
 */
export function ensureDebianPackages({ tools, purpose, override = undefined, retry = "run it again" }) {
  const missing = tools.filter((t) => !fs.existsSync(t.executable));
  if (missing.length === 0) return;
  const names = missing.map((t) => t.name).join(" and ");
  const packages = missing.map((t) => t.pkg);
  const byHand = `apt-get install -y ${packages.join(" ")}`;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if ((override && process.env[override]) || !isRoot || !fs.existsSync("/usr/bin/apt-get")) {
    const where = missing.map((t) => t.executable).join(", ");
    console.error(
      `${names} not found (${where}). ${purpose} On Debian or Ubuntu: sudo ${byHand}` +
        (override ? `\nElsewhere, install it and set ${override} to its executable.` : ""),
    );
    process.exit(1);
  }
  console.log(`${names} missing: installing Debian's ${packages.join(" and ")}…`);
  const run = (args) => spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (run(["update", "-qq"]).status !== 0 || run(["install", "-y", "-qq", ...packages]).status !== 0 || missing.some((t) => !fs.existsSync(t.executable))) {
    console.error(`Installing ${packages.join(" and ")} failed. Install by hand (${byHand}) and ${retry}.`);
    process.exit(1);
  }
}
