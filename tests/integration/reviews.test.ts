import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recountRating } from "~/modules/catalog/ratings.server";
import { placeOrder } from "~/modules/orders/orders.server";
import { submitReviewForm } from "~/modules/reviews/review-form.server";
import { REVIEW_MESSAGES, helpfulVotesOn, productReviews, reportReview, reviewEligibility, voteHelpful, writeReview, type Reviewer } from "~/modules/reviews/reviews.server";
import { REVIEW_FORM_MESSAGES, reviewsJsonLd } from "~/modules/reviews/rules";
import type { ImageStore } from "~/modules/storage/images.server";
import { seedDemoCatalog } from "~/seed/seed.server";
import { deliveredOrder } from "../support/delivered-order";
import { insertUsers, shippingAddress } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const MOUSE = "product-logitech-mx-master-3s"; // vendor-3
const SSD = "product-samsung-990-pro-2tb"; // vendor-2
const HEADPHONES = "product-sony-wh-1000xm5";

const PLACED = new Date("2026-11-10T06:00:00.000Z");
const DELIVERED = new Date("2026-11-12T06:00:00.000Z");
const at = (hours: number) => new Date(DELIVERED.getTime() + hours * 3_600_000);

const customer = (id: string): Reviewer => ({ id, role: "customer", isAdmin: false });
const review = (rating: number, title = "Works well", body = "Does what it says, every day.") => ({ rating, title, body, photos: null });

/** A 1×1 PNG: a photo the shop accepts by its bytes. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** Images kept in memory; `failAfter` saves make the next one fail, as a full disk or a bucket refusing would. */
function memoryImages(failAfter = Infinity) {
  const stored = new Set<string>();
  let saves = 0;
  const store: ImageStore = {
    async save() {
      if (++saves > failAfter) throw new Error("storage refused");
      const url = `/uploads/products/${crypto.randomUUID()}.png`;
      stored.add(url);
      return url;
    },
    async remove(url) {
      if (url) stored.delete(url);
    },
    async open() {
      return null;
    },
  };
  return { store, stored };
}

function reviewPost(fields: Record<string, string>, photos: { bytes: Uint8Array; name: string }[] = [], removePhotos: string[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const url of removePhotos) form.append("removePhotos", url);
  for (const p of photos) form.append("photos", new Blob([p.bytes as BlobPart], { type: "image/png" }), p.name);
  return new Request("http://shop.test/products/x/review", { method: "POST", body: form });
}

