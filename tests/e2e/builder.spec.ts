import { expect, test, type Locator, type Page } from "@playwright/test";
import { SLOT_NAMES, checkBuild, slotOf, withPart, type Build } from "~/modules/builds/compatibility";
import { builderHref } from "~/modules/builds/selection";
import { demoProducts } from "~/seed/demo-catalog";
import { DEMO_BUILDS, demoPcParts, type DemoBuildName } from "~/seed/demo-pc-parts";
import { expectNoAxeViolations } from "../support/axe";
import { gotoHydrated } from "../support/hydration";
import { collectPageErrors } from "../support/shop";

/**
 * The PC builder (/build, issue 35): a whole working PC chosen slot by slot at 1280 and 390 px,
 * with and without JavaScript; a faulty build's verdicts; the parts that don't fit with their
 * reasons; and the ways in. The parts and builds are the demo's (app/seed/demo-pc-parts.ts); the
 * expected messages are the rules' own (compatibility.ts), never copied here.
 */

// Three of the demo's parts were in the catalogue before (demo-catalog.ts).
const DEMO = [...demoProducts, ...demoPcParts];
const part = (id: string) => {
  const p = DEMO.find((d) => d.id === id);
  if (!p) throw new Error(`no demo part ${id}`);
  return { ...p, slot: slotOf(p)! };
};

/** What the rules say about a demo build. */
function verdictsOf(name: DemoBuildName) {
  const build = DEMO_BUILDS[name].partIds.map(part).reduce<Build>((b, p) => withPart(b, p.slot, { id: p.id, name: p.name, specifications: p.specifications }), {});
  return checkBuild(build);
}

const yourParts = (page: Page): Locator => page.getByRole("region", { name: "Your parts" });
const summary = (page: Page): Locator => page.getByRole("complementary", { name: "Build summary" });

/** Chooses the parts of a demo build one slot at a time, as a shopper does: "Choose …", then "Add" on the part. */
async function buildSlotBySlot(page: Page, name: DemoBuildName, { hydrated }: { hydrated: boolean }) {
  if (hydrated) await gotoHydrated(page, "/build");
  else await page.goto("/build");
  await expect(page.getByRole("heading", { level: 1, name: "Build a PC" })).toBeVisible();
  const chosen: string[] = [];
  for (const id of DEMO_BUILDS[name].partIds) {
    const p = part(id);
    const several = (p.slot === "memory" || p.slot === "storage") && chosen.some((c) => part(c).slot === p.slot);
    const article = /^[aeiou]/i.test(SLOT_NAMES[p.slot]) ? "an" : "a";
    await yourParts(page)
      .getByRole("link", { name: several ? `Add another ${SLOT_NAMES[p.slot]}` : `Choose ${article} ${SLOT_NAMES[p.slot]}`, exact: true })
      .click();
    const list = page.getByRole("region", { name: `Choose ${article} ${SLOT_NAMES[p.slot]}` });
    await expect(list).toBeVisible();
    // Every part of a working build fits what was chosen before it, so it is listed without asking for the misfits.
    await list.getByRole("link", { name: `Add ${p.name}`, exact: true }).click();
    chosen.push(id);
    await expect(yourParts(page).getByRole("link", { name: p.name, exact: true })).toBeVisible();
  }
  expect(new URL(page.url()).search).toBe(new URL(builderHref(chosen), "http://x").search);
}

async function expectCompatibleSummary(page: Page, name: DemoBuildName) {
  const check = verdictsOf(name);
  expect(check.compatible, `${name} is a working build`).toBe(true);
  await expect(summary(page).getByTestId("build-headline")).toHaveText(check.headline);
  await expect(summary(page).getByText(`Recommended power supply: ${check.power!.recommended.toLocaleString("en-IN")} W`)).toBeVisible();
  await expect(summary(page).getByText(check.power!.arithmetic)).toBeVisible();
  await expect(summary(page).getByText("GST (18%)")).toBeVisible();
  await expect(summary(page).getByRole("button", { name: "Add build to cart" })).toBeVisible();
  await expect(summary(page).getByRole("button", { name: "Save build" })).toBeVisible();
  await expect(summary(page).getByRole("textbox", { name: "Build name" })).toBeVisible();
  await expect(summary(page).getByRole("link", { name: "Printable quote" })).toHaveAttribute("href", `/build/quote?${new URL(page.url()).search.slice(1)}`);
}

