import { expect, test, type Page } from "@playwright/test";
import { DEMO, main, signIn, signInAdmin, signInVendor } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { waitForHydration } from "../support/hydration";

/**
 * Reviews after they are written (docs/product-rules.md, "Reviews" → "Moderation, answers and
 * reminders"), on the demo reviews (app/seed/demo-reviews.ts): a seller answers once, the admin
 * hides a reported review with a reason and the catalogue's stars follow, cards show stars, the
 * catalogue sorts and filters by rating without JavaScript, the profile's reminder checkbox.
 * Runs at 1280 px (desktop) and 390 px (phone, @mobile); the tests change different reviews.
 */

/** The stars of the card of `productName` on the catalogue page at `url` (their accessible label), or null without stars. */
async function cardStars(page: Page, url: string, productName: string): Promise<string | null> {
  await page.goto(url);
  const card = main(page).locator("article").filter({ has: page.getByRole("link", { name: productName, exact: true }) });
  await expect(card).toHaveCount(1);
  const stars = card.getByRole("img", { name: /out of 5 stars/ });
  return (await stars.count()) === 0 ? null : stars.getAttribute("aria-label");
}

async function answerFirstUnanswered(page: Page, vendor: { email: string; password: string }, js: boolean) {
  await signInVendor(page, vendor);
  await page.goto("/vendor/reviews");
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  if (js) await waitForHydration(page);
  // Unanswered first: the first item has the form.
  const first = main(page).getByRole("listitem").filter({ has: page.getByRole("button", { name: "Publish answer" }) }).first();
  const title = ((await first.getByRole("heading", { level: 2 }).textContent()) ?? "").trim();
  const item = main(page).getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });
  const field = item.getByLabel(`Your answer to “${title}”`);
  // Too short: refused beside the field.
  await field.fill("x");
  await item.getByRole("button", { name: "Publish answer" }).click();
  await expect(item.getByText("Write an answer of 2 to 2,000 characters.")).toBeVisible();
  const answer = `Thank you for the review <b>${js ? "js" : "plain"}</b>!`;
  await item.getByLabel(`Your answer to “${title}”`).fill(answer);
  await item.getByRole("button", { name: "Publish answer" }).click();
  await expect(main(page).getByRole("status").filter({ hasText: "is published beneath it" })).toBeVisible();
  // Shown as text, under "Your answer", and no longer a form.
  await expect(item.getByText(answer, { exact: true })).toBeVisible();
  await expect(item.getByRole("button", { name: "Publish answer" })).toHaveCount(0);
}

