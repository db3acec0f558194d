import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statusFor } from "~/lib/outcome";
import { parseCatalogQuery } from "~/modules/catalog/catalog-query";
import { catalogPage } from "~/modules/catalog/listing.server";
import { productsByIds } from "~/modules/catalog/products.server";
import { sellerRating } from "~/modules/catalog/sellers.server";
import { REVIEW_REMINDER_DAYS } from "~/modules/jobs/jobs";
import { answerReview, hideReview, listAdminReviews, listVendorReviews, restoreReview } from "~/modules/reviews/moderation.server";
import { reviewRemindersOn, sendReviewReminder, setReviewReminders } from "~/modules/reviews/reminders.server";
import { seedDemoCatalog } from "~/seed/seed.server";
import { deliveredOrder } from "../support/delivered-order";
import { insertUsers } from "../support/fixtures";
import { insertReview } from "../support/review-rows";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const MACBOOK = "product-apple-macbook-air-13-m4"; // vendor-3
const LENOVO = "product-lenovo-ideapad-slim-5-14-oled"; // vendor-2
const HP = "product-hp-victus-15-ryzen-5-rtx-4050"; // vendor-3
const KEYBOARD = "product-logitech-g213-prodigy"; // vendor-1
const ZOTAC = "product-zotac-geforce-rtx-5070-twin-edge-oc"; // vendor-1
const NOW = new Date("2026-11-20T06:00:00.000Z");
const DAY = 24 * 3_600_000;
const later = (ms: number) => new Date(NOW.getTime() + ms);
const ADMIN = { userId: "u-admin" };

