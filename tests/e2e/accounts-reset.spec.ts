import { expect, test, type Page } from "@playwright/test";
import { withE2eDatabase } from "../support/db";
import {
  HOME,
  accountMenu,
  createCustomer,
  fillSignIn,
  formAlert,
  mailsTo,
  main,
  open,
  resetLinkPath,
  signInThroughForm,
  uniqueEmail,
  waitForMail,
} from "../support/accounts";

const SENT = "If an account exists for that email, we've sent a link to reset its password. The link works once, within 60 minutes.";
const INVALID_LINK = "This password reset link is invalid or has expired. Please ask for a new one.";
const DONE = "Your password has been changed. For your safety, you have been signed out everywhere.";

async function askForReset(page: Page, email: string) {
  await open(page, "/forgot-password");
  await main(page).getByLabel("Email Address").fill(email);
  await main(page).getByRole("button", { name: "Send Reset Link" }).click();
  await expect(main(page).getByRole("status")).toHaveText(SENT);
}

async function setNewPassword(page: Page, password: string, confirm = password) {
  await main(page).getByLabel("New Password", { exact: true }).fill(password);
  await main(page).getByLabel("Confirm New Password").fill(confirm);
  await main(page).getByRole("button", { name: "Set New Password" }).click();
}

test.describe("forgot password", () => {
  test("shows the form and a way back to sign in", async ({ page }) => {
    await open(page, "/forgot-password");
    await expect(main(page).getByRole("heading", { level: 1 })).toBeVisible();
    await expect(main(page).getByLabel("Email Address")).toHaveAttribute("type", "email");
    await expect(main(page).getByRole("button", { name: "Send Reset Link" })).toBeEnabled();
    await main(page).getByRole("link", { name: "Back to sign in" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("answers the same for an unknown email, and sends nothing", async ({ page }) => {
    const email = uniqueEmail("noreset");
    await askForReset(page, email);
    // The known-address answer is checked in the next test; here, no mail may appear. A mail is
    // written to the database with the request that asks for it (and sent later), so once the
    // answer is on the page the mail table already says whether one is coming.
    await page.goto("/");
    const queued = withE2eDatabase((db) => db.prepare("SELECT count(*) AS n FROM mail WHERE to_address = ?").get(email) as { n: number });
    expect(queued.n).toBe(0);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  test("sends a one-time link that sets a new password and signs out everywhere", async ({ page, browser, request }) => {
    test.slow(); // two devices, the mail, and several password checks
    const account = await createCustomer(request, "reset");

    // The customer is still signed in on another device.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signInThroughForm(other, account);
    await other.goto("/profile");
    await expect(other).toHaveURL(/\/profile$/);

    await askForReset(page, account.email);
    const mail = await waitForMail(account.email);
    expect(mail.subject).toContain("Reset your RC Computers password");
    expect(mail.text).toContain(account.name);
    const link = resetLinkPath(mail);
    expect(link).toMatch(/^\/reset-password\?token=/);

    await open(page, link);
    await expect(main(page).getByLabel("New Password", { exact: true })).toBeVisible();

    // The rules of a new password apply.
    await setNewPassword(page, "Renewed@123", "Renewed@124");
    await expect(formAlert(page)).toHaveText("Passwords do not match");
    await setNewPassword(page, "abc", "abc");
    await expect(formAlert(page)).toHaveText("Password must be at least 6 characters");

    await setNewPassword(page, "Renewed@123");
    await expect(page).toHaveURL(/\/reset-password\?done=1$/);
    await expect(main(page).getByRole("status")).toHaveText(DONE);
    await expect(main(page).getByRole("link", { name: "Sign in with your new password" })).toHaveAttribute("href", "/login");

    // Signed out everywhere.
    await other.reload();
    await expect(other).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
    await otherContext.close();

    // The link works once.
    await open(page, link);
    await setNewPassword(page, "Another@123");
    await expect(formAlert(page)).toHaveText(INVALID_LINK);

    // The old password fails (one failed sign-in), the new one works.
    await open(page, "/login");
    await fillSignIn(page, account.email, account.password);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(formAlert(page)).toHaveText("Invalid email or password.");
    await fillSignIn(page, account.email, "Renewed@123");
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(HOME);
    await expect(accountMenu(page, account.name)).toBeVisible();
  });

  test("the link works in another browser than the one that asked for it", async ({ page, browser, request }) => {
    const account = await createCustomer(request, "reset2");

    await askForReset(page, account.email);
    const link = resetLinkPath(await waitForMail(account.email, 1));

    const elsewhere = await browser.newContext();
    const mailPage = await elsewhere.newPage();
    await open(mailPage, link);
    await setNewPassword(mailPage, "FirstNew@123");
    await expect(main(mailPage).getByRole("status")).toHaveText(DONE);
    await elsewhere.close();

    await signInThroughForm(page, { email: account.email, password: "FirstNew@123" });
    await expect(accountMenu(page, account.name)).toBeVisible();
  });

  test("a reset page without a token, or with a made-up one, says the link is invalid", async ({ page }) => {
    await open(page, "/reset-password");
    await expect(formAlert(page)).toHaveText(INVALID_LINK);
    await expect(main(page).getByRole("button", { name: "Set New Password" })).toHaveCount(0);
    await main(page).getByRole("link", { name: "Ask for a new one" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);

    await open(page, "/reset-password?token=made-up-token-123");
    await setNewPassword(page, "Whatever@123");
    await expect(formAlert(page)).toHaveText(INVALID_LINK);
  });

  test("the vendor sign-in's Forgot your password? leads to the same reset", async ({ page }) => {
    await open(page, "/vendor/login");
    await main(page).getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(main(page).getByRole("button", { name: "Send Reset Link" })).toBeVisible();
  });
});
