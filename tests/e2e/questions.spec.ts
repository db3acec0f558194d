import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO, fillSignIn, main, open, signIn, signInAdmin, signInVendor, signUp } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { CATALOG, productPath, type DemoItem } from "../support/catalog";
import { waitForHydration } from "../support/hydration";

/**
 * Questions and answers (docs/product-rules.md, "Questions and answers"): a customer asks on a
 * product page, with or without JavaScript; the seller answers from the vendor portal; the answer
 * shows on the product page marked as the seller's; the admin hides the question. Each test asks
 * about a product of its own (all sold by vendor 1), so they run side by side. Runs at 1280 px
 * (desktop) and 390 px (phone, @mobile).
 */

const unique = () => Math.random().toString(36).slice(2, 8);
const section = (page: Page) => page.getByRole("region", { name: "Questions and answers" });

/** The customer (signed in, page open on the product) asks through the enhanced form. */
async function askWithScript(page: Page, product: DemoItem, question: string): Promise<void> {
  await open(page, productPath(product));
  const qa = section(page);
  await expect(qa.getByRole("heading", { level: 2, name: "Questions and answers" })).toBeVisible();
  const field = qa.getByLabel(`Your question about ${product.name}`);
  await field.fill("Too short");
  await qa.getByRole("button", { name: "Ask question" }).click();
  await expect(qa.getByText("Write a question of 10 to 1,000 characters.")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveValue("Too short");
  // Still on the product page: the fetcher's reply, no navigation.
  await expect(page).toHaveURL(new RegExp(`${productPath(product)}$`));

  await field.fill(question);
  await qa.getByRole("button", { name: "Ask question" }).click();
  await expect(qa.getByRole("status").filter({ hasText: "Thank you. Your question is published, and the seller has been told." })).toBeVisible();
  await expect(field).toHaveValue("");
  await expect(qa.getByRole("article").filter({ hasText: question })).toBeVisible();
}

/** Vendor 1, in a browser of its own, answers the question from its portal. */
async function sellerAnswers(browser: Browser, baseURL: string | undefined, question: string, answer: string, viewport: { width: number; height: number } | null, axe: boolean): Promise<void> {
  const context = await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  await signInVendor(page, DEMO.vendor1, "/vendor/login?redirectTo=%2Fvendor%2Fquestions");
  await expect(page).toHaveURL(/\/vendor\/questions$/);
  await expect(page.getByRole("navigation", { name: "Vendor" }).getByRole("link", { name: "Questions" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Questions" })).toBeVisible();
  const item = main(page).getByRole("article").filter({ hasText: question });
  await expect(item.getByText("No answers yet.")).toBeVisible();
  if (axe) {
    await waitForHydration(page);
    await expectNoAxeViolations(page, { where: "/vendor/questions" });
  }
  await item.getByLabel("Your answer").fill(answer);
  await item.getByRole("button", { name: "Post answer" }).click();
  await expect(main(page).getByRole("status")).toHaveText("Your answer is published on the product page, marked “Seller”.");
  await expect(main(page).getByRole("article").filter({ hasText: question }).getByText(answer)).toBeVisible();
  await context.close();
}

/** The admin reaches Questions from the dashboard and hides the question with a reason. */
async function adminHides(browser: Browser, baseURL: string | undefined, question: string, viewport: { width: number; height: number } | null, axe: boolean): Promise<void> {
  const context = await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  await signInAdmin(page, "/admin/login?redirectTo=%2Fadmin%2Fdashboard");
  await main(page).getByRole("link", { name: /^Questions/ }).click();
  await expect(page).toHaveURL(/\/admin\/questions$/);
  await expect(page.getByRole("heading", { level: 1, name: "Questions" })).toBeVisible();
  if (axe) {
    await waitForHydration(page);
    await expectNoAxeViolations(page, { where: "/admin/questions" });
  }
  const item = main(page).getByRole("article").filter({ hasText: question });
  // No reason: refused beside the field.
  await item.getByRole("button", { name: /^Hide question by/ }).click();
  await expect(main(page).getByRole("article").filter({ hasText: question }).getByText("Give a reason of 5 to 500 characters.")).toBeVisible();
  const again = main(page).getByRole("article").filter({ hasText: question });
  await again.getByLabel("Reason for hiding this question").fill("Test question, not about the product");
  await again.getByRole("button", { name: /^Hide question by/ }).click();
  await expect(main(page).getByRole("status")).toHaveText("Question hidden from the product page.");
  await expect(main(page).getByRole("article").filter({ hasText: question }).getByText("Reason: Test question, not about the product")).toBeVisible();
  await context.close();
}

async function askAnswerHide(page: Page, browser: Browser, baseURL: string | undefined, product: DemoItem, axe: boolean): Promise<void> {
  const tag = unique();
  const question = `Is the <b>${tag}</b> edition covered by warranty? See https://example.com/${tag}`;
  const answer = `Yes, ${tag}: one year of manufacturer warranty.`;
  await signIn(page, DEMO.customer);
  await askWithScript(page, product, question);
  const qa = section(page);
  // Shown as text: the markup is visible, the address is no link.
  await expect(qa.getByText(question)).toBeVisible();
  await expect(qa.getByRole("link", { name: `https://example.com/${tag}` })).toHaveCount(0);
  if (axe) await expectNoAxeViolations(page, { where: "product page, signed in" });

  await sellerAnswers(browser, baseURL, question, answer, page.viewportSize(), axe);

  // A visitor who is signed out sees the answer, marked as the seller's, on the shared page.
  const visitor = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const anon = await visitor.newPage();
  await anon.goto(productPath(product));
  const item = section(anon).getByRole("article").filter({ hasText: question });
  await expect(item.getByText(answer)).toBeVisible();
  await expect(item.getByText("Seller", { exact: true })).toBeVisible();
  await expect(item.getByText(/^Answered by the seller, Vardhan Infotech/)).toBeVisible();
  // Answered, so it leads the list.
  await expect(section(anon).getByRole("article").first()).toContainText(question);
  const signInLink = section(anon).getByRole("link", { name: "Sign in to ask" });
  await expect(signInLink).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(productPath(product))}`);
  if (axe) {
    await waitForHydration(anon);
    await expectNoAxeViolations(anon, { where: "product page, signed out" });
  }

  await adminHides(browser, baseURL, question, page.viewportSize(), axe);
  await anon.goto(productPath(product));
  await expect(section(anon).getByRole("heading", { level: 2, name: "Questions and answers" })).toBeVisible();
  await expect(section(anon).getByText(question)).toHaveCount(0);
  await visitor.close();
}

test.describe("questions and answers", () => {
  test("a customer asks, the seller answers in the portal, the answer shows marked, the admin hides it", async ({ page, browser, baseURL }) => {
    test.slow();
    await askAnswerHide(page, browser, baseURL, CATALOG.g213Keyboard, true);
  });

  test("the same on a phone @mobile", async ({ page, browser, baseURL }) => {
    test.slow();
    expect(page.viewportSize()?.width).toBe(390);
    await askAnswerHide(page, browser, baseURL, CATALOG.zotacGpu, true);
  });

  test("the demo shows answered questions and the seller's unanswered one", async ({ page }) => {
    await page.goto(productPath(CATALOG.lgMonitor));
    const qa = section(page);
    await expect(qa.getByText("Does this monitor support 165 Hz over HDMI, or only over DisplayPort?")).toBeVisible();
    await expect(qa.getByText("Seller", { exact: true }).first()).toBeVisible();
    await signInVendor(page, DEMO.vendor1, "/vendor/login?redirectTo=%2Fvendor%2Fquestions");
    const unanswered = main(page).getByText("Can I get this with 64 GB of RAM instead of 32 GB, and what would it cost?");
    await expect(unanswered).toBeVisible();
    // The pages a plain post lands on when refused (the no-JavaScript test cannot run axe).
    await open(page, `${productPath(CATALOG.gamingPc)}/questions`);
    await expect(page.getByRole("heading", { level: 1, name: "Ask a question" })).toBeVisible();
    await expectNoAxeViolations(page, { where: "ask page" });
    await main(page).getByRole("link", { name: `← ${CATALOG.gamingPc.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`${productPath(CATALOG.gamingPc)}#questions$`));
  });
});

