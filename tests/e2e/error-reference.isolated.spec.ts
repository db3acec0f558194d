import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "@playwright/test";
import { waitForHydration } from "../support/hydration";
import { expectServerError } from "../support/log-errors";

// Runs on the isolated server (its own database and log): the test makes the database fail for a
// moment, which the payment-settings tests sharing that server never read (the search words).

function isolatedDatabase(): DatabaseSync {
  const dir = process.env.E2E_ISOLATED_DATA_DIR;
  if (!dir) throw new Error("E2E_ISOLATED_DATA_DIR is not set: run browser tests through playwright.config.ts");
  const db = new DatabaseSync(path.join(dir, "shop.db"));
  db.exec("PRAGMA busy_timeout = 5000");
  return db;
}

function isolatedLog(): string {
  const dir = process.env.E2E_LOG_DIR;
  if (!dir) throw new Error("E2E_LOG_DIR is not set: run browser tests through playwright.config.ts");
  return fs.readFileSync(path.join(dir, "isolated.log"), "utf8");
}

test("a server error shows a reference that is the response's X-Request-Id and finds the logged stack", async ({ page }) => {
  const db = isolatedDatabase();
  db.exec("ALTER TABLE search_documents RENAME TO search_documents_away");
  let requestId = "";
  try {
    const response = await page.goto("/products?q=laptop");
    expect(response?.status()).toBe(500);
    requestId = response!.headers()["x-request-id"]!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expectServerError(requestId, "the search table was renamed away to make this page fail");
  } finally {
    db.exec("ALTER TABLE search_documents_away RENAME TO search_documents");
    db.close();
  }
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(page.getByText(`Reference: ${requestId}`)).toBeVisible();
  await expect(page.getByText(/no such table|at \w+ \(|\.js:\d+/)).toHaveCount(0);

  // The log has the error once, with its stack and this request id, and the request's own line.
  await expect.poll(() => isolatedLog().includes(`"requestId":"${requestId}"`)).toBe(true);
  const lines = isolatedLog()
    .split("\n")
    .filter((l) => l.includes(requestId))
    .map((l) => JSON.parse(l) as { level: number; msg: string; status?: number; path?: string; err?: { stack?: string } });
  const errors = lines.filter((l) => l.level >= 50);
  expect(errors).toHaveLength(1);
  expect(errors[0]!.err?.stack).toContain("no such table: search_documents");
  expect(lines.find((l) => l.msg === "request")).toMatchObject({ status: 500, path: "/products" });
});

test("a 404 page shows no reference", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText(/Reference:/)).toHaveCount(0);
});
