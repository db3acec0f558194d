import { expect, test } from "@playwright/test";
import {
  DEMO,
  HOME,
  SESSION_COOKIE,
  accountMenu,
  createCustomer,
  expectSignedInAs,
  expectSignedOut,
  fillSignIn,
  formAlert,
  main,
  open,
  sessionCookie,
  signInThroughForm,
  uniqueEmail,
} from "../support/accounts";

const EVIL = "https://evil.example";

function setCookies(headers: { name: string; value: string }[]): string[] {
  return headers.filter((h) => h.name.toLowerCase() === "set-cookie").map((h) => h.value);
}

test.describe("cross-site form posts", () => {
  test("a sign-in posted from another site is refused with 403 and sets no session", async ({ request, baseURL }) => {
    const response = await request.post(`${baseURL}/login`, {
      headers: { Origin: EVIL },
      form: { email: DEMO.customer.email, password: DEMO.customer.password, redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(setCookies(response.headersArray()).some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
  });

  test("the same sign-in posted from the shop itself works", async ({ request, baseURL }) => {
    const response = await request.post(`${baseURL}/login`, {
      headers: { Origin: new URL(baseURL!).origin },
      form: { email: DEMO.customer.email, password: DEMO.customer.password, redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/");
    const session = setCookies(response.headersArray()).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(session, "session cookie").toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
  });

  test("other cross-site signals are refused too: Sec-Fetch-Site, a null Origin, a foreign Referer", async ({ request, baseURL }) => {
    const form = { email: DEMO.customer.email, password: DEMO.customer.password };
    const signals: Record<string, string>[] = [{ "Sec-Fetch-Site": "cross-site" }, { Origin: "null" }, { Referer: `${EVIL}/phish` }];
    for (const headers of signals) {
      const response = await request.post(`${baseURL}/login`, { headers, form, maxRedirects: 0 });
      expect(response.status(), JSON.stringify(headers)).toBe(403);
    }
  });

  test("registration, logout and the other account forms refuse cross-site posts", async ({ request, baseURL }) => {
    const email = uniqueEmail("csrf");
    const registration = { name: "Cross Site", email, password: "Secret@123", confirmPassword: "Secret@123", terms: "on" };
    const refused = await request.post(`${baseURL}/register`, { headers: { Origin: EVIL }, form: registration, maxRedirects: 0 });
    expect(refused.status()).toBe(403);
    for (const path of ["/logout", "/profile", "/forgot-password", "/reset-password", "/vendor/login", "/vendor/register", "/admin/login"]) {
      const response = await request.post(`${baseURL}${path}`, { headers: { Origin: EVIL }, form: { email }, maxRedirects: 0 });
      expect(response.status(), path).toBe(403);
    }
    // Nothing was created by the refused post: the same email registers from the shop itself.
    const accepted = await request.post(`${baseURL}/register`, {
      headers: { Origin: new URL(baseURL!).origin },
      form: registration,
      maxRedirects: 0,
    });
    expect(accepted.status()).toBe(302);
  });

  test("a cross-site logout does not end the session", async ({ page, context, baseURL }) => {
    await signInThroughForm(page, DEMO.customer);
    const response = await context.request.post(`${baseURL}/logout`, { headers: { Origin: EVIL }, maxRedirects: 0 });
    expect(response.status()).toBe(403);
    await expectSignedInAs(page, DEMO.customer);
  });

  test("visiting /logout (GET) does not sign out", async ({ page }) => {
    await signInThroughForm(page, DEMO.customer);
    await page.goto("/logout");
    await expect(page).toHaveURL(HOME);
    await expect(accountMenu(page, DEMO.customer.name)).toBeVisible();
  });
});

test.describe("session cookie", () => {
  test("is HttpOnly and SameSite=Lax, out of reach of page scripts", async ({ page, context }) => {
    await signInThroughForm(page, DEMO.customer);
    const cookie = await sessionCookie(context);
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe("Lax");
    const visible = await page.evaluate(() => document.cookie);
    expect(visible).not.toContain(SESSION_COOKIE);
  });
});

test.describe("redirects after sign-in stay on the shop", () => {
  for (const target of [`${EVIL}/`, "//evil.example/", "/\\evil.example"]) {
    test(`redirectTo=${target} is ignored`, async ({ page }) => {
      await open(page, `/login?redirectTo=${encodeURIComponent(target)}`);
      await fillSignIn(page, DEMO.customer.email, DEMO.customer.password);
      await main(page).getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(HOME);
      expect(new URL(page.url()).hostname).not.toContain("evil");
    });
  }
});

test.describe("sign-in throttling", () => {
  test("after 5 wrong passwords the account must wait, even with the right password", async ({ page, request }) => {
    test.slow(); // seven password checks
    const account = await createCustomer(request, "throttle");

    await open(page, "/login");
    // Each attempt waits for its own answer: the alert reads the same after every wrong password,
    // and a field filled while the previous answer is on its way would be emptied by that answer.
    const signInAnswer = () => page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login"));
    for (let i = 1; i <= 5; i++) {
      await fillSignIn(page, account.email, `Wrong@${i}00`);
      const answer = signInAnswer();
      await main(page).getByRole("button", { name: "Sign In" }).click();
      await answer;
      await expect(formAlert(page), `attempt ${i}`).toHaveText("Invalid email or password.");
    }
    await fillSignIn(page, account.email, account.password);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(formAlert(page)).toHaveText(/^Too many attempts, try again in \d+ minutes?$/);
    await expect(page).toHaveURL(/\/login$/);
    await expectSignedOut(page);

    // The other doors are shut for this account too.
    await open(page, "/admin/login");
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(/^Too many attempts, try again in \d+ minutes?$/);

    // Other accounts are not affected.
    await signInThroughForm(page, DEMO.customer);
    await expect(accountMenu(page, DEMO.customer.name)).toBeVisible();
  });
});