test.describe("questions without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a customer asks with a plain form, comes back to the question, and may not answer without the product @mobile", async ({ page }) => {
    test.slow();
    const product = CATALOG.asusTuf;
    const tag = unique();
    const question = `Does the ${tag} model come with a Windows licence?`;
    await signUp(page, "qa");
    await page.goto(productPath(product));
    // The product page is the same for everyone and cannot know who is visiting without
    // JavaScript: "Sign in to ask" leads a customer already signed in straight to the ask page.
    await section(page).getByRole("link", { name: "Sign in to ask" }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}/questions$`));
    await main(page).getByLabel(`Your question about ${product.name}`).fill("Short");
    await main(page).getByRole("button", { name: "Ask question" }).click();
    // Refused: the ask page shows the form again, with the message and what was typed.
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}/questions$`));
    await expect(page.getByRole("heading", { level: 1, name: "Ask a question" })).toBeVisible();
    await expect(main(page).getByText("Write a question of 10 to 1,000 characters.")).toBeVisible();
    await expect(main(page).getByLabel(`Your question about ${product.name}`)).toHaveValue("Short");

    await main(page).getByLabel(`Your question about ${product.name}`).fill(question);
    await main(page).getByRole("button", { name: "Ask question" }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}(\\?qpage=\\d+)?#question-`));
    const item = section(page).getByRole("article").filter({ hasText: question });
    await expect(item).toBeVisible();
    await expect(item.getByText("No answers yet.")).toBeVisible();

    // This customer has not received the product: refused, and told who may answer.
    await item.getByRole("link", { name: "Answer this question" }).click();
    await main(page).getByLabel("Your answer").fill("I think it does.");
    await main(page).getByRole("button", { name: "Post answer" }).click();
    await expect(page).toHaveURL(/\/answers$/);
    await expect(main(page).getByRole("alert")).toHaveText("Only the seller of this product, and customers who have received it, can answer its questions.");
  });

  test("the list pages by ?qpage= links, five a page, newest first among the unanswered", async ({ page, browser, baseURL }) => {
    const product = CATALOG.hpAllInOne;
    const tag = unique();
    await signUp(page, "qa");
    for (let i = 1; i <= 6; i++) {
      const response = await page.request.post(`${productPath(product)}/questions`, { form: { question: `Paging question ${tag} number ${i}?`, redirectTo: productPath(product) }, maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toMatch(new RegExp(`^${productPath(product)}(\\?qpage=\\d+)?#question-`));
    }
    const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const anon = await visitor.newPage();
    await anon.goto(productPath(product));
    const qa = section(anon);
    await expect(qa.getByText("Page 1 of 2")).toBeVisible();
    await expect(qa.getByRole("article").first()).toContainText(`Paging question ${tag} number 6?`);
    await expect(qa.getByText(`Paging question ${tag} number 1?`)).toHaveCount(0);
    await qa.getByRole("link", { name: "More questions" }).click();
    await expect(anon).toHaveURL(new RegExp(`${productPath(product)}\\?qpage=2#questions$`));
    await expect(section(anon).getByText("Page 2 of 2")).toBeVisible();
    await expect(section(anon).getByText(`Paging question ${tag} number 1?`)).toBeVisible();
    await expect(section(anon).getByText(`Paging question ${tag} number 6?`)).toHaveCount(0);
    await section(anon).getByRole("link", { name: "Previous questions" }).click();
    await expect(section(anon).getByText("Page 1 of 2")).toBeVisible();
    await visitor.close();
  });

  test("a signed-out visitor is offered to sign in to ask, and comes to the ask page", async ({ page }) => {
    await page.goto(productPath(CATALOG.lgMonitor));
    const link = section(page).getByRole("link", { name: "Sign in to ask" });
    await expect(link).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(`${productPath(CATALOG.lgMonitor)}/questions`)}`);
    await expect(section(page).getByRole("button", { name: "Ask question" })).toHaveCount(0);
    await link.click();
    await fillSignIn(page, DEMO.customer.email, DEMO.customer.password);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(new RegExp(`${productPath(CATALOG.lgMonitor)}/questions$`));
    await expect(main(page).getByRole("button", { name: "Ask question" })).toBeVisible();
  });
});