describe.each(testDatabaseKinds)("reviews on %s", (kind) => {
  let t: TestDatabase;
  const delivered = (userId: string, productId: string) => deliveredOrder(t, { userId, lines: [{ productId, quantity: 1 }], placedAt: PLACED, deliveredAt: DELIVERED });
  const ratingOf = async (id: string) => t.db.selectFrom("products").select(["rating_count", "rating_sum", "rating_score"]).where("id", "=", id).executeTakeFirstOrThrow();
  const historyOf = async (reviewId: string) => (await t.db.selectFrom("review_history").select("event").where("review_id", "=", reviewId).orderBy("created_at").execute()).map((h) => h.event);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: "u-a", name: "Aditi Rao" },
      { id: "u-b", name: "Bharat Singh" },
      { id: "u-c", name: "Chitra Menon" },
      { id: "u-new", name: "Nikhil Jain" },
      { id: "u-v1", name: "Rohan Mehta", role: "vendor" },
      { id: "u-admin", name: "Shop Admin", role: "admin" },
    ]);
    await t.db.updateTable("vendors").set({ owner_user_id: "u-v1" }).where("id", "=", "vendor-3").execute();
    await delivered("u-a", MOUSE);
    await delivered("u-b", MOUSE);
    await delivered("u-c", MOUSE);
    await delivered("u-a", SSD);
    // The seller and the admin bought the mouse too: still no review from them.
    await delivered("u-v1", MOUSE);
    await delivered("u-admin", MOUSE);
  });
  afterAll(async () => t?.destroy());

  it("lets only a customer with a delivered item review, saying why not otherwise", async () => {
    expect(await reviewEligibility(t.db, customer("u-a"), MOUSE)).toMatchObject({ ok: true, existing: null, product: { id: MOUSE } });
    expect(await reviewEligibility(t.db, customer("u-a"), "product-nope")).toMatchObject({ ok: false, reason: "not_found" });
    expect(await reviewEligibility(t.db, { id: "u-v1", role: "vendor" }, MOUSE)).toEqual({ ok: false, reason: "own_product", message: REVIEW_MESSAGES.ownProduct });
    expect(await reviewEligibility(t.db, { id: "u-admin", role: "admin", isAdmin: true }, MOUSE)).toEqual({ ok: false, reason: "not_customer", message: REVIEW_MESSAGES.notCustomer });
    // Never bought it.
    expect(await reviewEligibility(t.db, customer("u-new"), MOUSE)).toEqual({ ok: false, reason: "not_delivered", message: REVIEW_MESSAGES.notDelivered });
    // Bought, not delivered yet: the same refusal, until the seller marks it delivered.
    const placed = await placeOrder(t, { userId: "u-new", lines: [{ productId: HEADPHONES, quantity: 1 }], address: shippingAddress, paymentMethod: "cod", idempotencyKey: `rev-${kind}-pending` }, PLACED);
    expect(placed.ok).toBe(true);
    expect(await reviewEligibility(t.db, customer("u-new"), HEADPHONES)).toMatchObject({ ok: false, reason: "not_delivered" });
    // The module refuses a write too, whatever the route did.
    expect(await writeReview(t.db, customer("u-new"), { productId: HEADPHONES, ...review(5) })).toMatchObject({ ok: false, reason: "not_delivered" });
    expect(await writeReview(t.db, { id: "u-v1", role: "vendor" }, { productId: MOUSE, ...review(5) })).toMatchObject({ ok: false, reason: "own_product" });
    expect(await t.db.selectFrom("reviews").select("id").where("product_id", "in", [MOUSE, HEADPHONES]).execute()).toEqual([]);
  });

  it("keeps one review per customer and product: a second post edits it, and the rating is recounted each time", async () => {
    const first = await writeReview(t.db, customer("u-a"), { productId: MOUSE, ...review(5, "Best mouse I owned") }, at(1));
    expect(first).toMatchObject({ ok: true, created: true });
    if (!first.ok) throw new Error(first.message);
    expect(await ratingOf(MOUSE)).toMatchObject({ rating_count: 1, rating_sum: 5, rating_score: 500 });
    expect(await reviewEligibility(t.db, customer("u-a"), MOUSE)).toMatchObject({ ok: true, existing: { id: first.id, rating: 5, title: "Best mouse I owned" } });

    const edit = await writeReview(t.db, customer("u-a"), { productId: MOUSE, ...review(3, "Good, but the wheel squeaks") }, at(2));
    expect(edit).toMatchObject({ ok: true, id: first.id, created: false });
    expect(await t.db.selectFrom("reviews").select(["id", "rating", "title", "created_at"]).where("product_id", "=", MOUSE).execute()).toEqual([
      { id: first.id, rating: 3, title: "Good, but the wheel squeaks", created_at: at(1).toISOString() },
    ]);
    expect(await historyOf(first.id)).toEqual(["published", "edited"]);
    expect(await ratingOf(MOUSE)).toMatchObject({ rating_count: 1, rating_sum: 3, rating_score: 300 });

    expect(await writeReview(t.db, customer("u-b"), { productId: MOUSE, ...review(4) }, at(3))).toMatchObject({ ok: true, created: true });
    // (3 + 4) / 2 = 3.5
    expect(await ratingOf(MOUSE)).toMatchObject({ rating_count: 2, rating_sum: 7, rating_score: 350 });
  });

  it("lists published reviews with the histogram, sorted, filtered and paged; a hidden one stops counting", async () => {
    const c = await writeReview(t.db, customer("u-c"), { productId: MOUSE, ...review(4, "Comfortable", "Comfortable for long days, battery lasts weeks.") }, at(4));
    if (!c.ok) throw new Error(c.message);
    let page = await productReviews(t.db, MOUSE, { sort: "newest", stars: null, page: 1 });
    expect(page).toMatchObject({ rating: { count: 3, average: 3.7 }, histogram: { 5: 0, 4: 2, 3: 1, 2: 0, 1: 0 }, matching: 3, page: 1, pageCount: 1 });
    expect(page!.reviews.map((r) => r.reviewer)).toEqual(["Chitra M.", "Bharat S.", "Aditi R."]);
    expect(page!.reviews[0]).toMatchObject({ verified: true, rating: 4, title: "Comfortable", helpful: 0, reply: null, photos: [] });
    const fours = await productReviews(t.db, MOUSE, { sort: "newest", stars: 4, page: 1 });
    expect(fours!.reviews.map((r) => r.reviewer)).toEqual(["Chitra M.", "Bharat S."]);
    expect(fours!.matching).toBe(2);
    // A page past the last is the last.
    expect((await productReviews(t.db, MOUSE, { sort: "helpful", stars: null, page: 9 }))!.page).toBe(1);

    // Hidden (as the admin's page does it): gone from the list, the histogram and the rating at once.
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable("reviews").set({ status: "hidden", hidden_reason: "Off topic" }).where("id", "=", c.id).execute();
      await recountRating(trx, MOUSE);
    });
    page = await productReviews(t.db, MOUSE, { sort: "newest", stars: null, page: 1 });
    expect(page).toMatchObject({ rating: { count: 2, average: 3.5 }, histogram: { 4: 1, 3: 1 }, matching: 2 });
    expect(page!.reviews.map((r) => r.id)).not.toContain(c.id);
    expect(await ratingOf(MOUSE)).toMatchObject({ rating_count: 2, rating_sum: 7, rating_score: 350 });
    // Restored.
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable("reviews").set({ status: "published", hidden_reason: null }).where("id", "=", c.id).execute();
      await recountRating(trx, MOUSE);
    });
    expect((await productReviews(t.db, MOUSE, { sort: "newest", stars: null, page: 1 }))!.rating.count).toBe(3);
  });

  it("pages ten reviews at a time, most helpful first", async () => {
    const ids = Array.from({ length: 11 }, (_, i) => `u-page-${i}`);
    await insertUsers(t, ids.map((id, i) => ({ id, name: `Pager Person${i}` })));
    for (const [i, id] of ids.entries()) {
      await delivered(id, SSD);
      const w = await writeReview(t.db, customer(id), { productId: SSD, ...review((i % 5) + 1, `Review number ${i}`) }, at(10 + i));
      if (!w.ok) throw new Error(w.message);
    }
    const oldest = (await t.db.selectFrom("reviews").select("id").where("product_id", "=", SSD).where("title", "=", "Review number 0").executeTakeFirstOrThrow()).id;
    expect(await voteHelpful(t.db, customer("u-b"), oldest)).toMatchObject({ ok: true, done: true });
    const first = await productReviews(t.db, SSD, { sort: "helpful", stars: null, page: 1 });
    expect(first).toMatchObject({ matching: 11, page: 1, pageCount: 2 });
    expect(first!.reviews).toHaveLength(10);
    expect(first!.reviews[0]).toMatchObject({ id: oldest, helpful: 1 });
    const second = await productReviews(t.db, SSD, { sort: "helpful", stars: null, page: 2 });
    expect(second!.reviews).toHaveLength(1);
    expect(new Set([...first!.reviews, ...second!.reviews].map((r) => r.id)).size).toBe(11);
    expect((await productReviews(t.db, SSD, { sort: "newest", stars: null, page: 1 }))!.reviews[0]!.title).toBe("Review number 10");
  });

  it("counts one Helpful vote per account, never on one's own review; voting again takes it back", async () => {
    const r = await t.db.selectFrom("reviews").select("id").where("product_id", "=", MOUSE).where("user_id", "=", "u-a").executeTakeFirstOrThrow();
    const helpful = async () => Number((await t.db.selectFrom("reviews").select("helpful_count").where("id", "=", r.id).executeTakeFirstOrThrow()).helpful_count);
    expect(await voteHelpful(t.db, customer("u-a"), r.id)).toEqual({ ok: false, reason: "own_review", message: REVIEW_MESSAGES.ownReview });
    expect(await voteHelpful(t.db, customer("u-b"), r.id)).toMatchObject({ ok: true, done: true, productId: MOUSE });
    expect(await voteHelpful(t.db, customer("u-new"), r.id)).toMatchObject({ ok: true, done: true });
    expect(await helpful()).toBe(2);
    // Each customer's own votes on a product, for its Helpful buttons.
    expect(await helpfulVotesOn(t.db, "u-b", MOUSE)).toEqual([r.id]);
    expect(await helpfulVotesOn(t.db, "u-b", HEADPHONES)).toEqual([]);
    expect(await helpfulVotesOn(t.db, "u-c", MOUSE)).toEqual([]);
    expect(await voteHelpful(t.db, customer("u-b"), r.id)).toMatchObject({ ok: true, done: false });
    expect(await helpful()).toBe(1);
    expect(await helpfulVotesOn(t.db, "u-b", MOUSE)).toEqual([]);
    expect(await voteHelpful(t.db, customer("u-b"), "no-such-review")).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("takes one report per account, with a reason from the list, and records it", async () => {
    const r = await t.db.selectFrom("reviews").select("id").where("product_id", "=", MOUSE).where("user_id", "=", "u-b").executeTakeFirstOrThrow();
    expect(await reportReview(t.db, customer("u-c"), r.id, "because")).toEqual({ ok: false, reason: "invalid", message: REVIEW_MESSAGES.reportReason });
    expect(await reportReview(t.db, customer("u-b"), r.id, "spam")).toMatchObject({ ok: false, reason: "own_review" });
    expect(await reportReview(t.db, customer("u-c"), r.id, "spam")).toMatchObject({ ok: true });
    expect(await reportReview(t.db, customer("u-c"), r.id, "offensive")).toEqual({ ok: false, reason: "already", message: REVIEW_MESSAGES.alreadyReported });
    expect(await reportReview(t.db, customer("u-new"), r.id, "fake")).toMatchObject({ ok: true });
    const row = await t.db.selectFrom("reviews").select("report_count").where("id", "=", r.id).executeTakeFirstOrThrow();
    expect(Number(row.report_count)).toBe(2);
    expect(await historyOf(r.id)).toEqual(["published", "reported", "reported"]);
  });

  describe("the review form with photos", () => {
    const fields = { rating: "5", title: "Fast and cool", body: "Copies a 40 GB folder in under a minute." };
    const png = (n: number) => Array.from({ length: n }, (_, i) => ({ bytes: PNG, name: `p${i}.png` }));

    it("stores up to four photos with the review, and refuses a fifth or a file that is no image, storing nothing", async () => {
      await insertUsers(t, [{ id: "u-photo", name: "Farah Photo" }]);
      await delivered("u-photo", HEADPHONES);
      const images = memoryImages();
      const deps = { db: t.db, images: images.store };
      const tooMany = await submitReviewForm(deps, reviewPost(fields, png(5)), customer("u-photo"), HEADPHONES);
      expect(tooMany).toMatchObject({ ok: false, status: "invalid", reply: { fieldErrors: { photos: REVIEW_FORM_MESSAGES.photosTooMany }, values: { title: "Fast and cool" } } });
      const notImage = await submitReviewForm(deps, reviewPost(fields, [{ bytes: new TextEncoder().encode("<svg></svg>"), name: "x.png" }]), customer("u-photo"), HEADPHONES);
      expect(notImage).toMatchObject({ ok: false, reply: { fieldErrors: { photos: REVIEW_FORM_MESSAGES.photoType } } });
      const short = await submitReviewForm(deps, reviewPost({ ...fields, body: "short" }, png(1)), customer("u-photo"), HEADPHONES);
      expect(short).toMatchObject({ ok: false, reply: { fieldErrors: { body: REVIEW_FORM_MESSAGES.body } } });
      expect(images.stored.size).toBe(0);
      expect(await t.db.selectFrom("reviews").select("id").where("user_id", "=", "u-photo").execute()).toEqual([]);

      expect(await submitReviewForm(deps, reviewPost(fields, png(4)), customer("u-photo"), HEADPHONES)).toEqual({ ok: true, created: true });
      const own = await reviewEligibility(t.db, customer("u-photo"), HEADPHONES);
      expect(own.ok && own.existing?.photos).toEqual([...images.stored]);
      expect(images.stored.size).toBe(4);

      // An edit keeps the photos not ticked to remove and adds the new ones, at most four in all:
      // more is refused beside the field, nothing stored, the ticks kept for the form.
      const [p0, p1, p2, p3] = [...images.stored];
      const photosOf = async () => {
        const own = await reviewEligibility(t.db, customer("u-photo"), HEADPHONES);
        return own.ok ? own.existing?.photos : undefined;
      };
      const five = await submitReviewForm(deps, reviewPost({ ...fields, rating: "4" }, png(2), [p0!]), customer("u-photo"), HEADPHONES);
      expect(five).toMatchObject({ ok: false, status: "invalid", reply: { fieldErrors: { photos: REVIEW_FORM_MESSAGES.photosInAll }, values: { removePhotos: p0 } } });
      expect(images.stored.size).toBe(4);
      expect(await photosOf()).toEqual([p0, p1, p2, p3]);
      // Two removed, one added: removed from storage once committed, the kept ones first.
      expect(await submitReviewForm(deps, reviewPost({ ...fields, rating: "4" }, png(1), [p0!, p1!]), customer("u-photo"), HEADPHONES)).toEqual({ ok: true, created: false });
      const added = [...images.stored].find((url) => ![p0, p1, p2, p3].includes(url));
      expect(images.stored).toEqual(new Set([p2, p3, added]));
      expect(await photosOf()).toEqual([p2, p3, added]);
      // Without photos or ticks, an edit keeps them.
      expect(await submitReviewForm(deps, reviewPost({ ...fields, rating: "3" }), customer("u-photo"), HEADPHONES)).toEqual({ ok: true, created: false });
      const after = await reviewEligibility(t.db, customer("u-photo"), HEADPHONES);
      expect(after.ok && after.existing).toMatchObject({ rating: 3, photos: [p2, p3, added] });
      // Removing every photo leaves none; an address that is not one of the review's is ignored.
      const strangers = "/uploads/products/someone-elses.png";
      expect(await submitReviewForm(deps, reviewPost(fields, [], [p2!, p3!, added!, strangers]), customer("u-photo"), HEADPHONES)).toEqual({ ok: true, created: false });
      expect(await photosOf()).toEqual([]);
      expect(images.stored.size).toBe(0);
      // The module refuses more than four, whoever calls it.
      expect(await writeReview(t.db, customer("u-photo"), { productId: HEADPHONES, ...review(5), photos: ["a", "b", "c", "d", "e"] })).toMatchObject({ ok: false, reason: "invalid" });
      // Counting those it keeps, in the same transaction as the write.
      expect(await writeReview(t.db, customer("u-photo"), { productId: HEADPHONES, ...review(5), photos: ["a", "b", "c"] })).toMatchObject({ ok: true });
      expect(await writeReview(t.db, customer("u-photo"), { productId: HEADPHONES, ...review(5), photos: ["d", "e"] })).toMatchObject({ ok: false, reason: "invalid" });
      expect(await writeReview(t.db, customer("u-photo"), { productId: HEADPHONES, ...review(5), photos: ["d", "e"], removePhotos: ["a"] })).toMatchObject({ ok: true, removedPhotos: ["a"] });
      expect(await photosOf()).toEqual(["b", "c", "d", "e"]);
    });

    it("writes nothing when a photo cannot be stored, and removes those that were", async () => {
      await insertUsers(t, [{ id: "u-fail", name: "Gopal Fail" }]);
      await delivered("u-fail", HEADPHONES);
      const images = memoryImages(2);
      const r = await submitReviewForm({ db: t.db, images: images.store }, reviewPost(fields, png(3)), customer("u-fail"), HEADPHONES);
      expect(r).toMatchObject({ ok: false, status: "server", reply: { formError: REVIEW_FORM_MESSAGES.photosFailed } });
      expect(images.stored.size).toBe(0);
      expect(await t.db.selectFrom("reviews").select("id").where("user_id", "=", "u-fail").execute()).toEqual([]);
    });

    it("removes the stored photos when the review is refused", async () => {
      const images = memoryImages();
      const r = await submitReviewForm({ db: t.db, images: images.store }, reviewPost(fields, png(2)), customer("u-new"), MOUSE);
      expect(r).toMatchObject({ ok: false, status: "forbidden", reply: { formError: REVIEW_MESSAGES.notDelivered } });
      expect(images.stored.size).toBe(0);
    });
  });

  it("carries hostile text into the JSON-LD as plain data (tests/e2e/reviews.spec.ts checks the page's script elements)", async () => {
    await insertUsers(t, [{ id: "u-x", name: "Xena Script" }]);
    await delivered("u-x", HEADPHONES);
    const hostile = "</script><script>alert(1)</script>";
    expect(await writeReview(t.db, customer("u-x"), { productId: HEADPHONES, rating: 1, title: hostile, body: `Bad ${hostile} http://evil.example`, photos: null })).toMatchObject({ ok: true });
    const page = await productReviews(t.db, HEADPHONES, { sort: "newest", stars: null, page: 1 });
    const ld = reviewsJsonLd(page!);
    expect((ld.review as { name: string }[])[0]!.name).toBe(hostile);
  });
});
