import { expect, test, type Page } from "@playwright/test";
import { DEMO, main, signIn, signInAdmin, signUp } from "../support/accounts";
import { registerVendorByPost } from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import { CATALOG, productPath } from "../support/catalog";
import { withCatalogueLock } from "../support/catalogue-lock";
import { waitForHydration } from "../support/hydration";
import { addProductByPost, setVendorApproval, tag, vendorIdOf } from "../support/products";
import { desktopOnly } from "../support/widths";

/**
 * The wishlist and its alerts (docs/product-rules.md, "Wishlist and alerts"): the heart on cards
 * and product pages, with and without JavaScript, the /wishlist page, Notify me, and the mail an
 * administrator's price cut sends. Product pages are shared: their heart is neutral in the HTML
 * and filled after loading. Each test uses a customer of its own, except the demo customer's
 * seeded wishlist, which is only read. Runs at 1280 px and 390 px (@mobile).
 */

const SSD = CATALOG.samsungSsd;
const SONY = CATALOG.sonyHeadphones;
const PASSPORT = CATALOG.wdPassport;

const heart = (page: Page, name: string) => main(page).getByRole("button", { name: `Add to wishlist: ${name}` });
/** The answer to the next post to /wishlist. */
const wishlistPost = (page: Page) => page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/wishlist"));
const wishlistItem = (page: Page, name: string) => main(page).getByRole("list", { name: "Wishlist items" }).getByRole("listitem").filter({ hasText: name });

/** Each flow runs at 1280 px (desktop project) and at 390 px (phone project, tagged @mobile). */
const WIDTHS = ["", " @mobile"] as const;


for (const width of WIDTHS) {
  test.describe(`wishlist with JavaScript${width}`, () => {
    test(`adds from a card and from the product page, lists them, toggles Notify me and removes${width}`, async ({ page }) => {
      await signUp(page, "wish");
      await page.goto("/products?category=Storage");
      await waitForHydration(page);
      await expect(heart(page, SSD.name)).toHaveAttribute("aria-pressed", "false");
      // The heart shows where its post is going at once: wait for the post itself before leaving the page.
      let saved = wishlistPost(page);
      await heart(page, SSD.name).click();
      await expect(heart(page, SSD.name)).toHaveAttribute("aria-pressed", "true");
      await saved;

      await page.goto(productPath(SONY));
      await waitForHydration(page);
      saved = wishlistPost(page);
      await heart(page, SONY.name).click();
      await expect(heart(page, SONY.name)).toHaveAttribute("aria-pressed", "true");
      await saved;
      // The page's HTML stays the neutral heart; the filled one comes from /visitor after loading.
      const html = await (await page.request.get(productPath(SONY))).text();
      expect(html).toContain('aria-pressed="false"');
      expect(html).not.toContain('aria-pressed="true"');
      const visitor = await page.request.get("/visitor");
      expect(visitor.headers()["cache-control"]).toContain("no-store");
      expect(await visitor.json()).toMatchObject({ user: { role: "customer" }, wishlist: { ids: expect.arrayContaining([SSD.id, SONY.id]) } });
      await page.reload();
      await waitForHydration(page);
      await expect(heart(page, SONY.name)).toHaveAttribute("aria-pressed", "true");

      await page.goto("/wishlist");
      await expect(page.getByRole("heading", { level: 1, name: "Your Wishlist" })).toBeVisible();
      await expect(wishlistItem(page, SSD.name)).toContainText(`Saved at ${SSD.priceText}`);
      await expect(wishlistItem(page, SONY.name)).toContainText("In Stock");
      await expect(wishlistItem(page, SONY.name).getByRole("button", { name: `Add to Cart: ${SONY.name}` })).toBeVisible();
      await expectNoAxeViolations(page, { where: "the wishlist page" });

      const notify = wishlistItem(page, SSD.name).getByRole("button", { name: `Notify me: ${SSD.name}` });
      await expect(notify).toHaveAttribute("aria-pressed", "true");
      await notify.click();
      await expect(main(page).getByRole("status").filter({ hasText: `No more mail about ${SSD.name}.` })).toBeVisible();
      await expect(wishlistItem(page, SSD.name).getByRole("button", { name: `Notify me: ${SSD.name}` })).toHaveAttribute("aria-pressed", "false");

      await wishlistItem(page, SONY.name).getByRole("button", { name: `Remove ${SONY.name} from your wishlist` }).click();
      await expect(main(page).getByRole("status").filter({ hasText: `${SONY.name} is off your wishlist.` })).toBeVisible();
      await expect(wishlistItem(page, SONY.name)).toHaveCount(0);
      await expect(wishlistItem(page, SSD.name)).toHaveCount(1);

      // The heart on the product page agrees, and takes it off again.
      await page.goto(productPath(SSD));
      await waitForHydration(page);
      await expect(heart(page, SSD.name)).toHaveAttribute("aria-pressed", "true");
      await heart(page, SSD.name).click();
      await expect(heart(page, SSD.name)).toHaveAttribute("aria-pressed", "false");
      await expectNoAxeViolations(page, { where: "a product page with its heart" });
    });

    desktopOnly(width)(`Notify me on an out-of-stock product, then listed as an alert${width}`, async ({ page }) => {
      await signUp(page, "wish");
      await page.goto(productPath(PASSPORT));
      await waitForHydration(page);
      await main(page).getByRole("button", { name: "Notify me", exact: true }).click();
      await expect(main(page).getByRole("status").filter({ hasText: `We will mail you when ${PASSPORT.name} is back in stock.` })).toBeVisible();
      await page.goto("/wishlist");
      const alerts = main(page).getByRole("list", { name: "Back-in-stock alerts" });
      await expect(alerts.getByRole("listitem").filter({ hasText: PASSPORT.name })).toContainText("Out of Stock");
      await alerts.getByRole("button", { name: `Stop alert for ${PASSPORT.name}` }).click();
      await expect(main(page).getByRole("list", { name: "Back-in-stock alerts" })).toHaveCount(0);
    });

    desktopOnly(width)(`signed out, the heart leads to sign in and back${width}`, async ({ page }) => {
      await page.goto(productPath(SONY));
      await waitForHydration(page);
      await heart(page, SONY.name).click();
      await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(productPath(SONY)).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
      await page.goto("/wishlist");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fwishlist$/);
    });

    desktopOnly(width)(`the demo customer has a wishlist, one item out of stock with Notify me on${width}`, async ({ page }) => {
      await signIn(page, DEMO.customer);
      await page.goto("/wishlist");
      for (const p of [SONY, SSD, PASSPORT]) await expect(wishlistItem(page, p.name)).toHaveCount(1);
      await expect(wishlistItem(page, PASSPORT.name)).toContainText("Out of Stock");
      await expect(wishlistItem(page, PASSPORT.name).getByRole("button", { name: `Notify me: ${PASSPORT.name}` })).toHaveAttribute("aria-pressed", "true");
      await expect(wishlistItem(page, PASSPORT.name).getByRole("button", { name: /^Add to Cart/ })).toHaveCount(0);
    });
  });

  test.describe(`wishlist without JavaScript${width}`, () => {
    test.use({ javaScriptEnabled: false });

    test(`adds from a card and from the product page, removes, and asks Notify me${width}`, async ({ page }) => {
      await signUp(page, "wishnojs");
      // A heart on a page every visitor shares goes on to the wishlist, which shows what it did.
      await page.goto("/products?category=Storage");
      await heart(page, SSD.name).click();
      await expect(page).toHaveURL(/\/wishlist$/);
      await expect(wishlistItem(page, SSD.name)).toHaveCount(1);
      await page.goto(productPath(SONY));
      await heart(page, SONY.name).click();
      await expect(page).toHaveURL(/\/wishlist$/);

      await expect(wishlistItem(page, SSD.name)).toContainText(`Saved at ${SSD.priceText}`);
      await expect(wishlistItem(page, SONY.name)).toContainText(`Saved at ${SONY.priceText}`);
      await wishlistItem(page, SSD.name).getByRole("button", { name: `Notify me: ${SSD.name}` }).click();
      await expect(wishlistItem(page, SSD.name).getByRole("button", { name: `Notify me: ${SSD.name}` })).toHaveAttribute("aria-pressed", "false");
      await wishlistItem(page, SONY.name).getByRole("button", { name: `Remove ${SONY.name} from your wishlist` }).click();
      await expect(page).toHaveURL(/\/wishlist$/);
      await expect(main(page).getByRole("status").filter({ hasText: `${SONY.name} is off your wishlist.` })).toBeVisible();
      await expect(wishlistItem(page, SONY.name)).toHaveCount(0);

      await page.goto(productPath(PASSPORT));
      await main(page).getByRole("button", { name: "Notify me", exact: true }).click();
      await expect(page).toHaveURL(/\/wishlist$/);
      await expect(main(page).getByRole("status").filter({ hasText: `We will mail you when ${PASSPORT.name} is back in stock or its price drops.` })).toBeVisible();
      await expect(main(page).getByRole("list", { name: "Back-in-stock alerts" }).getByRole("listitem").filter({ hasText: PASSPORT.name })).toHaveCount(1);
    });
  });

}