describe.each(testDatabaseKinds)("review answers, moderation, ratings and reminders on %s", (kind) => {
  let t: TestDatabase;
  let orderA: { id: string; number: string };
  let orderB: { id: string; number: string };
  const reviews: Record<string, string> = {};

  const rating = async (productId: string) => (await productsByIds(t.db, [productId])).get(productId)!.rating;
  const mailTo = (to: string, kind: string) => t.db.selectFrom("mail").select(["subject", "text_body", "html_body", "reference"]).where("to_address", "=", to).where("kind", "=", kind).execute();

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: "u-a", name: "Aditi Rao", email: "aditi@example.in" },
      { id: "u-b", name: "Bharat Singh", email: "bharat@example.in" },
      { id: "u-c", name: "Chitra Nair", email: "chitra@example.in" },
      { id: "u-d", name: "Dev Patel", email: "dev@example.in" },
      { id: "u-admin", name: "Admin", email: "admin@example.in", role: "admin" },
    ]);
    orderA = await deliveredOrder(t, {
      userId: "u-a",
      lines: [MACBOOK, LENOVO, HP].map((productId) => ({ productId, quantity: 1 })),
      placedAt: later(-6 * DAY),
      deliveredAt: later(-4 * DAY),
    });
    orderB = await deliveredOrder(t, { userId: "u-b", lines: [{ productId: LENOVO, quantity: 1 }], placedAt: later(-6 * DAY), deliveredAt: later(-4 * DAY) });
    reviews.macbook = await insertReview(t, { productId: MACBOOK, userId: "u-a", orderId: orderA.id, rating: 5, title: "Silent and fast", createdAt: later(-3 * DAY) });
    reviews.lenovoA = await insertReview(t, { productId: LENOVO, userId: "u-a", orderId: orderA.id, rating: 4, title: "Lovely screen", createdAt: later(-2 * DAY) });
    reviews.lenovoB = await insertReview(t, {
      productId: LENOVO,
      userId: "u-b",
      orderId: orderB.id,
      rating: 4,
      title: "Buy it <b>now</b> at http://spam.example",
      body: "</script><script>alert(1)</script>",
      createdAt: later(-1 * DAY),
      reports: [
        { userId: "u-a", reason: "Advertising another shop" },
        { userId: "u-c", reason: "Spam link" },
      ],
    });
    reviews.hp = await insertReview(t, { productId: HP, userId: "u-a", orderId: orderA.id, rating: 3, title: "Does the job", createdAt: later(-2 * DAY), reports: [{ userId: "u-b", reason: "Off topic" }] });
  });
  afterAll(async () => t?.destroy());

  it("shows each product's rating on its card: count and average from the published reviews", async () => {
    expect(await rating(MACBOOK)).toEqual({ count: 1, average: 5 });
    expect(await rating(LENOVO)).toEqual({ count: 2, average: 4 });
    expect(await rating(KEYBOARD)).toEqual({ count: 0, average: 0 });
    // The seller's rating: every published review of their products (vendor-3: 5 and 3).
    expect(await sellerRating(t.db, "vendor-3")).toEqual({ count: 2, average: 4 });
    expect(await sellerRating(t.db, "vendor-2")).toEqual({ count: 2, average: 4 });
    expect(await sellerRating(t.db, "vendor-1")).toEqual({ count: 0, average: 0 });
  });

  it("lets the seller answer a review of their own product once, and refuses another seller", async () => {
    const wrong = await answerReview(t, { userId: "u-v3", vendorId: "vendor-3" }, { reviewId: reviews.lenovoA!, values: { answer: "Thank you!" } });
    expect(wrong).toMatchObject({ ok: false, reason: "forbidden" });
    if (!wrong.ok) expect(statusFor(wrong.reason)).toBe(403);
    const short = await answerReview(t, { userId: "u-v2", vendorId: "vendor-2" }, { reviewId: reviews.lenovoA!, values: { answer: " x " } });
    expect(short).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { answer: "Write an answer of 2 to 2,000 characters." } });
    const missing = await answerReview(t, { userId: "u-v2", vendorId: "vendor-2" }, { reviewId: "no-such-review", values: { answer: "Thank you!" } });
    expect(missing).toMatchObject({ ok: false, reason: "not_found" });

    // Unanswered first on the seller's page.
    const before = await listVendorReviews(t.db, "vendor-2", { page: 1 });
    expect(before.unanswered).toBe(2);
    const answered = await answerReview(t, { userId: "u-v2", vendorId: "vendor-2" }, { reviewId: reviews.lenovoA!, values: { answer: "  Thank you, Aditi. Enjoy the screen!  " } }, NOW);
    expect(answered).toMatchObject({ ok: true });
    const row = await t.db.selectFrom("reviews").select(["reply_body", "reply_user_id", "replied_at"]).where("id", "=", reviews.lenovoA!).executeTakeFirstOrThrow();
    expect(row).toEqual({ reply_body: "Thank you, Aditi. Enjoy the screen!", reply_user_id: "u-v2", replied_at: NOW.toISOString() });
    const history = await t.db.selectFrom("review_history").select(["event", "actor_role", "actor_user_id"]).where("review_id", "=", reviews.lenovoA!).where("event", "=", "replied").execute();
    expect(history).toEqual([{ event: "replied", actor_role: "vendor", actor_user_id: "u-v2" }]);

    const again = await answerReview(t, { userId: "u-v2", vendorId: "vendor-2" }, { reviewId: reviews.lenovoA!, values: { answer: "A second answer" } });
    expect(again).toMatchObject({ ok: false, reason: "conflict", message: "You have already answered this review. An answer is given once and cannot be changed." });
    if (!again.ok) expect(statusFor(again.reason)).toBe(409);
    expect((await t.db.selectFrom("reviews").select("reply_body").where("id", "=", reviews.lenovoA!).executeTakeFirstOrThrow()).reply_body).toBe("Thank you, Aditi. Enjoy the screen!");

    const after = await listVendorReviews(t.db, "vendor-2", { page: 1 });
    expect(after.unanswered).toBe(1);
    expect(after.rows.map((r) => r.id)).toEqual([reviews.lenovoB, reviews.lenovoA]);
    // The seller does not see the reviewer's e-mail address.
    expect(after.rows.every((r) => r.customerEmail === null)).toBe(true);
  });

  it("lists reviews for the admin: the most reported first, then the newest; reported and hidden filters", async () => {
    const all = await listAdminReviews(t.db, { filter: "all", page: 1 });
    expect(all.rows.map((r) => r.id)).toEqual([reviews.lenovoB, reviews.hp, reviews.lenovoA, reviews.macbook]);
    expect(all.rows[0]!.reports.map((r) => r.reason).sort()).toEqual(["Advertising another shop", "Spam link"]);
    expect(all.rows[0]!.history.map((h) => h.event)).toEqual(["published"]);
    const reported = await listAdminReviews(t.db, { filter: "reported", page: 1 });
    expect(reported.rows.map((r) => r.id)).toEqual([reviews.lenovoB, reviews.hp]);
    expect((await listAdminReviews(t.db, { filter: "hidden", page: 1 })).total).toBe(0);
  });

  it("hides a review with a reason: recounts the rating, mails the reviewer (escaped), keeps the history; restores it the same way", async () => {
    const noReason = await hideReview(t, ADMIN, { reviewId: reviews.lenovoB!, values: { reason: "  " } });
    expect(noReason).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { reason: "Write a reason of 3 to 500 characters." } });
    expect(await rating(LENOVO)).toEqual({ count: 2, average: 4 });

    const reason = "Advertises another shop <a href=x>here</a>";
    const hidden = await hideReview(t, ADMIN, { reviewId: reviews.lenovoB!, values: { reason } }, NOW);
    expect(hidden).toMatchObject({ ok: true });
    const row = await t.db.selectFrom("reviews").select(["status", "hidden_reason"]).where("id", "=", reviews.lenovoB!).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "hidden", hidden_reason: reason });
    // A hidden review stops counting at once.
    expect(await rating(LENOVO)).toEqual({ count: 1, average: 4 });
    const mail = await mailTo("bharat@example.in", "review-hidden");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text_body).toContain(reason);
    expect(mail[0]!.html_body).toContain("Advertises another shop &lt;a href=x&gt;here&lt;/a&gt;");
    expect(mail[0]!.html_body).not.toContain("<a href=x>");
    expect(mail[0]!.html_body).toContain("Buy it &lt;b&gt;now&lt;/b&gt;");

    // A second click changes nothing and sends nothing.
    const twice = await hideReview(t, ADMIN, { reviewId: reviews.lenovoB!, values: { reason: "Again" } });
    expect(twice).toMatchObject({ ok: false, reason: "conflict" });
    expect(await mailTo("bharat@example.in", "review-hidden")).toHaveLength(1);
    expect((await listAdminReviews(t.db, { filter: "hidden", page: 1 })).rows.map((r) => r.id)).toEqual([reviews.lenovoB]);

    // Two administrators restoring at once: one change.
    const [r1, r2] = await Promise.all([
      restoreReview(t, ADMIN, { reviewId: reviews.lenovoB!, values: { reason: "The link was removed" } }, later(1000)),
      restoreReview(t, ADMIN, { reviewId: reviews.lenovoB!, values: { reason: "The link was removed" } }, later(1000)),
    ]);
    expect([r1.ok, r2.ok].filter(Boolean)).toHaveLength(1);
    expect(await rating(LENOVO)).toEqual({ count: 2, average: 4 });
    const restoredRow = await t.db.selectFrom("reviews").select(["status", "hidden_reason"]).where("id", "=", reviews.lenovoB!).executeTakeFirstOrThrow();
    expect(restoredRow).toEqual({ status: "published", hidden_reason: null });
    expect(await mailTo("bharat@example.in", "review-restored")).toHaveLength(1);
    const history = await t.db.selectFrom("review_history").select(["event", "actor_role", "note"]).where("review_id", "=", reviews.lenovoB!).orderBy("created_at").execute();
    expect(history).toEqual([
      { event: "published", actor_role: "customer", note: null },
      { event: "hidden", actor_role: "admin", note: reason },
      { event: "restored", actor_role: "admin", note: "The link was removed" },
    ]);
  });

  it("sorts the catalogue by Customer Rating and filters 4★ & above, with its count, in the URL", async () => {
    const laptops = await catalogPage(t.db, parseCatalogQuery(new URLSearchParams("category=Laptop&sort=rating")));
    expect(laptops.products.slice(0, 3).map((p) => p.id)).toEqual([MACBOOK, LENOVO, HP]);
    const facet = (page: Awaited<ReturnType<typeof catalogPage>>) => page.facets.find((f) => f.param === "rating");
    expect(facet(laptops)?.values).toEqual([{ value: "4", label: "4★ & above", count: 2, selected: false }]);

    const fourUp = parseCatalogQuery(new URLSearchParams("category=Laptop&rating=4&sort=rating"));
    expect(fourUp.filters.fourStars).toBe(true);
    const filtered = await catalogPage(t.db, fourUp);
    expect(filtered.products.map((p) => p.id)).toEqual([MACBOOK, LENOVO]);
    expect(filtered.total).toBe(2);
    expect(facet(filtered)?.values).toEqual([{ value: "4", label: "4★ & above", count: 2, selected: true }]);
    // The other filters count only the products rated 4★ & above.
    const brands = filtered.facets.find((f) => f.param === "brand")!.values;
    expect(brands.map((b) => [b.value, b.count]).sort()).toEqual([
      ["Apple", 1],
      ["Lenovo", 1],
    ]);

    // With a brand chosen too; and across the whole catalogue, with a price range.
    const apple = await catalogPage(t.db, parseCatalogQuery(new URLSearchParams("category=Laptop&brand=Dell&rating=4")));
    expect(apple.total).toBe(0);
    expect(facet(apple)?.values[0]).toMatchObject({ count: 0, selected: true });
    const everywhere = await catalogPage(t.db, parseCatalogQuery(new URLSearchParams("rating=4&price=50000-75000&price=75000-100000&price=100000-150000&price=150000-")));
    expect(everywhere.products.map((p) => p.id).sort()).toEqual([LENOVO, MACBOOK].sort());
    expect(facet(everywhere)?.values[0]).toMatchObject({ count: 2, selected: true });

    // The price ranges count the rated products only (one pass over their index, migration 0024).
    const rated = await catalogPage(t.db, parseCatalogQuery(new URLSearchParams("rating=4")));
    const priceCounts = rated.facets.find((f) => f.param === "price")!.values.filter((v) => v.count > 0);
    expect(priceCounts.map((v) => [v.value, v.count])).toEqual([
      ["50000-75000", 1],
      ["75000-100000", 1],
    ]);

    // A search: its matches filtered and sorted the same way.
    const searched = await catalogPage(t.db, parseCatalogQuery(new URLSearchParams("q=laptop&rating=4&sort=rating")));
    expect(searched.products.every((p) => p.rating.average >= 4)).toBe(true);
    expect(facet(searched)?.values[0]).toMatchObject({ count: searched.total, selected: true });
    const unfiltered = await catalogPage(t.db, parseCatalogQuery(new URLSearchParams("q=laptop&sort=rating")));
    const ids = unfiltered.products.map((p) => p.id);
    expect(ids.indexOf(MACBOOK)).toBeLessThan(ids.indexOf(LENOVO));
    expect(facet(unfiltered)?.values[0]).toMatchObject({ count: searched.total, selected: false });
  });

  it("asks for a review a few days after delivery, once per order part, only for what is not reviewed, never to who turned it off", async () => {
    const orderC = await deliveredOrder(t, {
      userId: "u-c",
      lines: [
        { productId: KEYBOARD, quantity: 1 },
        { productId: ZOTAC, quantity: 1 },
      ],
      placedAt: later(-2 * DAY),
      deliveredAt: NOW,
    });
    // Delivering added the job, due REVIEW_REMINDER_DAYS later (the queue's own clock).
    const due = Date.now() + REVIEW_REMINDER_DAYS * DAY;
    let jobs: { orderId: string; vendorId: string; at: number }[];
    if (t.kind === "sqlite") {
      const rows = await t.db.selectFrom("jobs").select(["data", "run_after"]).where("name", "=", "review.remind").execute();
      jobs = rows.map((j) => ({ ...(JSON.parse(j.data) as { orderId: string; vendorId: string }), at: new Date(j.run_after).getTime() }));
    } else {
      const { rows } = await sql<{ data: { orderId: string; vendorId: string }; start_after: Date }>`select data, start_after from ${sql.table(`${t.jobsSchema}.job`)} where name = ${"review.remind"}`.execute(t.db);
      jobs = rows.map((r) => ({ ...r.data, at: new Date(r.start_after).getTime() }));
    }
    const mine = jobs.filter((j) => j.orderId === orderC.id);
    expect(mine.map((j) => j.vendorId)).toEqual(["vendor-1"]);
    expect(Math.abs(mine[0]!.at - due)).toBeLessThan(60_000);

    // The keyboard is reviewed already: only the graphics card is asked about.
    await insertReview(t, { productId: KEYBOARD, userId: "u-c", orderId: orderC.id, rating: 5 });
    expect(await sendReviewReminder(t, { orderId: orderC.id, vendorId: "vendor-1" })).toBe("sent");
    const mail = await mailTo("chitra@example.in", "review-reminder");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.reference).toBe(orderC.number);
    expect(mail[0]!.text_body).toContain(`/products/${ZOTAC}/review`);
    expect(mail[0]!.text_body).not.toContain(`/products/${KEYBOARD}/review`);
    expect(mail[0]!.text_body).toContain("/profile");
    // Once per part.
    expect(await sendReviewReminder(t, { orderId: orderC.id, vendorId: "vendor-1" })).toBe("already");
    expect(await mailTo("chitra@example.in", "review-reminder")).toHaveLength(1);

    // Turned off on the profile (read when the job runs): nothing is sent.
    const orderD = await deliveredOrder(t, { userId: "u-d", lines: [{ productId: KEYBOARD, quantity: 1 }], placedAt: later(-2 * DAY), deliveredAt: NOW });
    expect(await reviewRemindersOn(t.db, "u-d")).toBe(true);
    await setReviewReminders(t.db, "u-d", false);
    expect(await reviewRemindersOn(t.db, "u-d")).toBe(false);
    expect(await sendReviewReminder(t, { orderId: orderD.id, vendorId: "vendor-1" })).toBe("opted_out");
    expect(await mailTo("dev@example.in", "review-reminder")).toHaveLength(0);
    await setReviewReminders(t.db, "u-d", true);
    expect(await reviewRemindersOn(t.db, "u-d")).toBe(true);

    // Everything reviewed already: nothing to ask.
    expect(await sendReviewReminder(t, { orderId: orderA.id, vendorId: "vendor-3" })).toBe("nothing_to_review");
    expect(await mailTo("aditi@example.in", "review-reminder")).toHaveLength(0);
  });
});
