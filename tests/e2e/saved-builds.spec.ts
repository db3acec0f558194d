import { expect, test, type Page } from "@playwright/test";
import { main, signUp } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { gotoHydrated } from "../support/hydration";
import { AM5_PARTS as parts, saveBuildByPost } from "../support/saved-builds";
import { desktopOnly } from "../support/widths";
import { builderHref } from "~/modules/builds/selection";
import { priceWithGst } from "~/modules/gst/gst";
import { formatMoney } from "~/modules/money/money";

/**
 * Saved PC builds (docs/product-rules.md, "PC builds"): a build saved by the builder's post has an
 * address anyone can open, with its prices then and now, Copy and edit, Add build to cart and a
 * printable quote; the customer who saved it finds it in their account and may delete it. The
 * build is the demo's compatible AM5 PC (app/seed/demo-pc-parts.ts, DEMO_BUILDS.am5). Runs at
 * 1280 px and 390 px (@mobile), with and without JavaScript.
 */

const WIDTHS = ["", " @mobile"] as const;

const partIds = () => parts.map((p) => p.id);
/** The build's total with GST, each part's price with its GST (whole rupees: no rounding between them). */
const totalWithGst = () => formatMoney(parts.reduce((sum, p) => sum + priceWithGst(p.pricePaise), 0));
const partsList = (page: Page) => main(page).getByRole("list", { name: "Parts of this build" });

async function expectSavedBuildPage(page: Page, name: string): Promise<void> {
  await expect(main(page).getByRole("heading", { level: 1, name })).toBeVisible();
  for (const p of parts) {
    const row = partsList(page).getByRole("listitem").filter({ hasText: p.name });
    await expect(row).toContainText(`When saved${formatMoney(p.pricePaise)}`);
    await expect(row).toContainText(`Today${formatMoney(p.pricePaise)}`);
  }
  await expect(main(page).getByText("Total with GST today", { exact: true })).toBeVisible();
  await expect(main(page).getByRole("heading", { name: "Compatibility today" })).toBeVisible();
  await expect(main(page).getByRole("link", { name: "Copy and edit" })).toHaveAttribute("href", builderHref(partIds()));
  await expect(main(page).getByRole("button", { name: "Add build to cart" })).toBeVisible();
}

for (const width of WIDTHS) {
  test.describe(`saved builds with JavaScript${width}`, () => {
    test(`a saved build opens for anyone at its address, and its owner finds it in their account${width}`, async ({ page, browser }) => {
      await signUp(page, "builds");
      const name = `Desk PC ${Date.now()}`;
      const address = await saveBuildByPost(page.request, partIds(), name);

      // Someone else, in a browser of their own, signed out.
      const stranger = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
      try {
        const other = await stranger.newPage();
        const response = await gotoHydrated(other, address);
        expect(response?.headers()["cache-control"]).toContain("public");
        await expectSavedBuildPage(other, name);
        await expectNoAxeViolations(other, { where: "a saved build" });

        // The quote: each part by its seller, the total as the build's.
        await other.getByRole("link", { name: "Printable quote" }).click();
        await expect(other).toHaveURL(`${address}/quote`);
        await expect(main(other).getByRole("heading", { level: 1, name: "Quote" })).toBeVisible();
        for (const p of parts) await expect(main(other).getByRole("region", { name: `Sold by ${p.seller}` })).toContainText(p.name);
        await expect(main(other).getByRole("region", { name: "Quote total" })).toContainText(`Total${totalWithGst()}`);
        await expectNoAxeViolations(other, { where: "a saved build's quote" });
      } finally {
        await stranger.close();
      }

      // The owner: the profile leads to the saved builds, which lead back to it.
      await gotoHydrated(page, "/profile");
      await main(page).getByRole("link", { name: "Your saved builds" }).click();
      await expect(page).toHaveURL(/\/builds$/);
      const card = main(page).getByRole("list", { name: "Saved builds" }).getByRole("listitem").filter({ hasText: name }).first();
      await expect(card).toContainText(totalWithGst());
      for (const p of parts) await expect(card).toContainText(p.name);
      await expectNoAxeViolations(page, { where: "the saved builds" });
      await card.getByRole("link", { name: `Open ${name}` }).click();
      await expect(page).toHaveURL(address);
      await expectSavedBuildPage(page, name);
    });

    desktopOnly(width)(`the quote of a build in progress, and an address that names no build${width}`, async ({ page }) => {
      await gotoHydrated(page, `/build/quote?${partIds().map((id) => `part=${id}`).join("&")}`);
      await expect(main(page).getByRole("region", { name: "Quote total" })).toContainText(`Total${totalWithGst()}`);
      await expect(main(page).getByRole("link", { name: "Back to the builder" })).toHaveAttribute("href", builderHref(partIds()));
      await expectNoAxeViolations(page, { where: "a build's quote" });

      const missing = await page.goto("/builds/no-such-build");
      expect(missing?.status()).toBe(404);
      await expect(main(page).getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    });

    desktopOnly(width)(`only the owner deletes a saved build${width}`, async ({ page, browser }) => {
      const name = `Spare PC ${Date.now()}`;
      await signUp(page, "builds-del");
      const address = await saveBuildByPost(page.request, partIds(), name);

      // Another customer's post to delete it is refused, and the build stays.
      const stranger = await browser.newContext();
      try {
        const other = await stranger.newPage();
        await signUp(other, "builds-other");
        const refused = await other.request.post(`${address}/delete`, { form: { delete: "1" }, maxRedirects: 0 });
        expect(refused.status()).toBe(404);
      } finally {
        await stranger.close();
      }
      expect((await page.request.get(address)).status()).toBe(200);

      await gotoHydrated(page, "/builds");
      await main(page).getByRole("button", { name: `Delete ${name}` }).click();
      await expect(main(page).getByText(`Deleted “${name}”.`)).toBeVisible();
      await expect(main(page).getByRole("link", { name: `Open ${name}` })).toHaveCount(0);
      expect((await page.request.get(address)).status()).toBe(404);
    });
  });

  test.describe(`saved builds without JavaScript${width}`, () => {
    test.use({ javaScriptEnabled: false });

    test(`opens a saved build and its quote, lists and deletes it${width}`, async ({ page }) => {
      await signUp(page, "builds-nojs");
      const name = `Office PC ${Date.now()}`;
      const address = await saveBuildByPost(page.request, partIds(), name);
      await page.goto(address);
      await expectSavedBuildPage(page, name);
      await main(page).getByRole("link", { name: "Printable quote" }).click();
      await expect(main(page).getByRole("region", { name: "Quote total" })).toContainText(`Total${totalWithGst()}`);

      await page.goto("/builds");
      await main(page).getByRole("button", { name: `Delete ${name}` }).click();
      await expect(page).toHaveURL(/\/builds$/);
      await expect(main(page).getByText(`Deleted “${name}”.`)).toBeVisible();
      await expect(main(page).getByRole("link", { name: `Open ${name}` })).toHaveCount(0);
    });

    desktopOnly(width)(`a refused save shows its message beside the name and keeps the parts${width}`, async ({ page }) => {
      const response = await page.request.post("/builds", {
        data: `${partIds().map((id) => `part=${id}`).join("&")}&name=${"x".repeat(81)}`,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(response.status()).toBe(400);
      // The refusal is a page of its own: shown as the browser would, without scripts.
      await page.setContent(await response.text());
      const field = page.getByRole("textbox", { name: /Build name/ });
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("Keep the build's name to 80 characters.")).toBeVisible();
      await expect(page.locator(`input[type=hidden][name=part]`)).toHaveCount(parts.length);
    });
  });
}
