/**
 * What the security scan's CI profile points wapiti at (docs/security-scan.md): one address for
 * every route of app/routes.ts, with every query parameter the route reads, on the demo data, whose
 * parameters one run attacks; and the pages holding forms a visitor can send (a product page's
 * cart, compare, wishlist, vote, report and question forms; the sign-in and registration forms...),
 * whose forms another run attacks.
 *
 * tests/integration/scan-targets.test.ts fails when a route has no entry here, so a new route is
 * scanned from the day it lands. Routes behind a sign-in are listed too: the scanner has no
 * session, so it meets their redirect to the sign-in page, with its `redirectTo`.
 */
export interface ScanTarget {
  /** The route's pattern as app/routes.ts builds it (`products/:id`), or the pattern of a route whose form is on this page. */
  route: string;
  /** The address, on the demo data, with a value for each parameter the route reads. */
  url: string;
  /**
   * The page holds forms a visitor can send (a visitor: the scanner has no session): the address
   * that shows them, `true` for `url` without its parameters (which the addresses' run attacks).
   */
  forms?: true | string;
  /** Answered ahead of React Router, by this file of server/ (so app/routes.ts has no such route). */
  server?: string;
}

const LAPTOP = "product-asus-tuf-gaming-a15";
// Reviews, questions and answers of the demo: their forms (vote, report, answer) are on this page.
const REVIEWED = "product-lg-ultragear-27gr75q";

