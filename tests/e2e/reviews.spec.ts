import { expect, test, type Page } from "@playwright/test";
import { DEMO, main, signIn, createCustomer } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { CATALOG, type DemoItem } from "../support/catalog";
import { registerShopper } from "../support/checkout";
import { waitForHydration } from "../support/hydration";
import { said } from "../support/page-change";
import { deliverOrder, insertReviews } from "../support/reviews";
import { orderFor } from "../support/e2e-store";

/**
 * Reviews (docs/product-rules.md, "Reviews"): the demo customer reviews a delivered item, with and
 * without JavaScript, and finds it on the product page with Verified Purchase; the list sorts,
 * filters and pages by links; Helpful and Report; a review's text can't break out of the page's
 * JSON-LD; refusals say why.
 */

/** A 1×1 PNG: a photo the shop accepts by its bytes. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const HOSTILE = "</script><script>alert(1)</script>";

const productUrl = (p: DemoItem) => `/products/${p.id}`;
const reviewsSection = (page: Page) => page.getByRole("region", { name: "Customer reviews" });
const reviewCard = (page: Page, title: string) => reviewsSection(page).getByRole("article", { name: title, exact: true });

async function writeReview(page: Page, { stars, title, body, photo = false }: { stars: number; title: string; body: string; photo?: boolean }) {
  const form = main(page);
  await form.getByLabel(stars === 1 ? "1 star" : `${stars} stars`).check();
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Your review").fill(body);
  if (photo) await form.getByLabel("Photos").setInputFiles({ name: "mouse.png", mimeType: "image/png", buffer: PNG });
  await form.getByRole("button", { name: /^(Submit|Save) review$/ }).click();
}

test.describe("reviews", () => {
  test("the demo customer reviews a delivered mouse with a photo, sees it with Verified Purchase, and edits it", async ({ page }) => {
    await signIn(page, DEMO.customer);
    await page.goto(productUrl(CATALOG.mxMaster));
    await waitForHydration(page);
    await reviewsSection(page).getByRole("link", { name: "Write a review" }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${CATALOG.mxMaster.id}/review$`));
    await expect(page.getByRole("heading", { level: 1, name: /^(Write|Edit) (a|your) review$/ })).toBeVisible();
    await expectNoAxeViolations(page, { where: "the review form" });

    // Too short a title: refused beside the field, what was typed kept.
    await writeReview(page, { stars: 4, title: "ok", body: "Comfortable and precise, the battery lasts for weeks." });
    await expect(main(page).getByText("Write a title of 3 to 100 characters.")).toBeVisible();
    await expect(main(page).getByLabel("Your review")).toHaveValue("Comfortable and precise, the battery lasts for weeks.");
    await expect(main(page).getByLabel("4 stars")).toBeChecked();

    const title = `Great for long days ${Date.now().toString(36)}`;
    await writeReview(page, { stars: 4, title, body: "Comfortable and precise, the battery lasts for weeks. See https://example.com", photo: true });
    await expect(page).toHaveURL(new RegExp(`/products/${CATALOG.mxMaster.id}\\?reviews=newest#reviews$`));
    const card = reviewCard(page, title);
    await expect(card).toContainText("Priya S.");
    await expect(card).toContainText("Verified Purchase");
    await expect(card.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
    await expect(card.getByRole("img", { name: "Photo 1 from Priya S." })).toBeVisible();
    // A link in a review is text, not a link.
    await expect(card.getByText(/See https:\/\/example\.com/)).toBeVisible();
    await expect(card.getByRole("link", { name: "https://example.com" })).toHaveCount(0);
    await expectNoAxeViolations(page, { where: "the product page with reviews" });

    // Writing again edits the one review, prefilled.
    await page.goto(`${productUrl(CATALOG.mxMaster)}/review`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit your review" })).toBeVisible();
    await expect(main(page).getByLabel("Title")).toHaveValue(title);
    await expect(main(page).getByLabel("4 stars")).toBeChecked();
    // The photo is shown with a box to remove it.
    const photos = main(page).getByRole("group", { name: "Your photos" });
    await expect(photos.getByRole("img", { name: "Your photo 1" })).toBeVisible();
    await expect(main(page).getByLabel(/^Photos/)).toHaveAccessibleDescription("Up to 4 photos (JPEG, PNG or WebP, up to 2 MB each) in all, with those above you keep.");
    await photos.getByRole("checkbox", { name: "Remove photo 1" }).check();
    await writeReview(page, { stars: 5, title: `${title} (updated)`, body: "Even better after a month of use." });
    const updated = reviewCard(page, `${title} (updated)`);
    await expect(updated).toContainText("Even better after a month of use.");
    await expect(updated.getByRole("img", { name: "Photo 1 from Priya S." })).toHaveCount(0);
    await expect(reviewCard(page, title)).toHaveCount(0);
  });

  test("says plainly why a review is refused", async ({ page }) => {
    // Signed out: asked to sign in first, and brought back.
    await page.goto(productUrl(CATALOG.benqMonitor));
    await reviewsSection(page).getByRole("link", { name: "Write a review" }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(`/products/${CATALOG.benqMonitor.id}/review`)}$`));
    await signIn(page, DEMO.customer, { url: page.url() });
    // The demo customer's monitor is on its way, not delivered.
    await expect(page).toHaveURL(new RegExp(`/products/${CATALOG.benqMonitor.id}/review$`));
    await expect(main(page).getByText("You can review this product once an order of it has been delivered to you.")).toBeVisible();
    const response = await page.goto(`${productUrl(CATALOG.benqMonitor)}/review`);
    expect(response?.status()).toBe(403);
    await expect(main(page).getByRole("button", { name: "Submit review" })).toHaveCount(0);
  });

  test("sorts, filters by stars and pages the list with plain links", async ({ page }) => {
    const product = CATALOG.dellInspiron;
    // 12 reviews: 5, 4, 3, 5, 4, 3, … the newest last.
    const { titles } = insertReviews(product.id, [5, 4, 3, 5, 4, 3, 5, 4, 3, 5, 4, 3]);
    await page.goto(productUrl(product));
    const section = reviewsSection(page);
    await expect(section).toContainText("4.0 out of 5");
    await expect(section).toContainText("12 customer ratings");
    await expect(section.getByRole("img", { name: "4.0 out of 5 stars, 12 ratings" })).toBeVisible();
    await expect(section.getByRole("row", { name: /5 stars/ })).toContainText("33%");
    await expect(section.getByRole("row", { name: /1 star/ })).toContainText("0%");
    await expect(section.getByRole("article")).toHaveCount(10);

    await section.getByRole("navigation", { name: "Sort reviews" }).getByRole("link", { name: "Newest" }).click();
    await expect(page).toHaveURL(/\?reviews=newest#reviews$/);
    await expect(section.getByRole("article").first()).toHaveAccessibleName(titles[11]!);
    await section.getByRole("navigation", { name: "Review pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\?reviews=newest&rpage=2#reviews$/);
    await expect(section.getByRole("article")).toHaveCount(2);
    await expect(section.getByRole("article").first()).toHaveAccessibleName(titles[1]!);

    // A histogram bar shows only those stars, keeping the sort.
    await section.getByRole("link", { name: "3 stars: 4 reviews" }).click();
    await expect(page).toHaveURL(/\?reviews=newest&stars=3#reviews$/);
    await expect(section.getByRole("article")).toHaveCount(4);
    for (const a of await section.getByRole("article").all()) await expect(a.getByRole("img", { name: "3 out of 5 stars" })).toBeVisible();
    await expect(section.getByRole("navigation", { name: "Review pages" })).toHaveCount(0);
    await section.getByRole("link", { name: "All stars" }).click();
    await expect(page).toHaveURL(/\?reviews=newest#reviews$/);
    await expectNoAxeViolations(page, { where: "the review list" });
  });

  test("votes a review helpful once and reports it once, without leaving the page", async ({ page }) => {
    test.slow(); // a sign-up, four votes, a reload and two reports, with axe twice
    const { titles } = insertReviews(CATALOG.hpVictus.id, [4]);
    await page.goto(productUrl(CATALOG.hpVictus));
    await waitForHydration(page);
    const card = reviewCard(page, titles[0]!);
    await expect(card).toContainText("0 people found this helpful");
    // Signed out, nothing is known of a vote: a plain button.
    await expect(card.getByRole("button", { name: "Helpful" })).not.toHaveAttribute("aria-pressed");
    // Signed out: sent to sign in, to come back to the review.
    await card.getByRole("button", { name: "Helpful" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    const back = new URL(page.url()).searchParams.get("redirectTo") ?? "";
    expect(back).toMatch(new RegExp(`^/products/${CATALOG.hpVictus.id}#review-`));
    // (Registering signs the new customer in on this page's cookies.)
    await createCustomer(page.request, "voter");
    await page.goto(back);
    await waitForHydration(page);

    const helpful = card.getByRole("button", { name: "Helpful" });
    await expect(helpful).toHaveAttribute("aria-pressed", "false");
    await helpful.click();
    // Said through the page's live region (components/ui/PageChange.tsx), shown beside the button.
    await said(page).toBe("Thank you: your vote counts.");
    await expect(card.getByText("Thank you: your vote counts.")).toBeVisible();
    await expect(card).toContainText("1 person found this helpful");
    await expect(helpful).toHaveAttribute("aria-pressed", "true");
    // Coming back, the button shows the vote, read after the page has loaded: its HTML stays the
    // same for everyone, and the vote comes from a private answer.
    const html = await (await page.request.get(productUrl(CATALOG.hpVictus))).text();
    expect(html).not.toContain('aria-pressed="true"');
    const visitor = await page.request.get(`/visitor?product=${CATALOG.hpVictus.id}`);
    expect(visitor.headers()["cache-control"]).toContain("no-store");
    expect((await visitor.json()).helpful).toHaveLength(1);
    await page.reload();
    await waitForHydration(page);
    await expect(helpful).toHaveAttribute("aria-pressed", "true");
    await expectNoAxeViolations(page, { where: "a review voted helpful" });
    // Voting again takes it back.
    await helpful.click();
    await said(page).toBe("Your vote was taken back.");
    await expect(card).toContainText("0 people found this helpful");
    await expect(helpful).toHaveAttribute("aria-pressed", "false");

    await card.getByText("Report", { exact: true }).click();
    await card.getByLabel("Spam or advertising").check();
    await card.getByRole("button", { name: "Send report" }).click();
    await expect(card.getByRole("status").filter({ hasText: "Thank you: the review was reported" })).toBeVisible();
    await expectNoAxeViolations(page, { where: "a reported review" });
    await card.getByRole("button", { name: "Send report" }).click();
    await expect(card.getByRole("alert")).toHaveText("You have already reported this review.");
  });

  test("a review's </script> stays text: the JSON-LD holds it and nothing runs", async ({ page, browser }) => {
    test.slow();
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const shopper = await registerShopper(page);
    const number = await orderFor(shopper.email, [{ productId: CATALOG.sonyHeadphones.id, quantity: 1 }]);
    deliverOrder(number);
    await page.goto(`${productUrl(CATALOG.sonyHeadphones)}/review`);
    await writeReview(page, { stars: 2, title: `Hmm ${HOSTILE}`, body: `Text with ${HOSTILE} inside it.` });
    await expect(reviewCard(page, `Hmm ${HOSTILE}`)).toContainText(`Text with ${HOSTILE} inside it.`);

    // As a visitor sees the shared page.
    const visitor = await browser.newPage();
    visitor.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await visitor.goto(productUrl(CATALOG.sonyHeadphones));
    await expect(visitor.getByText(`Text with ${HOSTILE} inside it.`)).toBeVisible();
    const ld = visitor.locator('script[type="application/ld+json"]');
    await expect(ld).toHaveCount(1);
    const json = JSON.parse((await ld.textContent()) ?? "{}") as { aggregateRating?: { reviewCount: number }; review?: { name: string }[] };
    expect(json.aggregateRating?.reviewCount).toBeGreaterThan(0);
    expect(json.review?.length).toBeGreaterThan(0);
    expect(json.review?.length).toBeLessThanOrEqual(5);
    // The same script elements as a product page with no reviews at all, none of them the review's.
    const scripts = await visitor.locator("script").evaluateAll((els) => els.map((e) => `${e.getAttribute("type") ?? ""}:${e.textContent?.startsWith("alert") ? "alert" : ""}`));
    expect(scripts.filter((s) => s.endsWith("alert"))).toEqual([]);
    const plain = await browser.newPage();
    await plain.goto(productUrl(CATALOG.hpAllInOne));
    expect(await plain.locator("script").count()).toBe(scripts.length);
    await expect(plain.locator('script[type="application/ld+json"]')).toHaveCount(1);
    expect(dialogs).toEqual([]);
    await visitor.close();
    await plain.close();
  });

  test("@mobile the reviews and the review form read at phone width", async ({ page }) => {
    await page.goto(productUrl(CATALOG.samsungSsd));
    const section = reviewsSection(page);
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole("article").first()).toContainText("Verified Purchase");
    await expect(section.getByText("Response from the seller").first()).toBeVisible();
    await expectNoAxeViolations(page, { where: "the reviews at phone width" });
    await signIn(page, DEMO.customer);
    await page.goto(`${productUrl(CATALOG.zotacGpu)}/review`);
    await expect(page.getByRole("heading", { level: 1, name: /^(Write|Edit) (a|your) review$/ })).toBeVisible();
    await expectNoAxeViolations(page, { where: "the review form at phone width" });
  });
});

test.describe("reviews without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the demo customer reviews a delivered keyboard and votes another review helpful", async ({ page }) => {
    await signIn(page, DEMO.customer);
    await page.goto(`${productUrl(CATALOG.g213Keyboard)}/review`);
    const title = `Crisp keys, no JavaScript ${Date.now().toString(36)}`;
    await writeReview(page, { stars: 5, title, body: "Bright lighting, quiet keys and a sturdy wrist rest." });
    await expect(page).toHaveURL(new RegExp(`/products/${CATALOG.g213Keyboard.id}\\?reviews=newest#reviews$`));
    const card = reviewCard(page, title);
    await expect(card).toContainText("Verified Purchase");
    await expect(card).toContainText("Priya S.");

    // One's own review takes no vote: said on a page of its own, with the way back.
    await card.getByRole("button", { name: "Helpful" }).click();
    await expect(main(page).getByRole("alert")).toHaveText("You can't vote for or report your own review.");
    await main(page).getByRole("link", { name: "← Back to the product" }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${CATALOG.g213Keyboard.id}`));

    const { titles } = insertReviews(CATALOG.lenovoIdeapad.id, [3]);
    await page.goto(productUrl(CATALOG.lenovoIdeapad));
    const other = reviewCard(page, titles[0]!);
    await other.getByRole("button", { name: "Helpful" }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${CATALOG.lenovoIdeapad.id}#review-`));
    await expect(reviewCard(page, titles[0]!)).toContainText("1 person found this helpful");
  });
});
