import fs from "node:fs/promises";
import path from "node:path";
import { expect, type APIRequestContext, type BrowserContext, type Cookie, type Locator, type Page, type Request } from "@playwright/test";
import { waitForHydration } from "./hydration";
import { withStoredSession } from "./sessions";

/**
 * Helpers for the accounts browser tests (tests/e2e/accounts-*.spec.ts).
 *
 * Sign-in throttling counts failed sign-ins per account (5) and per client address (20 in 15
 * minutes, and every test shares 127.0.0.1): tests that fail a sign-in on purpose use unknown
 * emails or their own fresh accounts, and the suite as a whole fails only a handful of times.
 */

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** The seeded demo accounts (app/seed). Read-only: tests never change them. */
export const DEMO = {
  admin: { name: "Shop Admin", email: "admin@rccomputers.in", password: "Admin@123" },
  vendor1: { name: "Rohit Vardhan", email: "vendor1@rccomputers.in", password: "Vendor@123" },
  vendor2: { name: "Meera Shah", email: "vendor2@rccomputers.in", password: "Vendor@123" },
  vendor3: { name: "Karthik Rao", email: "vendor3@rccomputers.in", password: "Vendor@123" },
  customer: { name: "Priya Sharma", email: "customer@rccomputers.in", password: "Customer@123" },
  /** Buys for Joshi Workstations LLP, GSTIN 27AAPFU0939F1ZV, saved on its profile (app/seed/demo-business.ts). */
  business: { name: "Nikhil Joshi", email: "business@rccomputers.in", password: "Customer@123" },
} as const satisfies Record<string, Account>;

/** The saved address of the demo customer. */
export const DEMO_CUSTOMER_ADDRESS = { street: "C-14, Sector 18", city: "Noida", state: "Uttar Pradesh", pin: "201301" } as const;

/** The vendors of the demo catalogue and some of their products (app/seed/demo-catalog.ts). */
export const DEMO_VENDORS = {
  vendor1: {
    business: "Vardhan Infotech Distributors Pvt. Ltd.",
    products: [
      "RC Assembled Gaming PC (Ryzen 7 7800X3D, RTX 5070)",
      "ZOTAC Gaming GeForce RTX 5070 Twin Edge OC 12GB",
      "ASUS TUF Gaming A15 (Ryzen 7 7435HS, RTX 4060)",
      "Logitech G213 Prodigy RGB Gaming Keyboard",
    ],
  },
  vendor2: {
    business: "Shree Lamington Computer Traders",
    products: [
      "LG UltraGear 27GR75Q 27-inch QHD Gaming Monitor",
      "Lenovo IdeaPad Slim 5 14 OLED (Ryzen 7 8845HS)",
      "Samsung 990 PRO 2TB PCIe 4.0 NVMe M.2 SSD",
      "AMD Ryzen 7 7800X3D Desktop Processor",
    ],
  },
} as const;

/** A valid GSTIN (checksum included); several vendors may share it. */
export const VALID_GSTIN = "27AAPFU0939F1ZV";

export const SESSION_COOKIE = "rc.session_token";

/** The home page's URL, whatever the host. */
export const HOME = /^https?:\/\/[^/]+\/$/;

/**
 * The header names the signed-in user: in the account menu on a desktop, in the (closed) Menu on a
 * phone. Attached, not necessarily visible: the menus are closed.
 */
export async function expectHeaderShows(page: Page, account: Pick<Account, "email">): Promise<void> {
  await expect(page.getByRole("banner").getByText(account.email, { exact: true }).first()).toBeAttached();
}

