import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "~/db/schema";
import type { FieldErrors, FormValues } from "~/lib/form";
import type { Refusal } from "~/lib/outcome";
import { recountRating } from "~/modules/catalog/ratings.server";
import type { Store } from "~/modules/jobs/outbox.server";
import { queueMail } from "~/modules/mail/queue-mail.server";
import { reviewHidden, reviewRestored } from "./mail";
import { ADMIN_REVIEWS_PAGE_SIZE, MODERATION_MESSAGES as M, VENDOR_REVIEWS_PAGE_SIZE, parseAnswer, parseReason, type ReviewFilter } from "./moderation";
import { reportReasonLabel } from "./rules";

/**
 * The seller's one answer to a review of their product, and the administrator's hiding and
 * restoring (docs/product-rules.md, "Reviews" → "Moderation, answers and reminders"). Each change
 * is one transaction: the review moves by a conditional update on the state read (two clicks
 * change it once), with its history row, the product's rating recounted (ratings.server.ts) and
 * the reviewer's mail through the outbox.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export type ModerationOutcome = { ok: true; message: string } | (Refusal<"invalid" | "not_found" | "forbidden" | "conflict"> & { fieldErrors?: FieldErrors });

async function record(trx: Trx, reviewId: string, event: "replied" | "hidden" | "restored", actor: { role: "vendor" | "admin"; userId: string }, note: string | null, stamp: string) {
  await trx
    .insertInto("review_history")
    .values({ id: crypto.randomUUID(), review_id: reviewId, event, actor_user_id: actor.userId, actor_role: actor.role, note, created_at: stamp })
    .execute();
}

// ---------------------------------------------------------------------------------------------
// The seller answers

export async function answerReview(
  { db }: Pick<Store, "db">,
  actor: { userId: string; vendorId: string },
  input: { reviewId: string; values: FormValues },
  now = new Date(),
): Promise<ModerationOutcome> {
  const parsed = parseAnswer(input.values);
  if (!parsed.ok) return { ok: false, reason: "invalid", message: parsed.fieldErrors.answer!, fieldErrors: parsed.fieldErrors };
  return db.transaction().execute(async (trx): Promise<ModerationOutcome> => {
    const review = await trx
      .selectFrom("reviews")
      .innerJoin("products", "products.id", "reviews.product_id")
      .select(["reviews.id", "reviews.status", "reviews.reply_body", "products.vendor_id", "products.name"])
      .where("reviews.id", "=", input.reviewId)
      .executeTakeFirst();
    if (!review) return { ok: false, reason: "not_found", message: M.notFound };
    if (review.vendor_id !== actor.vendorId) return { ok: false, reason: "forbidden", message: M.notYours };
    if (review.reply_body !== null) return { ok: false, reason: "conflict", message: M.answeredAlready };
    if (review.status !== "published") return { ok: false, reason: "conflict", message: M.hiddenNoAnswer };
    const stamp = now.toISOString();
    const updated = await trx
      .updateTable("reviews")
      .set({ reply_body: parsed.value, reply_user_id: actor.userId, replied_at: stamp, updated_at: stamp })
      .where("id", "=", review.id)
      .where("reply_body", "is", null)
      .where("status", "=", "published")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: "conflict", message: M.answeredAlready };
    await record(trx, review.id, "replied", { role: "vendor", userId: actor.userId }, null, stamp);
    return { ok: true, message: `Your answer to the review of ${review.name} is published beneath it.` };
  });
}

// ---------------------------------------------------------------------------------------------
// The administrator hides and restores

export async function hideReview(store: Store, actor: { userId: string }, input: { reviewId: string; values: FormValues }, now = new Date()): Promise<ModerationOutcome> {
  return moderate(store, actor, input, "hide", now);
}

export async function restoreReview(store: Store, actor: { userId: string }, input: { reviewId: string; values: FormValues }, now = new Date()): Promise<ModerationOutcome> {
  return moderate(store, actor, input, "restore", now);
}

async function moderate({ db, outbox }: Store, actor: { userId: string }, input: { reviewId: string; values: FormValues }, step: "hide" | "restore", now: Date): Promise<ModerationOutcome> {
  const parsed = parseReason(input.values);
  if (!parsed.ok) return { ok: false, reason: "invalid", message: parsed.fieldErrors.reason!, fieldErrors: parsed.fieldErrors };
  const reason = parsed.value;
  const from = step === "hide" ? "published" : "hidden";
  const to = step === "hide" ? "hidden" : "published";
  return db.transaction().execute(async (trx): Promise<ModerationOutcome> => {
    const review = await trx
      .selectFrom("reviews")
      .innerJoin("products", "products.id", "reviews.product_id")
      .innerJoin("user", "user.id", "reviews.user_id")
      .select(["reviews.id", "reviews.status", "reviews.title", "reviews.product_id", "products.name as product_name", "user.name as customer_name", "user.email as customer_email"])
      .where("reviews.id", "=", input.reviewId)
      .executeTakeFirst();
    if (!review) return { ok: false, reason: "not_found", message: M.notFound };
    const already = step === "hide" ? M.hiddenAlready : M.shownAlready;
    if (review.status !== from) return { ok: false, reason: "conflict", message: already };
    const stamp = now.toISOString();
    const updated = await trx
      .updateTable("reviews")
      .set({ status: to, hidden_reason: step === "hide" ? reason : null, updated_at: stamp })
      .where("id", "=", review.id)
      .where("status", "=", from)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: "conflict", message: already };
    await record(trx, review.id, step === "hide" ? "hidden" : "restored", { role: "admin", userId: actor.userId }, reason, stamp);
    await recountRating(trx, review.product_id);
    const mail = { customerName: review.customer_name, productName: review.product_name, reviewTitle: review.title, reason, productUrl: outbox.link(`/products/${encodeURIComponent(review.product_id)}`) };
    await queueMail(trx, outbox, { kind: step === "hide" ? "review-hidden" : "review-restored", to: review.customer_email, reference: null, content: step === "hide" ? reviewHidden(mail) : reviewRestored(mail) }, now);
    return {
      ok: true,
      message: step === "hide" ? `The review “${review.title}” is hidden. The reviewer has been told why.` : `The review “${review.title}” is shown again. The reviewer has been told.`,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// What the administrator and the seller read

export interface ModeratedReview {
  id: string;
  productId: string;
  productName: string;
  customerName: string | null;
  customerEmail: string | null;
  rating: number;
  title: string;
  body: string;
  status: "published" | "hidden";
  hiddenReason: string | null;
  reportCount: number;
  helpfulCount: number;
  replyBody: string | null;
  repliedAt: string | null;
  createdAt: string;
}

export interface AdminReview extends ModeratedReview {
  reports: { reason: string; reporterName: string | null; createdAt: string }[];
  history: { event: string; actorRole: string; note: string | null; createdAt: string }[];
}

const reviewColumns = [
  "reviews.id",
  "reviews.product_id",
  "products.name as product_name",
  "user.name as customer_name",
  "user.email as customer_email",
  "reviews.rating",
  "reviews.title",
  "reviews.body",
  "reviews.status",
  "reviews.hidden_reason",
  "reviews.report_count",
  "reviews.helpful_count",
  "reviews.reply_body",
  "reviews.replied_at",
  "reviews.created_at",
] as const;

type Row = {
  id: string;
  product_id: string;
  product_name: string;
  customer_name: string | null;
  customer_email: string | null;
  rating: number;
  title: string;
  body: string;
  status: string;
  hidden_reason: string | null;
  report_count: number;
  helpful_count: number;
  reply_body: string | null;
  replied_at: string | null;
  created_at: string;
};

function toReview(r: Row): ModeratedReview {
  return {
    id: r.id,
    productId: r.product_id,
    productName: r.product_name,
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    rating: Number(r.rating),
    title: r.title,
    body: r.body,
    status: r.status === "hidden" ? "hidden" : "published",
    hiddenReason: r.hidden_reason,
    reportCount: Number(r.report_count),
    helpfulCount: Number(r.helpful_count),
    replyBody: r.reply_body,
    repliedAt: r.replied_at,
    createdAt: r.created_at,
  };
}

function reviewsWithNames(db: Db) {
  return db.selectFrom("reviews").innerJoin("products", "products.id", "reviews.product_id").leftJoin("user", "user.id", "reviews.user_id");
}

export interface ReviewPage<T> {
  rows: T[];
  total: number;
  page: number;
  pageCount: number;
}

/** The admin's Reviews page: the most reported first, then the newest; all, reported or hidden ones. */
export async function listAdminReviews(db: Db, query: { filter: ReviewFilter; page: number }): Promise<ReviewPage<AdminReview>> {
  let base = reviewsWithNames(db);
  if (query.filter === "reported") base = base.where("reviews.report_count", ">", 0);
  if (query.filter === "hidden") base = base.where("reviews.status", "=", "hidden");
  const counted = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_REVIEWS_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rows = await base
    .select(reviewColumns)
    .orderBy("reviews.report_count", "desc")
    .orderBy("reviews.created_at", "desc")
    .orderBy("reviews.id")
    .limit(ADMIN_REVIEWS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_REVIEWS_PAGE_SIZE)
    .execute();
  const ids = rows.map((r) => r.id);
  const [reports, history] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom("review_reports")
            .leftJoin("user", "user.id", "review_reports.user_id")
            .select(["review_reports.review_id", "review_reports.reason", "review_reports.created_at", "user.name"])
            .where("review_reports.review_id", "in", ids)
            .orderBy("review_reports.created_at")
            .execute(),
          db
            .selectFrom("review_history")
            .select(["review_id", "event", "actor_role", "note", "created_at"])
            .where("review_id", "in", ids)
            .orderBy("created_at")
            .orderBy("id")
            .execute(),
        ]);
  return {
    rows: rows.map((r) => ({
      ...toReview(r),
      reports: reports.filter((x) => x.review_id === r.id).map((x) => ({ reason: reportReasonLabel(x.reason), reporterName: x.name, createdAt: x.created_at })),
      history: history.filter((h) => h.review_id === r.id).map((h) => ({ event: h.event, actorRole: h.actor_role, note: h.event === "reported" && h.note ? reportReasonLabel(h.note) : h.note, createdAt: h.created_at })),
    })),
    total,
    page,
    pageCount,
  };
}

