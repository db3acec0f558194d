import { expect, test, type Page } from "@playwright/test";
import { createCustomer, main } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { CATALOG, productPath } from "../support/catalog";
import { registerShopper } from "../support/checkout";
import { orderFor } from "../support/e2e-store";
import { gotoHydrated, waitForHydration } from "../support/hydration";
import { pressEnter, said } from "../support/page-change";
import { cartLink } from "../support/shop";

/**
 * What a keyboard and a screen reader meet when the page changes in the browser (issue 51,
 * docs/decisions/031-focus-and-announcements.md): after each step of the purchase, a return, a
 * complaint, a review and the wishlist, which element has the focus and what the page's live
 * region says; with a page change (focus on the new page's heading, its title said) and without
 * one (a post or a search that comes back to the same page: the focus kept or given to what took
 * its place, the outcome said). Every step is taken with the keyboard: focus, then Enter, Space
 * or typing. Runs at 1280 px and 390 px (@mobile).
 */

const G213 = CATALOG.g213Keyboard;
const MOUSE = CATALOG.mxMaster;
const SONY = CATALOG.sonyHeadphones;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const title = (page: string) => `${page} | RC Computers`;
const heading = (page: Page, name: string | RegExp, level = 1) => page.getByRole("heading", { level, name });

for (const width of ["", " @mobile"]) {
  test(`the purchase: signing in, a product, the cart and each step of checkout${width}`, async ({ page, request }) => {
    const customer = await createCustomer(request, "keys");
    await gotoHydrated(page, "/login");
    // A page loaded as a document is the browser's to announce: nothing is said, nothing moves.
    await said(page).toBe("");
    await expect(page.locator("body")).toBeFocused();
    await main(page).getByLabel("Email Address").fill(customer.email);
    await main(page).getByLabel("Password", { exact: true }).fill(customer.password);
    await main(page).getByLabel("Password", { exact: true }).press("Enter");
    // Signed in: the home page, its heading focused, its title said.
    await expect(page).toHaveURL(/\/$/);
    await expect(heading(page, "Power up with the right tech")).toBeFocused();
    await said(page).toBe("RC Computers | Computers, components and accessories, delivered across India");
    // Tab goes on from the heading, not from the top of the page or where the form was.
    await page.keyboard.press("Tab");
    await expect(main(page).getByRole("link", { name: "Shop Now" })).toBeFocused();

    await pressEnter(page.getByRole("link", { name: "Shop Now" }));
    await expect(heading(page, "All Products")).toBeFocused();
    await said(page).toMatch(/^All Products \| RC Computers\. \d+ products$/);

    await pressEnter(main(page).getByRole("link", { name: G213.name }).first());
    await expect(heading(page, G213.name)).toBeFocused();
    await said(page).toBe(title(G213.name));
    // Add to Cart stays where it is: the button keeps the focus and its own message says what happened.
    const add = main(page).getByRole("button", { name: "Add to Cart", exact: true });
    await pressEnter(add);
    await expect(main(page).getByText(`Added “${G213.name}” to your cart.`)).toBeVisible();
    await expect(add).toBeFocused();

    await pressEnter(cartLink(page));
    await expect(heading(page, "Shopping Cart")).toBeFocused();
    await said(page).toBe(title("Shopping Cart"));

    await pressEnter(main(page).getByRole("link", { name: "Proceed to Checkout" }));
    await expect(heading(page, "Checkout")).toBeFocused();
    await said(page).toBe(title("Checkout"));
    const shipping = page.getByRole("region", { name: "Shipping", exact: true });
    await shipping.getByLabel("Full Name", { exact: true }).fill(customer.name);
    await shipping.getByLabel("Phone Number", { exact: true }).fill("98111 22334");
    await shipping.getByLabel("Address Line 1", { exact: true }).fill("B-7, Sector 62");
    await shipping.getByLabel("City", { exact: true }).fill("Noida");
    await shipping.getByLabel("State", { exact: true }).selectOption("Uttar Pradesh");
    await shipping.getByLabel("PIN Code", { exact: true }).fill("201309");
    // The next step replaces the form on the same page: the focus goes to its heading.
    await pressEnter(shipping.getByRole("button", { name: "Continue to Payment" }));
    await expect(heading(page, "Payment Method", 2)).toBeFocused();
    const payment = page.getByRole("region", { name: "Payment", exact: true });
    await payment.getByRole("radio", { name: "Cash on Delivery" }).press("Space");
    await expect(payment.getByRole("radio", { name: "Cash on Delivery" })).toBeChecked();
    await pressEnter(payment.getByRole("button", { name: "Place Order" }));
    await expect(page).toHaveURL(/placed=RC-\d{6}$/);
    const number = new URL(page.url()).searchParams.get("placed");
    await expect(heading(page, "Thank you for your order!", 2)).toBeFocused();
    await said(page).toBe(`Thank you for your order! Your order number is ${number}.`);
    await page.keyboard.press("Tab");
    await expect(main(page).getByRole("button", { name: "Continue Shopping" })).toBeFocused();
  });

  test(`a return, a complaint, a review and a vote on an order of two items${width}`, async ({ page }) => {
    const customer = await registerShopper(page);
    const number = await orderFor(customer.email, [{ productId: G213.id, quantity: 1 }, { productId: MOUSE.id, quantity: 1 }], { deliveredAt: daysAgo(1) });
    await gotoHydrated(page, "/orders");
    await pressEnter(main(page).getByRole("link", { name: `View details and invoice of ${number}` }));
    await expect(heading(page, `Order ${number}`)).toBeFocused();
    await said(page).toBe(title(`Order ${number}`));

    // Each item's link names its item (the rest of the name is for screen readers only).
    const returns = page.getByRole("region", { name: "Returns and replacements" });
    await expect(returns.getByRole("link", { name: `Return or replace ${MOUSE.name}` })).toBeVisible();
    await pressEnter(returns.getByRole("link", { name: `Return or replace ${G213.name}` }));
    await expect(heading(page, "Return or replace")).toBeFocused();
    await said(page).toBe(title(`Return or replace: order ${number}`));
    const form = main(page);
    await form.getByRole("radio", { name: /No longer needed/ }).press("Space");
    await form.getByRole("radio", { name: "Refund", exact: true }).press("Space");
    await form.getByLabel("What is wrong?").fill("Bought a second one by mistake; the box is unopened.");
    // Refused (an order paid on delivery needs somewhere to send the refund): no page change; the
    // page's own message and the focus on the field, nothing said by the live region.
    await pressEnter(form.getByRole("button", { name: "Send request" }));
    const upi = form.getByRole("textbox", { name: "UPI ID" });
    await expect(upi).toBeFocused();
    await said(page).toBe(title(`Return or replace: order ${number}`));
    await upi.fill("asha@okaxis");
    await pressEnter(form.getByRole("button", { name: "Send request" }));
    // Back on the order page at its returns: the focus there, the title and the confirmation said.
    await expect(page).toHaveURL(new RegExp(`/orders/${number}#returns$`));
    await expect(returns).toBeFocused();
    await said(page).toBe(`${title(`Order ${number}`)}. Return request ${number}-R1 sent. The seller will answer within 48 hours.`);
    await expectNoAxeViolations(page, { where: "the order page after a return request", soft: true });

    await pressEnter(main(page).getByRole("link", { name: "Raise a complaint" }));
    await expect(heading(page, "Raise a complaint")).toBeFocused();
    await said(page).toBe(title("Raise a complaint"));
    await form.getByLabel("Subject").fill("No word on my return");
    await form.getByLabel("Details").fill("I asked to return a keyboard and have heard nothing from the seller yet.");
    await pressEnter(form.getByRole("button", { name: "Send complaint" }));
    await expect(heading(page, "No word on my return")).toBeFocused();
    await said(page).toMatch(/^Complaint GRV\/\d{4}-\d{2}\/\d+ \| RC Computers\. Your complaint is registered\. Ticket GRV\//);

    // Write a review is a document load (a sign-in first comes back to it): the browser announces it.
    await gotoHydrated(page, productPath(G213));
    await pressEnter(main(page).getByRole("link", { name: "Write a review" }));
    await expect(heading(page, "Write a review")).toBeVisible();
    await waitForHydration(page);
    await said(page).toBe("");
    await form.getByRole("radio", { name: "4 stars" }).press("Space");
    await form.getByLabel("Title").fill("Quiet enough for the night");
    await form.getByLabel("Your review").fill("A month of typing on it: the keys are solid and the lighting is easy to dim.");
    await pressEnter(form.getByRole("button", { name: "Submit review" }));
    // The product page at its reviews, newest first: the reviews take the focus.
    await expect(page).toHaveURL(/reviews=newest#reviews$/);
    await expect(page.getByRole("region", { name: "Customer reviews" })).toBeFocused();
    await said(page).toBe(title(G213.name));
    // A vote changes the page in place: the button keeps the focus, the outcome is said.
    // A demo review of the keyboard (app/seed): reviews of other tests' customers come and go above it.
    const vote = main(page).getByRole("button", { name: "Helpful: review by Devika M.: “Exactly as described”" });
    await pressEnter(vote);
    await expect(vote).toHaveAttribute("aria-pressed", "true");
    await expect(vote).toBeFocused();
    await said(page).toBe("Thank you: your vote counts.");
  });

  test(`the wishlist, the cart and the catalogue change in place: focus kept or given on, outcome said${width}`, async ({ page }) => {
    await registerShopper(page);
    for (const p of [SONY, MOUSE, G213]) {
      for (const path of ["/wishlist", "/cart"]) await page.request.post(path, { form: { intent: "add", productId: p.id, redirectTo: path } });
    }
    await gotoHydrated(page, "/wishlist");
    const items = main(page).getByRole("list", { name: "Wishlist items" });
    // Newest first: the keyboard, the mouse, the headphones.
    const remove = (name: string) => items.getByRole("button", { name: `Remove ${name} from your wishlist` });
    await pressEnter(remove(G213.name));
    await expect(remove(MOUSE.name)).toBeFocused();
    await said(page).toBe(`${G213.name} is off your wishlist.`);
    await pressEnter(remove(MOUSE.name));
    await expect(remove(SONY.name)).toBeFocused();
    await said(page).toBe(`${MOUSE.name} is off your wishlist.`);
    await pressEnter(remove(SONY.name));
    // The list is gone: its heading has the focus.
    await expect(heading(page, "Your Wishlist")).toBeFocused();
    await said(page).toBe(`${SONY.name} is off your wishlist.`);

    await gotoHydrated(page, "/cart");
    const removeLine = (name: string) => main(page).getByRole("button", { name: `Remove ${name} from cart` });
    await pressEnter(removeLine(SONY.name));
    await expect(removeLine(MOUSE.name)).toBeFocused();
    await said(page).toBe(`Removed ${SONY.name} from your cart.`);

    // A search or a filter of the same page: the result is said, the focus stays or goes to the results.
    await gotoHydrated(page, "/products?category=Laptop");
    const count = main(page).getByText(/^\d+ products?$/);
    await said(page).toBe("");
    if (width) {
      await pressEnter(main(page).getByRole("link", { name: "Filters" }));
      await page.getByRole("dialog", { name: "Filters" }).getByRole("checkbox", { name: /^ASUS/ }).press("Space");
      await pressEnter(page.getByRole("dialog", { name: "Filters" }).getByRole("button", { name: "Apply Filters" }));
      await expect(page).toHaveURL(/brand=ASUS/);
      await expect(heading(page, "Products", 2)).toBeFocused();
    } else {
      const asus = main(page).getByRole("checkbox", { name: /^ASUS/ });
      await asus.press("Space");
      await expect(page).toHaveURL(/brand=ASUS/);
      await expect(asus).toBeFocused();
    }
    await expect(count).toHaveText("1 product");
    await said(page).toBe("1 product");
    // Typing in the search field: the focus stays in it.
    const search = main(page).getByLabel("Search products");
    await search.fill("macbook");
    await search.press("Enter");
    await expect(page).toHaveURL(/q=macbook/);
    await expect(count).toHaveText("0 products");
    await said(page).toBe("0 products");
    await expect(search).toBeFocused();
  });
}