/** An email no other test (or run) uses. */
export function uniqueEmail(prefix = "u"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.in`;
}

/** A fresh, not yet registered account. */
export function newAccount(prefix = "u", name = "Test Customer"): Account {
  return { name: `${name} ${Math.random().toString(36).slice(2, 6)}`, email: uniqueEmail(prefix), password: "Secret@123" };
}

/** The page's main region (the card of a sign-in page, the profile, ...), leaving out header and footer. */
export function main(page: Page): Locator {
  return page.getByRole("main");
}

/** page.goto, then waits for React so that enhanced behaviour (pending states, fetchers) is in place. */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

/** The form-level error message (role alert) of the page. */
export function formAlert(page: Page): Locator {
  return main(page).getByRole("alert");
}

/** Fills and submits /register (the page must be open). */
export async function fillRegistration(
  page: Page,
  a: { name: string; email: string; password: string; confirmPassword?: string },
  { acceptTerms = true }: { acceptTerms?: boolean } = {},
): Promise<void> {
  const form = main(page);
  await form.getByLabel("Full Name").fill(a.name);
  await form.getByLabel("Email Address").fill(a.email);
  await form.getByLabel("Password", { exact: true }).fill(a.password);
  await form.getByLabel("Confirm Password").fill(a.confirmPassword ?? a.password);
  if (acceptTerms) await form.getByRole("checkbox", { name: /I agree to the/ }).check();
}

/** Registers a customer through /register and waits until the shop shows them signed in on /. */
export async function registerCustomer(page: Page, account: Account = newAccount()): Promise<Account> {
  await page.goto("/register");
  await fillRegistration(page, account);
  await main(page).getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(HOME);
  await expectHeaderShows(page, account);
  return account;
}

/**
 * Registers a customer with a plain form post (a tool's post, without Origin: the shop accepts it), for
 * tests whose subject is not registration itself. With `page.request` (which shares the page's
 * cookies) the page is then signed in as the new customer; with the `request` fixture it is not.
 */
export async function registerByPost(request: APIRequestContext, account: Account = newAccount()): Promise<Account> {
  const response = await request.post("/register", {
    form: { name: account.name, email: account.email, password: account.password, confirmPassword: account.password, terms: "on" },
    maxRedirects: 0,
  });
  expect(response.status(), `registering ${account.email}: ${await response.text().catch(() => "")}`).toBe(302);
  return account;
}

/** A fresh customer the test's browser is not signed in as (made through the `request` fixture). */
export async function createCustomer(request: APIRequestContext, prefix = "u"): Promise<Account> {
  return registerByPost(request, newAccount(prefix));
}

/** A fresh customer, the page signed in as them. */
export async function signUp(page: Page, prefix = "u"): Promise<Account> {
  return registerByPost(page.request, newAccount(prefix));
}

/** Fills the sign-in form of /login or /vendor/login (the page must be open). */
export async function fillSignIn(page: Page, email: string, password: string, { rememberMe = false } = {}): Promise<void> {
  const form = main(page);
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  if (rememberMe) await form.getByRole("checkbox", { name: "Remember me" }).check();
}

/** Where a sign-in door sends the browser: its `redirectTo`, else the door's own landing page. */
function landing(url: string, fallback: string): string {
  return new URL(url, "http://shop.test").searchParams.get("redirectTo") ?? fallback;
}

/**
 * Signs in as `account` and opens the page the sign-in form would land on (`url`'s redirectTo,
 * else /), with the worker's stored session of the account (tests/support/sessions.ts). Tests
 * of signing in itself, and tests that sign out, use signInThroughForm.
 */
export async function signIn(page: Page, account: Pick<Account, "email" | "password">, { url = "/login" } = {}): Promise<void> {
  await withStoredSession(page, account, "/login");
  await page.goto(landing(url, "/"));
}

/** Signs in as a vendor, as signIn does, and opens the vendor dashboard (or the redirectTo page). */
export async function signInVendor(page: Page, account: Pick<Account, "email" | "password">, url = "/vendor/login"): Promise<void> {
  await withStoredSession(page, account, "/vendor/login");
  await page.goto(landing(url, "/vendor/dashboard"));
}

/** Signs in as the demo administrator, as signIn does, and opens the dashboard (or the redirectTo page). */
export async function signInAdmin(page: Page, url = "/admin/login"): Promise<void> {
  await withStoredSession(page, DEMO.admin, "/admin/login");
  await page.goto(landing(url, "/admin/dashboard"));
}

/** Signs in through /login (optionally with ?redirectTo) and waits to leave the sign-in page. */
export async function signInThroughForm(page: Page, account: Pick<Account, "email" | "password">, { url = "/login", rememberMe = false } = {}): Promise<void> {
  await page.goto(url);
  await fillSignIn(page, account.email, account.password, { rememberMe });
  await main(page).getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/** Signs in through /vendor/login and waits for the vendor dashboard (or the redirectTo page). */
export async function signInVendorThroughForm(page: Page, account: Pick<Account, "email" | "password">, url = "/vendor/login"): Promise<void> {
  await page.goto(url);
  await fillSignIn(page, account.email, account.password);
  await main(page).getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(/\/vendor\/login/);
}

/** Signs in through /admin/login and waits to leave it. */
export async function signInAdminThroughForm(page: Page, url = "/admin/login"): Promise<void> {
  await page.goto(url);
  await page.getByLabel("Email", { exact: true }).fill(DEMO.admin.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.admin.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
}

/** The desktop header's account disclosure (its summary, labelled "NAME: account menu"). */
export function accountMenu(page: Page, name: string): Locator {
  return page.getByRole("banner").getByLabel(`${name}: account menu`, { exact: true });
}

/** The desktop header's Login button (shown signed out). */
export function headerLogin(page: Page): Locator {
  return page.getByRole("banner").getByRole("link", { name: "Login", exact: true });
}

/**
 * The desktop header's Account link: where the name would be on a page every visitor shares, when
 * JavaScript is off and the page cannot know who is visiting (docs/decisions/027-one-page-for-everyone.md).
 */
export function headerAccountLink(page: Page): Locator {
  return page.getByRole("banner").getByRole("link", { name: "Account", exact: true });
}

/** The phone header's Menu disclosure. */
export function mobileMenuToggle(page: Page): Locator {
  return page.getByRole("banner").getByLabel("Menu", { exact: true });
}

export function mobileNav(page: Page): Locator {
  return page.getByRole("navigation", { name: "Mobile" });
}

/** Opens the desktop account menu and returns it (summary's parent details). */
export async function openAccountMenu(page: Page, name: string): Promise<Locator> {
  const summary = accountMenu(page, name);
  await expect(summary).toBeVisible();
  await summary.click();
  const menu = summary.locator("xpath=..");
  await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
  return menu;
}

/** Signs out through the desktop account menu and waits for the signed-out home page. */
export async function signOutViaMenu(page: Page, name: string, { javaScript = true } = {}): Promise<void> {
  const menu = await openAccountMenu(page, name);
  await menu.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(HOME);
  // Without JavaScript the home page, shared by everyone, cannot say "Login": its header reaches the account instead.
  await expect(javaScript ? headerLogin(page) : headerAccountLink(page)).toBeVisible();
}

/** Is anyone signed in for this browser? Asks the server (a guarded page redirects when not). */
export async function expectSignedOut(page: Page): Promise<void> {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
}

export async function expectSignedInAs(page: Page, account: Pick<Account, "name" | "email">): Promise<void> {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(account.email);
}

export async function sessionCookie(context: BrowserContext): Promise<Cookie | undefined> {
  return (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
}

/**
 * Holds back the form posts to `pathname` that match, so a test can see the page's pending state;
 * call the returned function to let them through.
 */
export async function holdPosts(page: Page, pathname: string): Promise<{ release: () => void; held: Promise<Request> }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let heldResolve!: (r: Request) => void;
  const held = new Promise<Request>((resolve) => (heldResolve = resolve));
  const matches = (url: URL) => url.pathname === pathname || url.pathname === `${pathname}.data`;
  await page.route(
    (url) => matches(url),
    async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      heldResolve(route.request());
      await gate;
      await route.continue();
    },
  );
  return { release, held };
}

/** A mail as the shop's mailer writes it to DATA_DIR/outbox (app/modules/mail/mailer.server.ts). */
export interface OutboxMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
  file: string;
}

/**
 * Which of an address's mails to count: those whose subject contains `subject` (or matches it).
 * The shop sends an address several kinds of mail (a reset link, then "password changed"; an
 * order placed, then shipped), and other tests may write to shared addresses such as the demo
 * accounts', so a test that waits for one mail names it.
 */
export interface MailFilter {
  subject?: string | RegExp;
}

function matches(mail: OutboxMail, { subject }: MailFilter): boolean {
  if (subject === undefined) return true;
  return typeof subject === "string" ? mail.subject.includes(subject) : subject.test(mail.subject);
}

/** Mails written to the run's outbox (DATA_DIR/outbox) for one address, oldest first (by when they were queued). */
export async function mailsTo(address: string, filter: MailFilter = {}): Promise<OutboxMail[]> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run browser tests through playwright.config.ts");
  const outbox = path.join(dir, "outbox");
  let files: string[];
  try {
    // Named <queued at>-<mail id>.json: in the order they were queued (the mails of one event, queued
    // in the same millisecond, in no particular order among themselves).
    files = (await fs.readdir(outbox)).filter((f) => f.endsWith(".json")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const mails: OutboxMail[] = [];
  for (const file of files) {
    let parsed: Omit<OutboxMail, "file">;
    try {
      parsed = JSON.parse(await fs.readFile(path.join(outbox, file), "utf8")) as typeof parsed;
    } catch {
      continue; // gone or unreadable: the mailer writes each file whole (rename), so not half-written
    }
    const mail = { ...parsed, file };
    if (parsed.to.toLowerCase() === address.toLowerCase() && matches(mail, filter)) mails.push(mail);
  }
  return mails;
}

/** Waits for the `count`-th mail to an address (of those the filter keeps) and returns it. */
export async function waitForMail(address: string, count = 1, filter: MailFilter = {}): Promise<OutboxMail> {
  const what = filter.subject === undefined ? "" : ` with subject ${String(filter.subject)}`;
  await expect
    // The server's worker delivers mail in the background: a busy machine may take a few seconds.
    .poll(async () => (await mailsTo(address, filter)).length, { message: `mail #${count} to ${address}${what}`, timeout: 15_000 })
    .toBeGreaterThanOrEqual(count);
  return (await mailsTo(address, filter))[count - 1]!;
}

