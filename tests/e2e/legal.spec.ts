import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { main, signInAdmin } from "../support/accounts";
import { CATALOG, productPath } from "../support/catalog";
import { DELHI_ADDRESS, ROUTINE, SELLERS, addToCart, openCheckout, registerShopper, shipTo, stepSection } from "../support/checkout";
import { waitForHydration } from "../support/hydration";
import { desktopOnly } from "../support/widths";

/**
 * The shop's legal details and disclosures (docs/product-rules.md, "Legal details and
 * disclosures"): the footer's legal details, sellers' pages, one price with GST, how ranking
 * works and the payment step's disclosure.
 */

const LEGAL = {
  name: "RC Computers Private Limited",
  cin: "U52390UP2015PTC071234",
  gstin: "09AABCR1234K1ZF",
  officer: "Anjali Verma",
  officerEmail: "grievance@rccomputers.in",
  officerPhone: "+91 1204567891",
};

/** One unit's price with 18% GST as the shop shows it: GST to the nearest paisa, then whole rupees. */
function withGstText(rupees: number): string {
  const paise = rupees * 100;
  const total = paise + Math.round((paise * 18) / 100);
  return `${new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 }).format(total / 100)} incl. GST`;
}

async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}


// Each test runs at 1280 px and, tagged @mobile, at 390 px (playwright.config.ts).
for (const width of ["", " @mobile"]) {
  test.describe(`legal details and disclosures${width ? " (phone)" : ""}`, () => {
    test(`the footer names the company and its grievance officer${width}`, async ({ page }) => {
      await page.goto("/");
      const legal = page.getByRole("contentinfo").getByRole("region", { name: LEGAL.name });
      await expect(legal.getByText(`CIN: ${LEGAL.cin} · GSTIN: ${LEGAL.gstin}`)).toBeVisible();
      await expect(legal.getByText("Registered office: B-42, Sector 63, Noida, Uttar Pradesh 201301, India")).toBeVisible();
      await expect(legal.getByRole("heading", { name: "Grievance Officer" })).toBeVisible();
      await expect(legal.getByText(`${LEGAL.officer}, Grievance Officer`)).toBeVisible();
      // The admin test changes the officer's email or phone for a moment, so any of ours is fine here.
      await expect(legal.getByRole("link", { name: /@rccomputers\.in$/ })).toHaveAttribute("href", /^mailto:grievance.*@rccomputers\.in$/);
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "How we rank products" })).toHaveAttribute("href", "/ranking");
    });

    test(`Sold by opens the seller's page with its address, customer care and GSTIN${width}`, async ({ page }) => {
      await gotoHydrated(page, productPath(ROUTINE.keyboard));
      await main(page).getByRole("link", { name: SELLERS.vendor1.name }).click();
      await expect(page).toHaveURL("/sellers/vendor-1");
      await expect(page.getByRole("heading", { level: 1, name: SELLERS.vendor1.name })).toBeVisible();
      const details = page.getByRole("region", { name: "Seller details" });
      await expect(details.getByText("Shop 214, Second Floor, Nehru Place Commercial Complex, 110019, New Delhi, Delhi")).toBeVisible();
      await expect(details.getByRole("link", { name: "+91 11 4162 7730" })).toHaveAttribute("href", "tel:+911141627730");
      await expect(details.getByText(SELLERS.vendor1.gstin)).toBeVisible();
      await expect(main(page).getByText(/^Selling on RC Computers since [A-Z][a-z]+ \d{4}$/)).toBeVisible();
      const products = page.getByRole("region", { name: `Products from ${SELLERS.vendor1.name}` });
      await expect(products.getByRole("link", { name: ROUTINE.keyboard.name })).toBeVisible();
      await expectNoAxeViolations(page, { where: "/sellers/vendor-1" });
    });

    desktopOnly(width)(`a pending or unknown seller has no page${width}`, async ({ request }) => {
      expect((await request.get("/sellers/no-such-seller")).status()).toBe(404);
    });

    test(`the product page and a product card show the price with GST as one figure${width}`, async ({ page }) => {
      const laptop = CATALOG.asusTuf;
      await page.goto(productPath(laptop));
      const m = main(page);
      await expect(m.getByText(laptop.priceText, { exact: true }).first()).toBeVisible();
      await expect(m.getByText("+ 18% GST, added at checkout")).toBeVisible();
      expect(withGstText(laptop.price)).toBe("₹97,928 incl. GST");
      await expect(m.getByText(withGstText(laptop.price), { exact: true })).toBeVisible();

      await page.goto("/products?category=Laptop");
      const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: laptop.name }) });
      await expect(card.getByText(laptop.priceText, { exact: true })).toBeVisible();
      await expect(card.getByText(withGstText(laptop.price), { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "How we rank products" }).first()).toBeVisible();
    });

    desktopOnly(width)(`the ranking page says what each order weighs${width}`, async ({ page }) => {
      await gotoHydrated(page, "/products");
      await main(page).getByRole("link", { name: "How we rank products" }).click();
      await expect(page).toHaveURL("/ranking");
      await expect(page.getByRole("heading", { level: 1, name: "How we rank products" })).toBeVisible();
      for (const heading of ["Relevance", "Price: Low to High and Price: High to Low", "Name: A to Z and Name: Z to A"]) {
        await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
      }
      await expect(main(page).getByText(/no seller can pay for a higher place/)).toBeVisible();
      await expectNoAxeViolations(page, { where: "/ranking" });
    });

    desktopOnly(width)(`the cart and the payment step state the total with GST, and payment discloses methods, processor and fees${width}`, async ({ page }) => {
      await registerShopper(page);
      await addToCart(page, ROUTINE.keyboard);
      await gotoHydrated(page, "/cart");
      // ₹3,499 from one seller: the goods with their GST, as the order will charge them.
      await expect(page.getByTestId("cart-total-incl-gst")).toHaveText("₹4,129 incl. GST, before shipping");
      await openCheckout(page);
      await shipTo(page, DELHI_ADDRESS);
      const payment = stepSection(page, "Payment");
      await expect(payment.getByText(/^Payment methods offered: /)).toHaveText(
        "Payment methods offered: Credit / Debit Card, UPI and Cash on Delivery. Credit / Debit Card and UPI payments are processed by Razorpay, our payment gateway. No fee is charged for any payment method.",
      );
      // ₹3,499 + ₹99 shipping + ₹629.82 GST.
      await expect(page.getByTestId("summary-incl-gst")).toHaveText("₹4,228 in all, GST and shipping included");
    });

    test(`the legal details form refuses a wrong field without JavaScript${width}`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
      const page = await context.newPage();
      try {
        await signInAdmin(page);
        await page.goto("/admin/legal");
        const form = main(page);
        await form.getByLabel("GSTIN", { exact: true }).fill("09AABCR1234K1ZA");
        await form.getByRole("button", { name: "Save legal details" }).click();
        await expect(form.getByText("This GSTIN's last character does not match; please check it for typing mistakes")).toBeVisible();
        await expect(form.getByLabel("GSTIN", { exact: true })).toHaveValue("09AABCR1234K1ZA");
        await expect(form.getByLabel("Legal name", { exact: true })).toHaveValue(LEGAL.name);
      } finally {
        await context.close();
      }
    });

    test(`the admin edits the legal details and the footer changes at once${width}`, async ({ page }) => {
      await signInAdmin(page);
      await gotoHydrated(page, "/admin");
      await main(page).getByRole("link", { name: /Legal details/ }).click();
      await expect(page).toHaveURL("/admin/legal");
      await expect(page.getByRole("heading", { level: 1, name: "Legal details" })).toBeVisible();
      await expectNoAxeViolations(page, { where: "/admin/legal" });

      const form = main(page);
      await form.getByLabel("CIN (Corporate Identity Number)").fill("U123");
      await form.getByLabel("Email", { exact: true }).fill("nobody");
      await form.getByRole("button", { name: "Save legal details" }).click();
      await expect(form.getByText("Please enter a 21-character CIN, for example U52390UP2015PTC071234")).toBeVisible();
      await expect(form.getByText("Please enter a valid email address for the grievance officer")).toBeVisible();
      await expect(form.getByLabel("CIN (Corporate Identity Number)")).toHaveAttribute("aria-invalid", "true");
      await expectNoAxeViolations(page, { where: "/admin/legal with errors" });

      // Only one field changes, a different one at each width, and is put back, so the runs at the
      // two widths and the other tests reading the footer do not disturb each other.
      const [label, value, original] = width
        ? ["Phone", `+91 120456${String(Date.now()).slice(-4)}`, LEGAL.officerPhone]
        : ["Email", `grievance-${Date.now()}@rccomputers.in`, LEGAL.officerEmail];
      await form.getByLabel("CIN (Corporate Identity Number)").fill(LEGAL.cin);
      await form.getByLabel("Email", { exact: true }).fill(LEGAL.officerEmail);
      await form.getByLabel(label, { exact: true }).fill(value);
      await form.getByRole("button", { name: "Save legal details" }).click();
      await expect(page.getByText("Legal details saved.")).toBeVisible();

      // A visitor without a cookie gets the shared, cached home page: it shows the change at once.
      const home = await fetch(new URL("/", test.info().project.use.baseURL)).then((r) => r.text());
      expect(home).toContain(value);

      await form.getByLabel(label, { exact: true }).fill(original);
      await form.getByRole("button", { name: "Save legal details" }).click();
      await expect(page.getByText("Legal details saved.")).toBeVisible();
      await expect(form.getByLabel(label, { exact: true })).toHaveValue(original);
    });
  });
}
