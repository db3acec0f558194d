// Developer aid: screenshots of pages at desktop and phone widths.
// Usage: [LOGIN=/vendor/login,email,password] node scripts/screenshots.mjs BASE_URL OUT_DIR /path ...
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";
const [,, base, out, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const [w,h,tag] of [[1280,900,"d"],[390,844,"m"]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  if (process.env.LOGIN) {
    const [url, email, password] = process.env.LOGIN.split(",");
    await page.goto(base + url, { waitUntil: "networkidle" });
    await page.getByLabel(/email/i).first().fill(email);
    await page.getByLabel(/^password/i).first().fill(password);
    await Promise.all([page.waitForURL((u) => !u.pathname.endsWith("/login")), page.getByRole("button", { name: /^(sign in|login|log in)$/i }).click()]);
  }
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    const name = p.replace(/[^a-z0-9]+/gi, "_") || "home";
    await page.screenshot({ path: `${out}/${tag}${name}.png`, fullPage: process.env.FULL === "1" });
  }
  await page.close();
}
await browser.close();
