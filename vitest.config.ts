import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "sandbox/**/*.test.ts", "tests/support/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/house/**/*.test.ts"],
    environment: "node",
    // A worker a core (Vitest's default leaves one core to itself): the integration tests wait on
    // PostgreSQL and SQLite files much of the time. On 2 cores: 126 s instead of 227 s (2026-11-27).
    maxWorkers: os.availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