test.describe("review answers and moderation", () => {
  test("a seller answers a review of their product once", async ({ page }) => {
    await answerFirstUnanswered(page, DEMO.vendor1, true);
    await expectNoAxeViolations(page, { where: "vendor reviews" });
  });

  test("a seller answers without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await answerFirstUnanswered(page, DEMO.vendor2, false);
    await context.close();
  });

  test("the admin hides a reported review with a reason; its stars stop counting", async ({ page }) => {
    await signInAdmin(page);
    await page.goto("/admin/dashboard");
    await main(page).getByRole("link", { name: /^Reviews/ }).click();
    await expect(page).toHaveURL(/\/admin\/reviews$/);
    await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
    await main(page).getByRole("link", { name: "Reported" }).click();
    await expect(page).toHaveURL(/filter=reported/);
    const first = main(page).getByRole("listitem").filter({ has: page.getByRole("button", { name: "Hide review" }) }).first();
    await expect(first.getByText(/reports?$/).first()).toBeVisible();
    await expect(first.getByText("Spam or advertising", { exact: false }).first()).toBeVisible();
    const productLink = first.getByRole("link", { name: /^View product/ });
    const productName = ((await productLink.textContent()) ?? "").replace(/^View product\s*/, "").trim();
    const productHref = (await productLink.getAttribute("href")) ?? "";
    const reasonLabel = (await first.locator("label", { hasText: "Reason to hide" }).first().textContent()) ?? "";
    const title = /“(.+)”/.exec(reasonLabel)?.[1] ?? "";
    expect(title).not.toBe("");
    await expectNoAxeViolations(page, { where: "admin reviews" });

    const before = await cardStars(page, `/products?q=${encodeURIComponent(productName)}`, productName);
    expect(before).not.toBeNull();

    await page.goto("/admin/reviews?filter=reported");
    const form = main(page).locator("form").filter({ hasText: "Reason to hide" }).first();
    await form.getByLabel(/^Reason to hide/).fill("ab");
    await form.getByRole("button", { name: "Hide review" }).click();
    await expect(form.getByText("Write a reason of 3 to 500 characters.")).toBeVisible();
    await main(page).getByLabel(/^Reason to hide/).first().fill("Advertises another place to buy");
    await main(page).locator("form").filter({ hasText: "Reason to hide" }).first().getByRole("button", { name: "Hide review" }).click();
    await expect(main(page).getByRole("status").filter({ hasText: "The reviewer has been told why." })).toBeVisible();

    await page.goto("/admin/reviews?filter=hidden");
    await expect(main(page).getByText("Hidden because: Advertises another place to buy")).toBeVisible();
    await expect(main(page).getByText(/Hidden by administrator.*Advertises another place to buy/)).toBeVisible();

    // The product's card no longer counts it (its only review: no stars at all).
    const after = await cardStars(page, `/products?q=${encodeURIComponent(productName)}`, productName);
    expect(after).not.toBe(before);
    await page.goto(productHref);
    await expect(page.getByRole("heading", { level: 1, name: productName })).toBeVisible();
    // Nor does its page: the review is gone from the list (the page cache was emptied by the change).
    await expect(main(page).getByRole("heading", { name: "Customer reviews" })).toBeVisible();
    await expect(main(page).getByText(title, { exact: true })).toHaveCount(0);
  });

  test("cards show stars; the catalogue sorts by Customer Rating and filters 4★ & above without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/products");
    await main(page).getByLabel("Sort by").first().selectOption({ label: "Customer Rating" });
    await main(page).getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=rating(&|$)/);
    await main(page).getByRole("checkbox", { name: /4★ & above \(\d+\)/ }).first().check();
    await main(page).getByRole("button", { name: "Apply Filters" }).first().click();
    await expect(page).toHaveURL(/[?&]rating=4(&|$)/);
    await expect(page).toHaveURL(/[?&]sort=rating(&|$)/);
    await expect(main(page).getByRole("checkbox", { name: /4★ & above/ }).first()).toBeChecked();
    const stars = main(page).getByRole("img", { name: /out of 5 stars/ });
    await expect(stars.first()).toBeVisible();
    const labels = await stars.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
    const averages = labels.map((l) => Number(l.split(" ")[0]));
    expect(averages.length).toBeGreaterThan(0);
    expect(averages.every((a) => a >= 4)).toBe(true);
    expect([...averages].sort((a, b) => b - a)).toEqual(averages);
    await context.close();
  });

  test("the profile turns review reminders off and on, without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, DEMO.customer);
    await page.goto("/profile");
    const box = page.getByRole("checkbox", { name: "Email me a few days after delivery to review what I bought" });
    await expect(box).toBeChecked();
    await box.uncheck();
    await page.getByRole("button", { name: "Save mail choice" }).click();
    await expect(page.getByText("Your mail choice is saved.")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Email me a few days after delivery to review what I bought" })).not.toBeChecked();
    await page.getByRole("checkbox", { name: "Email me a few days after delivery to review what I bought" }).check();
    await page.getByRole("button", { name: "Save mail choice" }).click();
    await expect(page.getByRole("checkbox", { name: "Email me a few days after delivery to review what I bought" })).toBeChecked();
    await context.close();
  });

  test("the new pages on a phone @mobile", async ({ page, browser }) => {
    await signInVendor(page, DEMO.vendor3);
    await page.goto("/vendor/reviews");
    await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
    await expectNoAxeViolations(page, { where: "vendor reviews, phone" });
    const admin = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const adminPage = await admin.newPage();
    await signInAdmin(adminPage);
    await adminPage.goto("/admin/reviews");
    await expect(adminPage.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
    await expect(main(adminPage).getByRole("button", { name: /Hide review|Restore review/ }).first()).toBeVisible();
    await expectNoAxeViolations(adminPage, { where: "admin reviews, phone" });
    await admin.close();
    await page.goto("/products?sort=rating");
    await expect(main(page).getByRole("img", { name: /out of 5 stars/ }).first()).toBeVisible();
    await expectNoAxeViolations(page, { where: "catalogue sorted by rating, phone" });
  });
});
