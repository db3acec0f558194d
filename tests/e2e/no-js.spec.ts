import { expect, test, type Page } from "@playwright/test";
import { CATALOG, formatRupees, productPath } from "../support/catalog";
import { contactMessagesWithText } from "../support/db";
import { cardPrices, catalogueResults, expectCatalogueQuery } from "../support/shop";

// The shop's forms are plain HTML forms first: everything here runs with JavaScript turned off.
test.use({ javaScriptEnabled: false });

function quantityOf(page: Page, name: string) {
  return page.getByLabel(`Quantity of ${name}`, { exact: true });
}

test.describe("without JavaScript", () => {
  // The catalogue and product pages are the same for everyone and never show a visitor's cart
  // (docs/decisions/027-one-page-for-everyone.md): Add to Cart goes on to the cart, which does.
  test("Add to Cart on the product page posts and goes on to the cart, counted in the badge", async ({ page }) => {
    const p = CATALOG.g213Keyboard;
    await page.goto(productPath(p));
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
    await page.getByLabel("Quantity", { exact: true }).fill("3");
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(page).toHaveURL("/cart");
    await expect(quantityOf(page, p.name)).toHaveText("3");
    await expect(page.getByTestId("cart-badge")).toHaveText("3");
    await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 3 items" })).toBeVisible();

    // Again: quantities add up.
    await page.goto(productPath(p));
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(page).toHaveURL("/cart");
    await expect(page.getByTestId("cart-badge")).toHaveText("4");
  });

  test("Add to Cart never adds more than the stock", async ({ page }) => {
    const p = CATALOG.macbookAir; // stock 3
    await page.goto(productPath(p));
    const quantity = page.getByLabel("Quantity", { exact: true });
    await expect(quantity).toHaveAttribute("min", "1");
    await expect(quantity).toHaveAttribute("max", "3");

    // The browser itself refuses a quantity above the stock...
    await quantity.fill("50");
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    expect(await quantity.evaluate((el) => (el as HTMLInputElement).validity.rangeOverflow)).toBe(true);
    await expect(page).toHaveURL(productPath(p));

    // ...and the shop caps what it is sent: 3, then 1 more, still makes 3.
    await quantity.fill("3");
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(page).toHaveURL("/cart");
    await expect(page.getByTestId("cart-badge")).toHaveText("3");
    await page.goto(productPath(p));
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(page).toHaveURL("/cart");
    await expect(page.getByTestId("cart-badge")).toHaveText("3");
  });

  test("a catalogue card's Add to Cart goes on to the cart", async ({ page }) => {
    await page.goto("/products?category=Monitor&sort=name-asc");
    await page.getByRole("button", { name: `Add to Cart: ${CATALOG.lgMonitor.name}` }).click();
    await expect(page).toHaveURL("/cart");
    await expect(quantityOf(page, CATALOG.lgMonitor.name)).toHaveText("1");
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
  });

  test("the cart's +, −, remove and Clear Cart work", async ({ page }) => {
    const mouse = CATALOG.mxMaster;
    const ssd = CATALOG.samsungSsd;
    await page.goto(productPath(mouse));
    await page.getByLabel("Quantity", { exact: true }).fill("2");
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    await page.goto(productPath(ssd));
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("3");

    await page.goto("/cart");
    await expect(quantityOf(page, mouse.name)).toHaveText("2");
    await expect(page.getByTestId("cart-total-price")).toHaveText(formatRupees(2 * mouse.price + ssd.price));

    await page.getByRole("button", { name: `Increase quantity of ${mouse.name}`, exact: true }).click();
    await expect(page).toHaveURL("/cart");
    await expect(quantityOf(page, mouse.name)).toHaveText("3");
    await expect(page.getByTestId("cart-total-items")).toHaveText("4");
    await expect(page.getByTestId("cart-badge")).toHaveText("4");

    await page.getByRole("button", { name: `Decrease quantity of ${mouse.name}`, exact: true }).click();
    await expect(page).toHaveURL("/cart");
    await expect(quantityOf(page, mouse.name)).toHaveText("2");
    await expect(page.getByTestId("cart-total-price")).toHaveText(formatRupees(2 * mouse.price + ssd.price));

    await page.getByRole("button", { name: `Remove ${ssd.name} from cart`, exact: true }).click();
    await expect(page).toHaveURL("/cart");
    await expect(page.getByRole("link", { name: ssd.name, exact: true })).toHaveCount(0);
    await expect(page.getByTestId("cart-total-items")).toHaveText("2");

    await page.getByRole("button", { name: "Clear Cart" }).click();
    await expect(page).toHaveURL("/cart");
    await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  });

  test("the contact form sends and shows the thank-you", async ({ page }, testInfo) => {
    const text = `No-JS message ${testInfo.testId} ${Date.now()}`;
    await page.goto("/contact");
    await page.getByLabel("Your Name").fill("Meera Iyer");
    await page.getByLabel("Email Address").fill("meera@example.in");
    await page.getByLabel("Subject").selectOption("Technical Support");
    await page.getByLabel("Message", { exact: true }).fill(text);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL("/contact?sent=1");
    await expect(page.getByText("Thank you for your message! We'll get back to you soon.")).toBeVisible();
    await expect(page.getByLabel("Your Name")).toHaveValue("");
    expect(contactMessagesWithText(text)).toHaveLength(1);
    expect(contactMessagesWithText(text)[0]).toMatchObject({ name: "Meera Iyer", email: "meera@example.in", subject: "Technical Support" });
  });

  test("the contact form shows its validation messages", async ({ page }, testInfo) => {
    const text = `No-JS invalid ${testInfo.testId} ${Date.now()}`;
    await page.goto("/contact");
    await page.getByLabel("Your Name").fill("Meera Iyer");
    await page.getByLabel("Email Address").fill("not-an-email");
    await page.getByLabel("Message", { exact: true }).fill(text);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Please choose a subject")).toBeVisible();
    await expect(page.getByText("Thank you for your message!")).toHaveCount(0);
    // What was typed is kept.
    await expect(page.getByLabel("Your Name")).toHaveValue("Meera Iyer");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(text);
    expect(contactMessagesWithText(text)).toEqual([]);
  });

  test("search, category and sort work as plain links and forms", async ({ page }) => {
    await page.goto("/products");
    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Laptop", exact: true }).click();
    await expectCatalogueQuery(page, { category: "Laptop" });
    await expect(page.getByText("5 products", { exact: true })).toBeVisible();

    await page.getByLabel("Search products").fill("ryzen");
    await page.getByRole("search").getByLabel("Sort by").selectOption("price-desc");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expectCatalogueQuery(page, { category: "Laptop", q: "ryzen", sort: "price-desc" });
    // The address changes as the new page starts to arrive; its results follow.
    await expect(page.getByText("3 products", { exact: true })).toBeVisible();
    await expect.poll(() => cardPrices(catalogueResults(page))).toEqual([CATALOG.asusTuf.price, CATALOG.lenovoIdeapad.price, CATALOG.hpVictus.price]);

    await page.getByRole("link", { name: "Search: ryzen, remove filter" }).click();
    await expectCatalogueQuery(page, { category: "Laptop", sort: "price-desc" });
  });

  test("the product page shows both description and specifications", async ({ page }) => {
    await page.goto(productPath(CATALOG.gamingPc));
    await expect(page.getByText("Our own assembled gaming tower")).toBeVisible();
    await expect(page.getByText("Graphics", { exact: true })).toBeVisible();
    await expect(page.getByText("32 GB", { exact: true })).toBeVisible();
  });

  test("the phone menu opens @mobile", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    const nav = page.getByRole("navigation", { name: "Mobile" });
    await expect(nav).toBeVisible();
    // A page every visitor shares cannot know who is visiting: its menu reaches the account and
    // orders (asking to sign in first when signed out) beside the ways in.
    for (const name of ["Home", "Products", "Services", "Account", "Orders", "Login", "Register", "Vendor Login"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
  });

  test("the phone filter panel opens and applies @mobile", async ({ page }) => {
    await page.goto("/products");
    await page.getByRole("link", { name: "Filters" }).click();
    const dialog = page.getByRole("dialog", { name: "Filters" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("radio", { name: "Audio" }).check();
    await dialog.getByRole("button", { name: "Apply Filters" }).click();
    await expectCatalogueQuery(page, { category: "Audio" });
    await expect(page.getByRole("heading", { level: 1, name: "Audio" })).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});