export const SCAN_TARGETS: ScanTarget[] = [
  { route: "", url: "/", forms: true },
  { route: "products", url: "/products?q=laptop&category=Laptop&sort=price-asc&brand=ASUS&ram=16&price=50000-75000&rating=4&page=1", forms: true },
  { route: "products/:id", url: `/products/${LAPTOP}?pin=400001&qpage=1` },
  { route: "products/:id", url: `/products/${REVIEWED}?reviews=newest&stars=5&rpage=1`, forms: true },
  { route: "products/:id/review", url: `/products/${REVIEWED}/review` },
  { route: "reviews/:id/helpful", url: `/products/${REVIEWED}` },
  { route: "reviews/:id/report", url: `/products/${REVIEWED}` },
  { route: "products/:id/questions", url: `/products/${REVIEWED}/questions`, forms: true },
  { route: "products/:id/questions/:questionId/answers", url: `/products/${REVIEWED}/questions` },
  { route: "cart", url: "/cart?pin=400001", forms: true },
  // The builder: a slot's list with the catalogue's filters, sorts and pages and the misfits, and a
  // build's summary with its forms (Save build, Add build to cart).
  { route: "build", url: "/build?part=product-amd-ryzen-7-7800x3d&slot=motherboard&misfits=1&sort=price-desc&brand=MSI&price=10000-25000&page=1" },
  { route: "build", url: "/build?part=product-amd-ryzen-7-7800x3d&part=product-msi-mag-b850-tomahawk-max-wifi", forms: true },
  // Only posts from the builder's and a saved build's "Add build to cart"; a GET goes to the builder.
  { route: "build/cart", url: "/build/cart" },
  { route: "compare", url: "/compare?ids=product-benq-gw2490,product-lg-ultragear-27gr75q", forms: "/compare?ids=product-benq-gw2490,product-lg-ultragear-27gr75q" },
  { route: "services", url: "/services" },
  { route: "about", url: "/about" },
  { route: "contact", url: "/contact", forms: true },
  { route: "privacy", url: "/privacy" },
  { route: "terms", url: "/terms" },
  { route: "refund", url: "/refund" },
  { route: "shipping", url: "/shipping" },
  { route: "ranking", url: "/ranking" },
  { route: "sellers/:id", url: "/sellers/vendor-1?page=1", forms: true },
  { route: "login", url: "/login?redirectTo=%2Fcart", forms: "/login?redirectTo=%2Fcart" },
  { route: "register", url: "/register?redirectTo=%2Fcart", forms: "/register?redirectTo=%2Fcart" },
  { route: "forgot-password", url: "/forgot-password", forms: true },
  { route: "reset-password", url: "/reset-password?token=abc123", forms: "/reset-password?token=abc123" },
  { route: "profile", url: "/profile?reminders=saved" },
  { route: "orders", url: "/orders" },
  { route: "orders/:number", url: "/orders/RC-100001?cancelled=1" },
  { route: "orders/:number/return", url: "/orders/RC-100001/return?item=1" },
  { route: "grievances", url: "/grievances" },
  { route: "grievances/new", url: "/grievances/new?order=RC-100001" },
  { route: "grievances/:id", url: "/grievances/GRV-2026-27-0001" },
  { route: "wishlist", url: "/wishlist" },
  // Saved builds: the demo has none saved, so its address answers the 404 page; the save form is the builder's.
  { route: "builds", url: "/builds" },
  { route: "builds/:id", url: "/builds/AAAAAAAAAAAAAAAAAAAAAA" },
  { route: "builds/:id/delete", url: "/builds" },
  { route: "builds/:id/quote", url: "/builds/AAAAAAAAAAAAAAAAAAAAAA/quote" },
  { route: "build/quote", url: "/build/quote?part=product-amd-ryzen-7-7800x3d&part=product-msi-mag-b850-tomahawk-max-wifi" },
  { route: "checkout", url: "/checkout?placed=RC-100001&pay=RC-100001" },
  { route: "vendor/login", url: "/vendor/login", forms: true },
  { route: "vendor/register", url: "/vendor/register", forms: true },
  ...[
    "dashboard",
    "products",
    "products/new",
    "products/:id/edit",
    "products/:id/delete",
    "orders",
    "returns",
    "questions",
    "payments",
    "payments/statement.csv",
    "payments/commission-invoice",
    "payments/details",
    "dispatch",
    "reviews",
  ].map((path) => ({ route: `vendor/${path}`, url: `/vendor/${path.replace(":id", LAPTOP)}` })),
  { route: "vendor/payments/gstr1", url: "/vendor/payments/gstr1?month=2026-11" },
  { route: "vendor/payments/gstr1.csv", url: "/vendor/payments/gstr1.csv?month=2026-11" },
  { route: "not-found", url: "/not-found" },
  { route: "*", url: "/no-such-page?x=1" },
  { route: "logout", url: "/logout" },
  { route: "admin/login", url: "/admin/login?redirectTo=%2Fadmin%2Forders", forms: "/admin/login?redirectTo=%2Fadmin%2Forders" },
  { route: "admin", url: "/admin" },
  ...[
    "dashboard",
    "products",
    "products/new",
    "products/:id/edit",
    "products/:id/delete",
    "users",
    "users/:id",
    "users/:id/dispatch",
    "messages",
    "messages/:id",
    "orders",
    "payment-settings",
    "mail",
    "returns",
    "grievances",
    "grievances/:id",
    "questions",
    "reviews",
    "settlements",
    "settlements/rates",
    "settlements/reports",
    "settlements/tcs.csv",
    "settlements/tds.csv",
    "delivery",
    "delivery/calendar",
    "legal",
    "*",
  ].map((path) => ({ route: `admin/${path}`, url: `/admin/${path.replace(":id", "1").replace("*", "no-such-page")}` })),
  { route: "search/suggestions", url: "/search/suggestions?q=lap" },
  { route: "pin-codes/:pin", url: "/pin-codes/400001" },
  { route: "delivery/estimate", url: `/delivery/estimate?pin=400001&product=${LAPTOP}` },
  { route: "visitor", url: `/visitor?product=${REVIEWED}`, server: "server/visitor.ts" },
  { route: "sitemap.xml", url: "/sitemap.xml" },
  { route: "robots.txt", url: "/robots.txt" },
];
