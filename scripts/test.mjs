// `npm test`: everything a reviewer would check, in order, stopping at the first failure.
// typecheck → lint → unit and integration tests → production build → browser tests.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const steps = [
  ["typecheck", "npx", ["react-router", "typegen"]],
  ["typecheck", "npx", ["tsc", "--noEmit"]],
  ["lint", "npx", ["eslint", "."]],
  ["unit and integration tests", "npx", ["vitest", "run"]],
  ["build", "npx", ["react-router", "build"]],
  ["chromium", process.execPath, ["scripts/ensure-chromium.mjs"]],
  ["nginx", process.execPath, ["scripts/ensure-nginx.mjs"]],
  ["browser tests", "npx", ["playwright", "test"]],
];

for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}: ${[path.basename(cmd), ...args].join(" ")}`);
  const env = { ...process.env };
  if (name === "build") env.NODE_ENV = "production";
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env });
  if (r.status !== 0) {
    console.error(`\n✗ ${name} failed`);
    process.exit(r.status ?? 1);
  }
}
console.log("\n✓ all checks passed");
