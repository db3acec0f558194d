import { expect, test } from "@playwright/test";
import { PAGE_SIZE } from "~/modules/catalog/search";
import { measurePage, PUBLIC_PAGES } from "../support/page-budget";

/**
 * Every public page within its budget (tests/support/page-budget.ts, issue 34): elements once
 * loaded, HTML bytes and first-load JavaScript bytes, each a count that holds on any machine. On the
 * isolated server, whose catalogue is longer than a page (tests/support/full-catalogue.ts), so the
 * catalogue is weighed with a whole page of cards.
 */

test("the catalogue is weighed with a whole page of cards", async ({ page }) => {
  await page.goto("/products");
  await expect(page.getByRole("region", { name: "Products" }).getByRole("article")).toHaveCount(PAGE_SIZE);
});

for (const { name, path, budget } of PUBLIC_PAGES) {
  test(`${name} keeps to its budget`, async ({ page, baseURL }) => {
    const weight = await measurePage(page, baseURL!, path);
    expect(weight.elements, `${path}: elements once loaded`).toBeLessThanOrEqual(budget.elements);
    expect(weight.htmlBytes, `${path}: HTML bytes`).toBeLessThanOrEqual(budget.htmlBytes);
    expect(weight.firstLoadJsBytes, `${path}: first-load JavaScript bytes`).toBeLessThanOrEqual(budget.firstLoadJsBytes);
  });
}
