import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, type Locator, type Page, type Response } from "@playwright/test";
import { definitions } from "./checkout";
import { waitForHydration } from "./hydration";

/**
 * Helpers for the payment settings browser tests: admin-payment-settings.spec.ts (read-only, on the
 * shared server) and payment-settings.isolated.spec.ts (changes the settings, on the second server
 * with its own database, see playwright.config.ts).
 */

/** The demo seed's fake Razorpay keys (app/seed/demo-payments.ts). */
export const SEEDED_RAZORPAY = {
  keyId: "rzp_test_RCDemoNotARealKey",
  keySecret: "FakeDemoSecretNotReal1234",
  webhookSecret: "FakeDemoWebhookSecret5678",
  masked: "••••••••1234",
} as const;

export const URL_PATH = "/admin/payment-settings";

export const MESSAGES = {
  saved: "Payment settings saved",
  fix: "Please correct the highlighted fields.",
  retype: "For your safety, secrets you typed are never shown again: please type them again before saving.",
  ifsc: "Please enter a valid IFSC code: 4 letters, then 0, then 6 letters or digits (for example HDFC0001234)",
  looksSecret: "This is a secret key (sk_): it belongs in Secret Key. A Publishable Key starts with pk_",
  needRazorpayKeyId: "Enter the Key ID to enable Razorpay",
  unavailable: "Payments are unavailable right now, so orders can't be placed. Please try again later.",
  codUnavailable: "Cash on Delivery is not available. Please choose another payment method.",
  cardUnavailable: "Credit / Debit Card is not available. Please choose another payment method.",
} as const;

export interface StoredSettings {
  razorpay_enabled: number;
  razorpay_key_id: string | null;
  razorpay_key_secret_sealed: string | null;
  cod_enabled: number;
  stripe_enabled: number;
  stripe_publishable_key: string | null;
  stripe_secret_key_sealed: string | null;
  bank_enabled: number;
  bank_account_name: string | null;
  bank_account_number_sealed: string | null;
  bank_name: string | null;
  bank_ifsc: string | null;
  version: number;
  updated_at: string;
  updated_by: string | null;
}

/** The settings row of a server's database: the shared one (E2E_DATA_DIR) or the isolated one. */
export function storedSettings(which: "shared" | "isolated"): StoredSettings {
  const dir = which === "shared" ? process.env.E2E_DATA_DIR : process.env.E2E_ISOLATED_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR / E2E_ISOLATED_DATA_DIR are not set: run browser tests through playwright.config.ts");
  const db = new DatabaseSync(path.join(dir, "shop.db"), { readOnly: true });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    return db.prepare("SELECT * FROM payment_settings WHERE id = 1").get() as unknown as StoredSettings;
  } finally {
    db.close();
  }
}

/** The form's values as a post would send them, from the stored row (secrets left blank: kept). */
export function postedSettings(row: StoredSettings): Record<string, string> {
  const form: Record<string, string> = {
    version: String(row.version),
    razorpayKeyId: row.razorpay_key_id ?? "",
    stripePublishableKey: row.stripe_publishable_key ?? "",
    bankAccountName: row.bank_account_name ?? "",
    bankName: row.bank_name ?? "",
    bankIfsc: row.bank_ifsc ?? "",
  };
  if (row.razorpay_enabled) form.razorpayEnabled = "on";
  if (row.cod_enabled) form.codEnabled = "on";
  if (row.stripe_enabled) form.stripeEnabled = "on";
  if (row.bank_enabled) form.bankEnabled = "on";
  return form;
}

/**
 * Keeps the body of every response the page gets from the shop: documents, .data (loader and
 * action) responses and scripts, so a test can show a secret is in none of them.
 */
export function recordResponses(page: Page, baseURL: string): { bodies: () => Promise<{ url: string; body: string }[]> } {
  const pending: Promise<{ url: string; body: string } | null>[] = [];
  const origin = new URL(baseURL).origin;
  page.on("response", (r: Response) => {
    if (new URL(r.url()).origin !== origin) return;
    if (r.status() >= 300 && r.status() < 400) return;
    pending.push(
      r
        .text()
        .then((body) => ({ url: r.url(), body }))
        .catch(() => null),
    );
  });
  return {
    bodies: async () => (await Promise.all(pending)).filter((x): x is { url: string; body: string } => x !== null),
  };
}

/** Expects none of the recorded bodies to contain any of `secrets`; at least one document and one .data body must be there. */
export async function expectNoSecretIn(recorded: { bodies: () => Promise<{ url: string; body: string }[]> }, secrets: string[]): Promise<void> {
  const bodies = await recorded.bodies();
  expect(bodies.some((b) => b.url.includes(".data")), "some .data responses were recorded").toBe(true);
  expect(bodies.some((b) => b.body.includes("<html")), "some documents were recorded").toBe(true);
  for (const { url, body } of bodies) {
    for (const secret of secrets) expect(body.includes(secret), `${url} contains a secret`).toBe(false);
  }
}

export function main(page: Page): Locator {
  return page.getByRole("main");
}

/** One method's card in "Current settings". */
export function methodCard(page: Page, title: "Razorpay" | "Cash on Delivery" | "Stripe" | "Bank Transfer"): Locator {
  return page.getByRole("region", { name: "Current settings" }).getByRole("article", { name: title, exact: true });
}

/** A card's rows (term → value), with its Enabled/Disabled badge under "Status". */
export async function cardValues(page: Page, title: Parameters<typeof methodCard>[1]): Promise<Record<string, string>> {
  const card = methodCard(page, title);
  const status = (await card.getByText(/^(Enabled|Disabled)$/).textContent())?.trim() ?? "";
  const rows = (await card.getByRole("term").count()) > 0 ? await definitions(card) : {};
  return { Status: status, ...rows };
}

export function editButton(page: Page): Locator {
  return main(page).getByRole("button", { name: "Add/Edit Payment Methods" });
}

export function settingsForm(page: Page): Locator {
  return page.getByRole("form", { name: "Add/Edit Payment Methods" });
}

export function section(page: Page, legend: "Razorpay" | "Cash on Delivery" | "Stripe" | "Bank Transfer"): Locator {
  return settingsForm(page).getByRole("group", { name: legend, exact: true });
}

/** Opens the page (hydrated) and reveals the form. */
export async function openSettingsForm(page: Page): Promise<void> {
  await page.goto(URL_PATH);
  await waitForHydration(page);
  await editButton(page).click();
  await expect(editButton(page)).toHaveAttribute("aria-expanded", "true");
  await expect(settingsForm(page)).toBeVisible();
}

export async function saveSettings(page: Page): Promise<void> {
  await settingsForm(page).getByRole("button", { name: "Save Settings" }).click();
}

export async function expectSaved(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/admin\/payment-settings\?saved=1$/);
  await expect(main(page).getByRole("status").filter({ hasText: MESSAGES.saved })).toHaveText(MESSAGES.saved);
  await expect(settingsForm(page)).toHaveCount(0);
}
