import { sql, type Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { Refusal, RefusalKinds } from "~/lib/outcome";
import { ratingFromScore } from "~/modules/catalog/ratings";
import { recountRating } from "~/modules/catalog/ratings.server";
import type { Role } from "~/modules/identity/roles";
import {
  MAX_REVIEW_PHOTOS,
  REVIEWS_PAGE_SIZE,
  isReportReason,
  reviewerName,
  type ProductReviewsPage,
  type ReviewListQuery,
  type StarCounts,
} from "./rules";
import type { ReviewFields } from "./parse-review";

/**
 * Reviews on the server (docs/product-rules.md, "Reviews"): who may review a product, writing and
 * editing one with its photos, the product page's list, helpful votes and reports. Every change of
 * a review's stars or status recounts the product's rating in its own transaction.
 */

export type ReviewRefusalReason = "not_found" | "not_customer" | "own_product" | "not_delivered" | "invalid" | "own_review" | "already";

export const REVIEW_REFUSALS: RefusalKinds<ReviewRefusalReason> = {
  not_found: "not_found",
  not_customer: "forbidden",
  own_product: "forbidden",
  not_delivered: "forbidden",
  invalid: "invalid",
  own_review: "forbidden",
  already: "conflict",
};

export const REVIEW_MESSAGES = {
  notFound: "That product or review could not be found.",
  notCustomer: "Only customers who bought this product can review it.",
  ownProduct: "You sell this product, so you can't review it.",
  notDelivered: "You can review this product once an order of it has been delivered to you.",
  tooManyPhotos: `A review can have at most ${MAX_REVIEW_PHOTOS} photos.`,
  ownReview: "You can't vote for or report your own review.",
  alreadyReported: "You have already reported this review.",
  reportReason: "Choose why you are reporting this review.",
} as const;

/** Who is asking: the signed-in user as the pages see them. */
export interface Reviewer {
  id: string;
  role: Role;
  isAdmin?: boolean;
}

type Db = Kysely<Database>;
type ReviewRefusal = Refusal<ReviewRefusalReason>;
const refuse = (reason: ReviewRefusalReason, message: string): ReviewRefusal => ({ ok: false, reason, message });

/** A customer's own review, as the review form shows it to them (hidden ones too, with why). */
export interface OwnReview {
  id: string;
  rating: number;
  title: string;
  body: string;
  status: string;
  hiddenReason: string | null;
  photos: string[];
}

export type Eligibility = { ok: true; orderId: string; existing: OwnReview | null; product: { id: string; name: string } } | ReviewRefusal;

/**
 * Whether `user` may review `productId`: a customer (not the seller of the product, not an
 * administrator) with an item of it in a seller's part that was delivered. A return does not
 * matter. Someone who has already reviewed it may: they edit their review.
 */
export async function reviewEligibility(db: Db, user: Reviewer, productId: string): Promise<Eligibility> {
  const product = await db
    .selectFrom("products")
    .innerJoin("vendors", "vendors.id", "products.vendor_id")
    .select(["products.id", "products.name", "vendors.owner_user_id"])
    .where("products.id", "=", productId)
    .executeTakeFirst();
  if (!product) return refuse("not_found", REVIEW_MESSAGES.notFound);
  if (product.owner_user_id === user.id) return refuse("own_product", REVIEW_MESSAGES.ownProduct);
  if (user.role !== "customer" || user.isAdmin) return refuse("not_customer", REVIEW_MESSAGES.notCustomer);
  const delivered = await db
    .selectFrom("order_items")
    .innerJoin("order_parts", (j) => j.onRef("order_parts.order_id", "=", "order_items.order_id").onRef("order_parts.vendor_id", "=", "order_items.vendor_id"))
    .select(["order_items.order_id", "order_parts.delivered_at"])
    .where("order_parts.customer_user_id", "=", user.id)
    .where("order_items.product_id", "=", productId)
    .where("order_parts.status", "=", "delivered")
    .orderBy("order_parts.delivered_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!delivered) return refuse("not_delivered", REVIEW_MESSAGES.notDelivered);
  return { ok: true, orderId: delivered.order_id, existing: await ownReview(db, user.id, productId), product: { id: product.id, name: product.name } };
}

export async function ownReview(db: Db, userId: string, productId: string): Promise<OwnReview | null> {
  const r = await db
    .selectFrom("reviews")
    .select(["id", "rating", "title", "body", "status", "hidden_reason"])
    .where("product_id", "=", productId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!r) return null;
  const photos = await db.selectFrom("review_photos").select("url").where("review_id", "=", r.id).orderBy("position").execute();
  return { id: r.id, rating: Number(r.rating), title: r.title, body: r.body, status: r.status, hiddenReason: r.hidden_reason, photos: photos.map((p) => p.url) };
}

export type WriteReviewResult = { ok: true; id: string; created: boolean; removedPhotos: string[] } | ReviewRefusal;

/** An edit's photos: those kept (all but the ones the reviewer removed) and then the new ones. */
export function photosAfterEdit(existing: readonly string[], removed: readonly string[], added: readonly string[]): string[] {
  return [...existing.filter((url) => !removed.includes(url)), ...added];
}

/**
 * Writes `user`'s review of a product, or edits the one they wrote (same id, history "edited").
 * `photos` are added to the review's photos, after those in `removePhotos` are taken off (an
 * address that is not one of the review's is ignored); at most four in all. The review, its
 * photos, its history and the product's rating are written in one transaction: nothing
 * half-written. The photos an edit took off are returned, for the caller to remove from storage
 * once committed.
 */
export async function writeReview(
  db: Db,
  user: Reviewer,
  input: ReviewFields & { productId: string; photos: readonly string[] | null; removePhotos?: readonly string[] },
  now = new Date(),
): Promise<WriteReviewResult> {
  const added = input.photos ?? [];
  if (added.length > MAX_REVIEW_PHOTOS) return refuse("invalid", REVIEW_MESSAGES.tooManyPhotos);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const eligible = await reviewEligibility(trx, user, input.productId);
    if (!eligible.ok) return eligible;
    const existing = eligible.existing;
    const before = existing?.photos ?? [];
    const photos = photosAfterEdit(before, input.removePhotos ?? [], added);
    if (photos.length > MAX_REVIEW_PHOTOS) return refuse("invalid", REVIEW_MESSAGES.tooManyPhotos);
    const photosChanged = photos.length !== before.length || photos.some((url, i) => url !== before[i]);
    let id: string;
    let removedPhotos: string[] = [];
    if (existing) {
      id = existing.id;
      await trx
        .updateTable("reviews")
        .set({ rating: input.rating, title: input.title, body: input.body, order_id: eligible.orderId, updated_at: at })
        .where("id", "=", id)
        .execute();
      if (photosChanged) {
        removedPhotos = before.filter((url) => !photos.includes(url));
        await trx.deleteFrom("review_photos").where("review_id", "=", id).execute();
      }
    } else {
      id = crypto.randomUUID();
      const inserted = await trx
        .insertInto("reviews")
        .values({
          id,
          product_id: input.productId,
          user_id: user.id,
          order_id: eligible.orderId,
          rating: input.rating,
          title: input.title,
          body: input.body,
          status: "published",
          hidden_reason: null,
          reply_body: null,
          reply_user_id: null,
          replied_at: null,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.columns(["product_id", "user_id"]).doNothing())
        .executeTakeFirst();
      // A second post of the same form that lost the race: the first one wrote the review.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return refuse("already", "You have already reviewed this product; reload the page to edit your review.");
    }
    if (photosChanged && photos.length > 0) {
      await trx
        .insertInto("review_photos")
        .values(photos.map((url, position) => ({ review_id: id, position, url })))
        .execute();
    }
    await trx
      .insertInto("review_history")
      .values({ id: crypto.randomUUID(), review_id: id, event: existing ? "edited" : "published", actor_user_id: user.id, actor_role: "customer", note: null, created_at: at })
      .execute();
    await recountRating(trx, input.productId);
    return { ok: true as const, id, created: !existing, removedPhotos };
  });
}

/** The product page's reviews: a page of published ones, sorted and filtered, with the histogram and the product's one rating. */
export async function productReviews(db: Db, productId: string, query: ReviewListQuery): Promise<ProductReviewsPage | null> {
  const product = await db.selectFrom("products").select(["rating_count", "rating_score"]).where("id", "=", productId).executeTakeFirst();
  if (!product) return null;
  const rating = ratingFromScore(Number(product.rating_count), Number(product.rating_score));
  const histogram: StarCounts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  if (rating.count === 0) return { rating, histogram, reviews: [], matching: 0, page: 1, pageCount: 1 };
  const counts = await db
    .selectFrom("reviews")
    .select(["rating", sql<number>`count(*)`.as("n")])
    .where("product_id", "=", productId)
    .where("status", "=", "published")
    .groupBy("rating")
    .execute();
  for (const c of counts) {
    const stars = Number(c.rating);
    if (stars >= 1 && stars <= 5) histogram[stars as 1 | 2 | 3 | 4 | 5] = Number(c.n);
  }
  const matching = query.stars === null ? Object.values(histogram).reduce((a, b) => a + b, 0) : histogram[query.stars];
  const pageCount = Math.max(1, Math.ceil(matching / REVIEWS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  let q = db
    .selectFrom("reviews")
    .innerJoin("user", "user.id", "reviews.user_id")
    .select(["reviews.id", "reviews.rating", "reviews.title", "reviews.body", "reviews.helpful_count", "reviews.reply_body", "reviews.replied_at", "reviews.created_at", "user.name"])
    .where("reviews.product_id", "=", productId)
    .where("reviews.status", "=", "published");
  if (query.stars !== null) q = q.where("reviews.rating", "=", query.stars);
  q = query.sort === "helpful" ? q.orderBy("reviews.helpful_count", "desc").orderBy("reviews.created_at", "desc") : q.orderBy("reviews.created_at", "desc");
  const rows = await q.orderBy("reviews.id").limit(REVIEWS_PAGE_SIZE).offset((page - 1) * REVIEWS_PAGE_SIZE).execute();
  const photos =
    rows.length === 0
      ? []
      : await db
          .selectFrom("review_photos")
          .select(["review_id", "url"])
          .where(
            "review_id",
            "in",
            rows.map((r) => r.id),
          )
          .orderBy("position")
          .execute();
  return {
    rating,
    histogram,
    matching,
    page,
    pageCount,
    reviews: rows.map((r) => ({
      id: r.id,
      reviewer: reviewerName(r.name),
      verified: true,
      createdAt: r.created_at,
      rating: Number(r.rating),
      title: r.title,
      body: r.body,
      photos: photos.filter((p) => p.review_id === r.id).map((p) => p.url),
      helpful: Number(r.helpful_count),
      reply: r.reply_body ? { body: r.reply_body, at: r.replied_at } : null,
    })),
  };
}

export type ReviewActionResult = { ok: true; productId: string; done: boolean } | ReviewRefusal;

async function publishedReview(db: Db, reviewId: string) {
  return db.selectFrom("reviews").select(["id", "product_id", "user_id"]).where("id", "=", reviewId).where("status", "=", "published").executeTakeFirst();
}

/**
 * A "Helpful" vote: one per account and review, never on one's own. Voting again takes the vote
 * back. `done` says whether the vote stands afterwards.
 */
export async function voteHelpful(db: Db, user: Reviewer, reviewId: string, now = new Date()): Promise<ReviewActionResult> {
  return db.transaction().execute(async (trx) => {
    const review = await publishedReview(trx, reviewId);
    if (!review) return refuse("not_found", REVIEW_MESSAGES.notFound);
    if (review.user_id === user.id) return refuse("own_review", REVIEW_MESSAGES.ownReview);
    const added = await trx
      .insertInto("review_votes")
      .values({ review_id: reviewId, user_id: user.id, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(["review_id", "user_id"]).doNothing())
      .executeTakeFirst();
    const voted = Number(added.numInsertedOrUpdatedRows ?? 0) > 0;
    if (!voted) await trx.deleteFrom("review_votes").where("review_id", "=", reviewId).where("user_id", "=", user.id).execute();
    await trx
      .updateTable("reviews")
      .set({ helpful_count: sql<number>`(select count(*) from review_votes where review_votes.review_id = ${reviewId})` })
      .where("id", "=", reviewId)
      .execute();
    return { ok: true as const, productId: review.product_id, done: voted };
  });
}

/** The ids of the reviews of a product that `userId` voted helpful: their Helpful buttons show it pressed. */
export async function helpfulVotesOn(db: Db, userId: string, productId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("reviews")
    .innerJoin("review_votes", "review_votes.review_id", "reviews.id")
    .select("reviews.id")
    .where("reviews.product_id", "=", productId)
    .where("review_votes.user_id", "=", userId)
    .execute();
  return rows.map((r) => r.id);
}

/** A report: one per account and review, with a reason from REPORT_REASONS; the admin sees reported reviews first. */
export async function reportReview(db: Db, user: Reviewer, reviewId: string, reason: unknown, now = new Date()): Promise<ReviewActionResult> {
  if (!isReportReason(reason)) return refuse("invalid", REVIEW_MESSAGES.reportReason);
  return db.transaction().execute(async (trx) => {
    const review = await publishedReview(trx, reviewId);
    if (!review) return refuse("not_found", REVIEW_MESSAGES.notFound);
    if (review.user_id === user.id) return refuse("own_review", REVIEW_MESSAGES.ownReview);
    const at = now.toISOString();
    const added = await trx
      .insertInto("review_reports")
      .values({ review_id: reviewId, user_id: user.id, reason, created_at: at })
      .onConflict((oc) => oc.columns(["review_id", "user_id"]).doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0) return refuse("already", REVIEW_MESSAGES.alreadyReported);
    await trx.updateTable("reviews").set({ report_count: sql<number>`report_count + 1` }).where("id", "=", reviewId).execute();
    await trx
      .insertInto("review_history")
      .values({ id: crypto.randomUUID(), review_id: reviewId, event: "reported", actor_user_id: user.id, actor_role: user.isAdmin ? "admin" : user.role, note: reason, created_at: at })
      .execute();
    return { ok: true as const, productId: review.product_id, done: true };
  });
}