/** Reviews awaiting the admin's look: any reported and still shown (the dashboard's task). */
export async function reportedReviewCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom("reviews")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("report_count", ">", 0)
    .where("status", "=", "published")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The seller's reviews of their own products: the unanswered first, newest first within each. */
export async function listVendorReviews(db: Db, vendorId: string, query: { page: number }): Promise<ReviewPage<ModeratedReview> & { unanswered: number }> {
  const base = reviewsWithNames(db).where("products.vendor_id", "=", vendorId);
  const counted = await base
    .select((eb) => [eb.fn.countAll<number>().as("n"), sql<number>`sum(case when reviews.reply_body is null and reviews.status = 'published' then 1 else 0 end)`.as("open")])
    .executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / VENDOR_REVIEWS_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rows = await base
    .select(reviewColumns)
    .orderBy(sql`case when reviews.reply_body is null and reviews.status = 'published' then 0 else 1 end`)
    .orderBy("reviews.created_at", "desc")
    .orderBy("reviews.id")
    .limit(VENDOR_REVIEWS_PAGE_SIZE)
    .offset((page - 1) * VENDOR_REVIEWS_PAGE_SIZE)
    .execute();
  // The reviewer's e-mail is the shop's to know, not the seller's.
  return { rows: rows.map((r) => ({ ...toReview(r), customerEmail: null })), total, page, pageCount, unanswered: Number(counted?.open ?? 0) };
}
