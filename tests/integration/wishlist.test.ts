import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobPayloads } from "~/modules/jobs/jobs";
import { getManagedProduct, updateManagedProduct, type ProductScope } from "~/modules/catalog/manage.server";
import { setProductStatus } from "~/modules/catalog/products.server";
import { announceProductChange } from "~/modules/wishlist/alerts.server";
import { applyWishlistAction, listWishlist, wishlistState } from "~/modules/wishlist/wishlist.server";
import { cancelOrderForUser, placeOrder } from "~/modules/orders/orders.server";
import { seedDemoCatalog, seedReferenceData } from "~/seed/seed.server";
import { insertUsers, shippingAddress } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const SSD = "product-samsung-990-pro-2tb"; // ₹16,999, in stock
const PASSPORT = "product-wd-my-passport-2tb"; // ₹6,999, out of stock
const MOUSE = "product-logitech-mx-master-3s"; // ₹8,995
const BENQ = "product-benq-gw2490"; // ₹8,999
const ADMIN: ProductScope = { kind: "admin" };
const NOW = new Date("2026-11-20T06:00:00.000Z");
const MINUTE = 60_000;
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe.each(testDatabaseKinds)("wishlist and alerts on %s", (kind) => {
  let t: TestDatabase;
  const handled = new Set<string>();
  let clock = NOW.getTime();
  const tick = () => new Date((clock += MINUTE));

  /** The `product.changed` jobs the outbox holds, not yet run here. */
  async function newProductJobs(): Promise<JobPayloads["product.changed"][]> {
    let rows: { id: string; data: JobPayloads["product.changed"] }[];
    if (t.kind === "sqlite") {
      rows = (await t.db.selectFrom("jobs").select(["id", "data"]).where("name", "=", "product.changed").orderBy("created_at").execute()).map((r) => ({ id: r.id, data: JSON.parse(r.data) as JobPayloads["product.changed"] }));
    } else {
      rows = (await sql<{ id: string; data: JobPayloads["product.changed"] }>`select id, data from ${sql.table(`${t.jobsSchema}.job`)} where name = ${"product.changed"} order by created_on`.execute(t.db)).rows;
    }
    const fresh = rows.filter((r) => !handled.has(r.id));
    for (const r of fresh) handled.add(r.id);
    return fresh.map((r) => r.data);
  }

  /** What the worker does: runs every new `product.changed` job; returns what was mailed. */
  async function runJobs(batchSize?: number) {
    const sent = { backInStock: 0, priceDrop: 0 };
    for (const change of await newProductJobs()) {
      const r = await announceProductChange(t, change, batchSize);
      sent.backInStock += r.backInStock;
      sent.priceDrop += r.priceDrop;
    }
    return sent;
  }

  /** The admin's edit form, saved with only price and/or stock changed. */
  async function edit(productId: string, change: { pricePaise?: number; stock?: number }) {
    const p = await getManagedProduct(t.db, ADMIN, productId);
    if (!p) throw new Error(`no product ${productId}`);
    const r = await updateManagedProduct(
      t.db,
      ADMIN,
      productId,
      { name: p.name, description: p.description, pricePaise: change.pricePaise ?? p.pricePaise, category: p.category, stock: change.stock ?? p.stock, featured: p.featured, specifications: p.specifications, vendorId: p.vendorId, declarations: p.declarations },
      undefined,
      { now: tick(), outbox: t.outbox },
    );
    if (!r?.ok) throw new Error("edit refused");
  }

  const mailTo = async (email: string, kindOf: string) =>
    t.db.selectFrom("mail").select(["subject", "text_body", "html_body", "reference"]).where("to_address", "=", email).where("kind", "=", kindOf).orderBy("created_at").execute();
  const add = (userId: string, productId: string) => applyWishlistAction(t.db, userId, { intent: "add", productId }, tick());

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedReferenceData(t.db);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: "u-a", name: "Aditi Rao", email: "aditi@example.in" },
      { id: "u-b", name: "Bharat <b>Singh</b>", email: "bharat@example.in" },
      { id: "u-c", name: "Chitra Nair", email: "chitra@example.in" },
    ]);
  });
  afterAll(async () => t?.destroy());

  it("adds and removes a product, keeping the price it was saved at", async () => {
    expect(await add("u-a", SSD)).toMatchObject({ ok: true, wishlisted: true, notify: true, message: "Samsung 990 PRO 2TB PCIe 4.0 NVMe M.2 SSD is on your wishlist." });
    await edit(SSD, { pricePaise: 17_999_00 });
    // Saving it again keeps the first price.
    expect(await add("u-a", SSD)).toMatchObject({ ok: true, wishlisted: true });
    const { items, alerts } = await listWishlist(t.db, "u-a");
    expect(alerts).toEqual([]);
    expect(items).toEqual([expect.objectContaining({ productId: SSD, savedPricePaise: 16_999_00, pricePaise: 17_999_00, dropPaise: 0, available: true, notify: true })]);
    expect(await wishlistState(t.db, "u-a")).toEqual({ ids: [SSD], alerts: [SSD] });
    // A rise mails no one and adds no job.
    expect(await runJobs()).toEqual({ backInStock: 0, priceDrop: 0 });

    expect(await applyWishlistAction(t.db, "u-a", { intent: "remove", productId: SSD })).toMatchObject({ ok: true, wishlisted: false });
    expect(await wishlistState(t.db, "u-a")).toEqual({ ids: [], alerts: [] });
    // Removing twice is harmless; a missing product cannot be added; alerts need the item.
    expect(await applyWishlistAction(t.db, "u-a", { intent: "remove", productId: SSD })).toMatchObject({ ok: true });
    expect(await add("u-a", "product-nope")).toMatchObject({ ok: false, reason: "not_found" });
    expect(await applyWishlistAction(t.db, "u-a", { intent: "notify", productId: SSD, notify: "off" })).toMatchObject({ ok: false, reason: "not_found" });
    await edit(SSD, { pricePaise: 16_999_00 });
    await runJobs();
  });

  it("mails a price drop once, not again for the same price, again for a further drop", async () => {
    await add("u-a", MOUSE);
    await add("u-b", MOUSE);
    await edit(MOUSE, { pricePaise: 7_999_00 });
    expect(await runJobs()).toEqual({ backInStock: 0, priceDrop: 2 });
    const [first] = await mailTo("aditi@example.in", "wishlist-price-drop");
    expect(first?.subject).toBe("Price drop: Logitech MX Master 3S Wireless Performance Mouse");
    expect(first?.text_body).toContain("now costs ₹7,999.00, down from ₹8,995.00 when you saved it: you save ₹996.00.");
    expect(first?.text_body).toContain(`http://shop.test/products/${MOUSE}`);
    expect(first?.text_body).toContain("http://shop.test/wishlist");
    // A customer's name is text in the HTML part.
    const [bharat] = await mailTo("bharat@example.in", "wishlist-price-drop");
    expect(bharat?.html_body).toContain("Bharat &lt;b&gt;Singh&lt;/b&gt;");
    expect(bharat?.html_body).not.toContain("<b>Singh</b>");

    // Up and back down to the same price: nothing new. The same job run twice: nothing new.
    await edit(MOUSE, { pricePaise: 8_500_00 });
    await edit(MOUSE, { pricePaise: 7_999_00 });
    expect(await runJobs()).toEqual({ backInStock: 0, priceDrop: 0 });
    expect(await announceProductChange(t, { productId: MOUSE, oldPricePaise: 8_995_00, newPricePaise: 7_999_00, oldStock: 46, newStock: 46, changedAt: later(-MINUTE).toISOString() })).toEqual({ backInStock: 0, priceDrop: 0 });

    // Lower than the last mail: mailed again.
    await edit(MOUSE, { pricePaise: 7_499_00 });
    expect(await runJobs()).toEqual({ backInStock: 0, priceDrop: 2 });
    expect((await mailTo("aditi@example.in", "wishlist-price-drop")).map((m) => m.text_body.match(/now costs (₹[\d,]+\.\d\d)/)?.[1])).toEqual(["₹7,999.00", "₹7,499.00"]);
  });

  it("mails 'back in stock' once per return to stock, including a Notify me not on the wishlist", async () => {
    await add("u-a", PASSPORT);
    expect(await applyWishlistAction(t.db, "u-c", { intent: "alert", productId: PASSPORT }, tick())).toMatchObject({ ok: true, wishlisted: false, notify: true });
    expect(await listWishlist(t.db, "u-c")).toMatchObject({ items: [], alerts: [{ productId: PASSPORT, notify: true }] });
    expect(await wishlistState(t.db, "u-c")).toEqual({ ids: [], alerts: [PASSPORT] });

    await edit(PASSPORT, { stock: 5 });
    expect(await runJobs()).toEqual({ backInStock: 2, priceDrop: 0 });
    const [mail] = await mailTo("chitra@example.in", "wishlist-back-in-stock");
    expect(mail).toMatchObject({ subject: "Back in stock: WD My Passport 2TB Portable Hard Drive", reference: PASSPORT });
    expect(mail?.text_body).toContain("is back in stock at ₹6,999.00.");

    // More stock is not a return to stock; the same change again mails no one.
    await edit(PASSPORT, { stock: 9 });
    expect(await runJobs()).toEqual({ backInStock: 0, priceDrop: 0 });

    // Out again, then back: mailed again.
    await edit(PASSPORT, { stock: 0 });
    await edit(PASSPORT, { stock: 2 });
    expect(await runJobs()).toEqual({ backInStock: 2, priceDrop: 0 });
    expect(await mailTo("aditi@example.in", "wishlist-back-in-stock")).toHaveLength(2);
    // Someone who saves it afterwards hears of no earlier change.
    await add("u-b", PASSPORT);
    await edit(PASSPORT, { stock: 3 });
    expect(await runJobs()).toEqual({ backInStock: 0, priceDrop: 0 });
  });

  it("mails 'back in stock' when a cancelled order puts the last one back", async () => {
    const KEYBOARD = "product-logitech-g213-prodigy";
    await edit(KEYBOARD, { stock: 1 });
    const placed = await placeOrder(t, { userId: "u-b", lines: [{ productId: KEYBOARD, quantity: 1 }], address: shippingAddress, paymentMethod: "cod", idempotencyKey: `wl-${kind}` }, tick());
    if (!placed.ok) throw new Error(placed.message);
    expect((await getManagedProduct(t.db, ADMIN, KEYBOARD))?.stock).toBe(0);
    expect(await applyWishlistAction(t.db, "u-c", { intent: "alert", productId: KEYBOARD }, tick())).toMatchObject({ ok: true, notify: true });
    await runJobs();

    expect(await cancelOrderForUser(t, "u-b", placed.number, tick())).toMatchObject({ ok: true });
    expect(await runJobs()).toEqual({ backInStock: 1, priceDrop: 0 });
    expect((await mailTo("chitra@example.in", "wishlist-back-in-stock")).map((m) => m.reference)).toContain(KEYBOARD);
  });

  it("skips customers who turned Notify me off, and products the shop no longer lists", async () => {
    await add("u-a", BENQ);
    await add("u-b", BENQ);
    expect(await applyWishlistAction(t.db, "u-b", { intent: "notify", productId: BENQ, notify: "off" }, tick())).toMatchObject({ ok: true, notify: false, wishlisted: true });
    await edit(BENQ, { pricePaise: 8_499_00 });
    expect(await runJobs()).toEqual({ backInStock: 0, priceDrop: 1 });
    expect(await mailTo("bharat@example.in", "wishlist-price-drop").then((m) => m.filter((x) => x.reference === BENQ))).toEqual([]);

    // Archived after the price cut, before the job ran: no mail.
    await edit(BENQ, { pricePaise: 7_999_00 });
    await setProductStatus(t.db, BENQ, "archived");
    expect(await runJobs()).toEqual({ backInStock: 0, priceDrop: 0 });
    // Still on the list, as no longer sold; removing works.
    expect((await listWishlist(t.db, "u-a")).items.find((i) => i.productId === BENQ)).toMatchObject({ available: false });
    expect(await add("u-c", BENQ)).toMatchObject({ ok: false, reason: "not_found" });
    expect(await applyWishlistAction(t.db, "u-a", { intent: "remove", productId: BENQ })).toMatchObject({ ok: true });
    await setProductStatus(t.db, BENQ, "active");
  });

  it("works through many subscribers in batches, each mailed once", async () => {
    const ids = Array.from({ length: 23 }, (_, i) => `u-many-${String(i).padStart(2, "0")}`);
    await insertUsers(t, ids.map((id) => ({ id, email: `${id}@example.in` })));
    for (const id of ids) await add(id, SSD);
    await applyWishlistAction(t.db, ids[5]!, { intent: "notify", productId: SSD, notify: "off" });
    await edit(SSD, { pricePaise: 15_999_00 });
    const jobs = await newProductJobs();
    expect(jobs).toHaveLength(1);
    // Batches of 4: 22 mails over 6 batches; run twice (a retried job), still 22.
    expect(await announceProductChange(t, jobs[0]!, 4)).toEqual({ backInStock: 0, priceDrop: 22 });
    expect(await announceProductChange(t, jobs[0]!, 4)).toEqual({ backInStock: 0, priceDrop: 0 });
    const mails = await t.db.selectFrom("mail").select("to_address").where("kind", "=", "wishlist-price-drop").where("reference", "=", SSD).execute();
    expect(new Set(mails.map((m) => m.to_address)).size).toBe(22);
    expect(mails).toHaveLength(22);
    expect(mails.map((m) => m.to_address)).not.toContain(`${ids[5]}@example.in`);
  });
});
