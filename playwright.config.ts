import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 4173);
// Each run gets a fresh embedded database with the demo data, so tests see a known catalogue.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `rc-e2e-${process.pid}-${Date.now()}`);
process.env.E2E_DATA_DIR = dataDir;
// A second server on its own fresh database, for the *.isolated.spec.ts tests that change shop-wide
// settings (payment methods), which would otherwise disturb the other tests running in parallel.
const isolatedPort = port + 1;
const isolatedDataDir = process.env.E2E_ISOLATED_DATA_DIR ?? `${dataDir}-isolated`;
process.env.E2E_ISOLATED_DATA_DIR = isolatedDataDir;
const ISOLATED = /\.isolated\.spec\.ts$/;
// Every server of the run writes its log here; the global teardown fails the run when a log holds a
// password, cookie, token, card field or secret (tests/support/log-secrets.ts), or a request that
// failed with a 500 no test declared on purpose (tests/support/log-errors.ts).
const logDir = process.env.E2E_LOG_DIR ?? `${dataDir}-logs`;
process.env.E2E_LOG_DIR = logDir;
fs.mkdirSync(logDir, { recursive: true });

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: ["./tests/support/routine-stock.ts", "./tests/support/full-catalogue.ts"],
  globalTeardown: "./tests/support/log-secrets.ts",
  fullyParallel: true,
  // Half the cores, as Playwright's default, but at least two: on the 2-core machines of CI and
  // of fresh-clone checks one worker left a core mostly idle (the suite took 26 min with two).
  workers: Math.max(2, Math.floor(os.availableParallelism() / 2)),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Timeouts catch a hang, never measure speed (benchmarks do: docs/benchmarks.md). A test that
  // walks a dozen pages takes 25 s on a CI machine running two workers and two servers on two
  // cores, so the limit leaves twice that.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // No trace by default: recording one for every test (DOM snapshots at each action, a screencast)
    // cost a quarter of the run's CPU on a 2-core machine, to keep the few of a failing run. To
    // debug a failure, run it again with `--trace retain-on-failure` (docs/testing.md).
    trace: "off",
    // One browser context per worker, reset between tests (cookies, storage, cache, routes, init
    // scripts, extra pages): a fresh context for every test cost a quarter of the suite's time
    // (docs/testing.md, "Where the time goes"). Everything a test sets up is on the server or in
    // cookies, both reset; a spec with other context options (javaScriptEnabled: false) still gets
    // a context of its own, and contexts a test opens itself are always new.
    reuseContext: true,
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } }, grepInvert: /@mobile/, testIgnore: ISOLATED },
    {
      name: "phone",
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      grep: /@mobile/,
      testIgnore: ISOLATED,
    },
    { name: "isolated", use: { baseURL: `http://127.0.0.1:${isolatedPort}`, viewport: { width: 1280, height: 800 } }, testMatch: ISOLATED },
  ],
  webServer: [
    {
      command: `node server.js > "${path.join(logDir, "main.log")}" 2>&1`,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production", SEED_DEMO: "1" },
    },
    {
      command: `node server.js > "${path.join(logDir, "isolated.log")}" 2>&1`,
      url: `http://127.0.0.1:${isolatedPort}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(isolatedPort), DATA_DIR: isolatedDataDir, NODE_ENV: "production", SEED_DEMO: "1" },
    },
  ],
});