test.describe("the PC builder", () => {
  test("builds a whole working AM5 PC slot by slot, axe clean at each step", async ({ page }) => {
    const errors = collectPageErrors(page);
    await buildSlotBySlot(page, "am5", { hydrated: true });
    await expectCompatibleSummary(page, "am5");
    await expectNoAxeViolations(page, { where: "a whole build" });
    await yourParts(page).getByRole("link", { name: "Change motherboard", exact: true }).click();
    await expect(page.getByRole("region", { name: "Choose a motherboard" })).toBeVisible();
    await expectNoAxeViolations(page, { where: "a slot's list" });
    expect(errors).toEqual([]);
  });

  test("builds a whole working AM4 PC on a phone @mobile", async ({ page }) => {
    await buildSlotBySlot(page, "am4", { hydrated: true });
    await expectCompatibleSummary(page, "am4");
    await expectNoAxeViolations(page, { where: "a whole build on a phone" });
  });

  test("a faulty build shows each of its verdicts, grouped by severity", async ({ page }) => {
    for (const name of ["socketClash", "underpowered", "belowRecommended", "checkNotRun"] as const) {
      const check = verdictsOf(name);
      await page.goto(builderHref(DEMO_BUILDS[name].partIds));
      await expect(summary(page).getByTestId("build-headline")).toHaveText(check.headline);
      const groups = { error: "Problems", warning: "Warnings", "not-run": "Checks not run", note: "Notes" } as const;
      for (const v of check.verdicts) {
        await expect(summary(page).getByRole("region", { name: groups[v.severity] }).getByText(v.message, { exact: true })).toBeVisible();
      }
      expect(check.verdicts.length, name).toBeGreaterThan(0);
    }
    await expectNoAxeViolations(page, { where: "a build with a check not run" });
  });

  test("lists the parts that don't fit after those that do, each with its reason", async ({ page }) => {
    const cpu = part(DEMO_BUILDS.socketClash.partIds.find((id) => part(id).slot === "processor")!);
    const board = part(DEMO_BUILDS.socketClash.partIds.find((id) => part(id).slot === "motherboard")!);
    await gotoHydrated(page, `${builderHref([cpu.id])}&slot=motherboard`);
    const list = page.getByRole("region", { name: "Choose a motherboard" });
    await expect(list.getByRole("link", { name: `Add ${board.name}`, exact: true })).toHaveCount(0);
    await list.getByRole("link", { name: /^Show parts that don't fit/ }).click();
    const reason = checkBuild(withPart(withPart({}, "processor", cpu), "motherboard", board)).verdicts.find((v) => v.rule === "processor-socket")!;
    const row = list.getByRole("listitem").filter({ has: page.getByRole("link", { name: board.name, exact: true }) });
    await expect(row.getByText(`Doesn't fit: ${reason.message}`)).toBeVisible();
    await expectNoAxeViolations(page, { where: "the misfits" });
  });

  test("is reached from the home page, the Component category and the footer", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Build a PC", exact: true }).click();
    await expect(page).toHaveURL(/\/build$/);
    await page.goto("/products?category=Component");
    await page.getByRole("main").getByRole("link", { name: "Build a PC", exact: true }).click();
    await expect(page).toHaveURL(/\/build$/);
    await page.getByRole("contentinfo").getByRole("navigation", { name: "Quick Links" }).getByRole("link", { name: "Build a PC" }).click();
    await expect(page).toHaveURL(/\/build$/);
  });
});

test.describe("the PC builder without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("builds a whole working LGA 1700 PC with links alone, and filters a slot's list with its form", async ({ page }) => {
    await buildSlotBySlot(page, "lga1700", { hydrated: false });
    await expectCompatibleSummary(page, "lga1700");
    await yourParts(page).getByRole("link", { name: "Change power supply", exact: true }).click();
    const list = page.getByRole("region", { name: "Choose a power supply" });
    await list.getByText("Filter and sort").click();
    await list.getByRole("combobox", { name: "Sort by" }).selectOption("price-desc");
    await list.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect(page.getByRole("region", { name: "Choose a power supply" })).toBeVisible();
  });

  test("builds a whole working PC on a phone with links alone @mobile", async ({ page }) => {
    await buildSlotBySlot(page, "am5", { hydrated: false });
    await expectCompatibleSummary(page, "am5");
  });
});
