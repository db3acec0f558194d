// `npm test`: everything a reviewer would check, in order, stopping at the first failure.
// typecheck and lint (side by side) → unit and integration tests → production build → browser tests.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** Each entry is one step, or a list of steps run side by side (single-threaded tools, on a machine of two cores). */
const steps = [
  [
    ["typecheck", "npm", ["run", "--silent", "typecheck"]],
    ["lint", "npm", ["run", "--silent", "lint"]],
  ],
  ["unit and integration tests", "npx", ["vitest", "run"]],
  ["build", "npx", ["react-router", "build"]],
  ["chromium", process.execPath, ["scripts/ensure-chromium.mjs"]],
  ["nginx", process.execPath, ["scripts/ensure-nginx.mjs"]],
  ["browser tests", "npx", ["playwright", "test"]],
];

function environment(name) {
  const env = { ...process.env };
  if (name === "build") env.NODE_ENV = "production";
  return env;
}

/** Each step's time, printed at the end (docs/testing.md holds the budget they are read against). */
const timings = [];
const started = performance.now();

function seconds(since) {
  const s = Math.round((performance.now() - since) / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

function printTimings() {
  console.log(`\nnpm test took ${seconds(started)}: ${timings.map(([name, time]) => `${name} ${time}`).join(", ")}`);
}

function fail(name, status) {
  console.error(`\n✗ ${name} failed`);
  printTimings();
  process.exit(status ?? 1);
}

/** Runs steps side by side, each one's output held and printed whole when it ends. */
async function sideBySide(group) {
  const t0 = performance.now();
  const results = await Promise.all(
    group.map(
      ([name, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, env: environment(name), stdio: ["ignore", "pipe", "pipe"] });
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          child.on("close", (status) => {
            console.log(`\n▶ ${name}: ${[path.basename(cmd), ...args].join(" ")}`);
            process.stdout.write(Buffer.concat(output));
            resolve({ name, status });
          });
        }),
    ),
  );
  timings.push([group.map(([name]) => name).join(" and "), seconds(t0)]);
  for (const { name, status } of results) if (status !== 0) fail(name, status);
}

for (const step of steps) {
  if (Array.isArray(step[0])) {
    await sideBySide(step);
    continue;
  }
  const [name, cmd, args] = step;
  console.log(`\n▶ ${name}: ${[path.basename(cmd), ...args].join(" ")}`);
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: environment(name) });
  timings.push([name, seconds(t0)]);
  if (r.status !== 0) fail(name, r.status);
}
printTimings();
console.log("\n✓ all checks passed");