test.describe("price-drop alert", () => {
  test("an administrator's price cut of a wishlisted product puts the mail in Admin → Mail", async ({ page, browser, baseURL }) => {
    // A product of a test vendor of its own, in the shop only while it is wishlisted and cut, under the catalogue lock.
    const vendor = await registerVendorByPost(page.request);
    const vendorId = vendorIdOf(vendor.email);
    const name = `Wishtest ${tag()} Tower`;
    const admin = await browser.newContext({ baseURL });
    const adminPage = await admin.newPage();
    await signInAdmin(adminPage);
    const id = await addProductByPost(adminPage.request, "/admin/products", { name, price: "45000", stock: "5", category: "Desktop", vendorId });
    const customerContext = await browser.newContext({ baseURL });
    const customer = await customerContext.newPage();
    const shopper = await signUp(customer, "wishdrop");
    await withCatalogueLock(
      async () => {
        setVendorApproval(vendorId, "approved");
        try {
          await customer.goto(`/products/${id}`);
          await waitForHydration(customer);
          await heart(customer, name).click();
          await expect(heart(customer, name)).toHaveAttribute("aria-pressed", "true");

          await adminPage.goto(`/admin/products/${id}/edit`);
          await main(adminPage).getByLabel("Price (₹)").fill("39999");
          await main(adminPage).getByRole("button", { name: /^Save/ }).click();
          await expect(adminPage).toHaveURL(/\/admin\/products$/);

          // The worker runs the job in the background: the mail appears in the outbox.
          await expect(async () => {
            await adminPage.goto(`/admin/mail?q=${encodeURIComponent(shopper.email)}`);
            await expect(main(adminPage).getByText(`Price drop: ${name}`).filter({ visible: true }).first()).toBeVisible({ timeout: 500 });
          }).toPass({ timeout: 20_000 });
        } finally {
          setVendorApproval(vendorId, "pending");
        }
      },
      { timeoutMs: 60_000 },
    );
    await expectNoAxeViolations(adminPage, { where: "the admin's mail page" });
    await admin.close();
    await customerContext.close();
  });
});