/** The path and query of the reset link in a mail, to open against the test's own base URL. */
export function resetLinkPath(mail: OutboxMail): string {
  const match = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text);
  if (!match) throw new Error(`no reset link in mail:\n${mail.text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

/** Fills /vendor/register (the page must be open). */
export async function fillVendorRegistration(
  page: Page,
  v: { name: string; business: string; email: string; phone: string; gstin: string; address?: string; password: string; confirmPassword?: string },
  { acceptTerms = true } = {},
): Promise<void> {
  const form = main(page);
  await form.getByLabel("Your Name").fill(v.name);
  await form.getByLabel("Business Name").fill(v.business);
  await form.getByLabel("Email Address").fill(v.email);
  await form.getByLabel("Phone Number").fill(v.phone);
  await form.getByLabel("GSTIN", { exact: true }).fill(v.gstin);
  // Found by role and the start of its name: its label's exact text is checked in accounts-vendor.spec.ts.
  if (v.address !== undefined) await form.getByRole("textbox", { name: /^Business Address/ }).fill(v.address);
  await form.getByLabel("Password", { exact: true }).fill(v.password);
  await form.getByLabel("Confirm Password").fill(v.confirmPassword ?? v.password);
  if (acceptTerms) await form.getByRole("checkbox", { name: /I agree to the/ }).check();
}

export function newVendor(prefix = "v") {
  const tag = Math.random().toString(36).slice(2, 6);
  return {
    name: `Vendor Owner ${tag}`,
    business: `Test Traders ${tag} Pvt. Ltd.`,
    email: uniqueEmail(prefix),
    phone: "+91 98765 43210",
    gstin: VALID_GSTIN,
    address: "Shop 12, Lamington Road, Mumbai 400007",
    password: "Vendor@456",
  };
}
