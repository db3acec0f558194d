import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import type { FieldErrors, FormValues } from "~/lib/form";
import type { Refusal } from "~/lib/outcome";
import type { Store } from "~/modules/jobs/outbox.server";
import { queueMail } from "~/modules/mail/queue-mail.server";
import { vendorQuestionAsked } from "./mail";
import {
  QUESTION_MESSAGES as M,
  QUESTIONS_LIST_PAGE_SIZE,
  QUESTIONS_PAGE_SIZE,
  answererOf,
  compareQuestions,
  pageCount,
  type QuestionStatus,
} from "./rules";
import { parseAnswer, parseQuestion, parseReason } from "./parse";

/**
 * Questions and answers on product pages (docs/product-rules.md, "Questions and answers"). Each
 * change is one transaction: a question with its mail to the seller (the outbox,
 * jobs/outbox.server.ts); an answer, or the admin hiding or restoring one, with the question's
 * count of published answers and the time of its first one recounted.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export type QuestionOutcome<T = unknown> = ({ ok: true; message: string } & T) | (Refusal<"invalid" | "forbidden" | "not_found"> & { fieldErrors?: FieldErrors });

/** Who is posting: the signed-in account and its role (identity/roles.ts). */
export interface Poster {
  id: string;
  role: "customer" | "vendor" | "admin";
}

// ---------------------------------------------------------------------------------------------
// Asking

/**
 * A signed-in customer's question about a listed product, published at once; the product's seller
 * is told by mail in the same transaction. Sellers' accounts do not ask.
 */
export async function askQuestion({ db, outbox }: Store, poster: Poster, productId: string, values: FormValues, now = new Date()): Promise<QuestionOutcome<{ id: string }>> {
  if (poster.role === "vendor") return { ok: false, reason: "forbidden", message: M.sellersDoNotAsk };
  const parsed = parseQuestion(values);
  if (!parsed.ok) return { ok: false, reason: "invalid", message: M.form, fieldErrors: parsed.fieldErrors };
  return db.transaction().execute(async (trx): Promise<QuestionOutcome<{ id: string }>> => {
    const product = await trx
      .selectFrom("products")
      .innerJoin("vendors", "vendors.id", "products.vendor_id")
      .leftJoin("user", "user.id", "vendors.owner_user_id")
      .select(["products.id", "products.name", "vendors.name as vendor_name", "user.email as owner_email"])
      .where("products.id", "=", productId)
      .where("products.listed", "=", 1)
      .executeTakeFirst();
    if (!product) return { ok: false, reason: "not_found", message: M.productNotFound };
    const id = crypto.randomUUID();
    await trx
      .insertInto("questions")
      .values({ id, product_id: product.id, user_id: poster.id, body: parsed.value, status: "published", hidden_reason: null, created_at: now.toISOString(), answered_at: null, answer_count: 0 })
      .execute();
    if (product.owner_email) {
      await queueMail(
        trx,
        outbox,
        {
          kind: "vendor-question-asked",
          to: product.owner_email,
          reference: product.id,
          content: vendorQuestionAsked({ vendorName: product.vendor_name, productName: product.name, question: parsed.value, questionsUrl: outbox.link("/vendor/questions") }),
        },
        now,
      );
    }
    return { ok: true, id, message: M.asked };
  });
}

// ---------------------------------------------------------------------------------------------
// Answering

/** Whether `userId` owns the product's seller, and whether they have a delivered item of it. */
async function answererFacts(db: Db, userId: string, productId: string): Promise<{ ownsProductSeller: boolean; hasDeliveredItem: boolean }> {
  const owner = await db
    .selectFrom("products")
    .innerJoin("vendors", "vendors.id", "products.vendor_id")
    .select("products.id")
    .where("products.id", "=", productId)
    .where("vendors.owner_user_id", "=", userId)
    .executeTakeFirst();
  if (owner) return { ownsProductSeller: true, hasDeliveredItem: false };
  const delivered = await db
    .selectFrom("order_items")
    .innerJoin("order_parts", (j) => j.onRef("order_parts.order_id", "=", "order_items.order_id").onRef("order_parts.vendor_id", "=", "order_items.vendor_id"))
    .select("order_items.id")
    .where("order_items.product_id", "=", productId)
    .where("order_parts.customer_user_id", "=", userId)
    .where("order_parts.status", "=", "delivered")
    .limit(1)
    .executeTakeFirst();
  return { ownsProductSeller: false, hasDeliveredItem: delivered !== undefined };
}

/** The published answers' count and the first one's time, kept on the question (the product page orders by it). */
async function recountAnswers(trx: Trx, questionId: string): Promise<void> {
  const r = await trx
    .selectFrom("answers")
    .select((eb) => [eb.fn.countAll<number | string>().as("n"), eb.fn.min("created_at").as("first")])
    .where("question_id", "=", questionId)
    .where("status", "=", "published")
    .executeTakeFirstOrThrow();
  await trx
    .updateTable("questions")
    .set({ answer_count: Number(r.n), answered_at: (r.first as string | null) ?? null })
    .where("id", "=", questionId)
    .execute();
}

/**
 * An answer to a published question: by the product's seller (marked "Seller") or by a customer
 * with a delivered item of the product; anyone else is refused (forbidden).
 */
export async function answerQuestion({ db }: Store, poster: Poster, questionId: string, values: FormValues, now = new Date()): Promise<QuestionOutcome<{ id: string; bySeller: boolean; productId: string }>> {
  return db.transaction().execute(async (trx): Promise<QuestionOutcome<{ id: string; bySeller: boolean; productId: string }>> => {
    const question = await trx
      .selectFrom("questions")
      .innerJoin("products", "products.id", "questions.product_id")
      .select(["questions.id", "questions.product_id"])
      .where("questions.id", "=", questionId)
      .where("questions.status", "=", "published")
      .where("products.listed", "=", 1)
      .executeTakeFirst();
    if (!question) return { ok: false, reason: "not_found", message: M.questionNotFound };
    const answerer = answererOf(await answererFacts(trx, poster.id, question.product_id));
    if (!answerer) return { ok: false, reason: "forbidden", message: M.mayNotAnswer };
    const parsed = parseAnswer(values);
    if (!parsed.ok) return { ok: false, reason: "invalid", message: M.form, fieldErrors: parsed.fieldErrors };
    const id = crypto.randomUUID();
    const bySeller = answerer === "seller";
    await trx
      .insertInto("answers")
      .values({ id, question_id: question.id, user_id: poster.id, body: parsed.value, by_seller: bySeller ? 1 : 0, status: "published", hidden_reason: null, created_at: now.toISOString() })
      .execute();
    await recountAnswers(trx, question.id);
    return { ok: true, id, bySeller, productId: question.product_id, message: M.answered };
  });
}

// ---------------------------------------------------------------------------------------------
// The admin hides and restores

export type Target = "question" | "answer";

/**
 * The admin hides a question or an answer (a reason is required, kept on the row) or restores it.
 * Hiding an answer recounts its question, so a question whose only answer is hidden reads as
 * unanswered again.
 */
export async function moderate({ db }: Store, target: Target, id: string, to: QuestionStatus, values: FormValues): Promise<QuestionOutcome> {
  let reason: string | null = null;
  if (to === "hidden") {
    const parsed = parseReason(values);
    if (!parsed.ok) return { ok: false, reason: "invalid", message: parsed.fieldErrors.reason ?? M.reason, fieldErrors: parsed.fieldErrors };
    reason = parsed.value;
  }
  return db.transaction().execute(async (trx): Promise<QuestionOutcome> => {
    if (target === "question") {
      const r = await trx.updateTable("questions").set({ status: to, hidden_reason: reason }).where("id", "=", id).executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return { ok: false, reason: "not_found", message: M.questionNotFound };
      return { ok: true, message: to === "hidden" ? "Question hidden from the product page." : "Question restored to the product page." };
    }
    const answer = await trx.selectFrom("answers").select(["id", "question_id"]).where("id", "=", id).executeTakeFirst();
    if (!answer) return { ok: false, reason: "not_found", message: M.answerNotFound };
    await trx.updateTable("answers").set({ status: to, hidden_reason: reason }).where("id", "=", answer.id).execute();
    await recountAnswers(trx, answer.question_id);
    return { ok: true, message: to === "hidden" ? "Answer hidden from the product page." : "Answer restored to the product page." };
  });
}

// ---------------------------------------------------------------------------------------------
// What the product page, the seller and the admin read

export interface AnswerView {
  id: string;
  body: string;
  bySeller: boolean;
  /** The writer's first name (a buyer's), or the seller's business name. */
  author: string;
  createdAt: string;
  status: QuestionStatus;
  hiddenReason: string | null;
}

export interface QuestionView {
  id: string;
  productId: string;
  body: string;
  /** The asker's first name. */
  asker: string;
  createdAt: string;
  answeredAt: string | null;
  status: QuestionStatus;
  hiddenReason: string | null;
  answers: AnswerView[];
}

export interface QuestionPage<Q = QuestionView> {
  questions: Q[];
  total: number;
  page: number;
  pages: number;
}

const firstName = (name: string | null | undefined) => (name ?? "").trim().split(/\s+/)[0] || "A customer";

/** The answers of these questions, oldest first; only published ones unless `all`. */
async function answersOf(db: Db, questionIds: string[], all: boolean): Promise<Map<string, AnswerView[]>> {
  const byQuestion = new Map<string, AnswerView[]>();
  if (questionIds.length === 0) return byQuestion;
  let q = db
    .selectFrom("answers")
    .innerJoin("questions", "questions.id", "answers.question_id")
    .innerJoin("products", "products.id", "questions.product_id")
    .innerJoin("vendors", "vendors.id", "products.vendor_id")
    .leftJoin("user", "user.id", "answers.user_id")
    .select(["answers.id", "answers.question_id", "answers.body", "answers.by_seller", "answers.created_at", "answers.status", "answers.hidden_reason", "user.name as user_name", "vendors.name as vendor_name"])
    .where("answers.question_id", "in", questionIds)
    .orderBy("answers.created_at")
    .orderBy("answers.id");
  if (!all) q = q.where("answers.status", "=", "published");
  for (const a of await q.execute()) {
    const list = byQuestion.get(a.question_id) ?? [];
    const bySeller = Number(a.by_seller) === 1;
    list.push({ id: a.id, body: a.body, bySeller, author: bySeller ? a.vendor_name : firstName(a.user_name), createdAt: a.created_at, status: a.status as QuestionStatus, hiddenReason: a.hidden_reason });
    byQuestion.set(a.question_id, list);
  }
  return byQuestion;
}

const QUESTION_COLUMNS = [
  "questions.id",
  "questions.product_id",
  "questions.body",
  "questions.created_at",
  "questions.answered_at",
  "questions.status",
  "questions.hidden_reason",
  "user.name as user_name",
] as const;

type QuestionRow = { id: string; product_id: string; body: string; created_at: string; answered_at: string | null; status: string; hidden_reason: string | null; user_name: string | null };

async function withAnswers(db: Db, rows: QuestionRow[], allAnswers: boolean): Promise<QuestionView[]> {
  const answers = await answersOf(db, rows.map((r) => r.id), allAnswers);
  return rows.map((r) => ({
    id: r.id,
    productId: r.product_id,
    body: r.body,
    asker: firstName(r.user_name),
    createdAt: r.created_at,
    answeredAt: r.answered_at,
    status: r.status as QuestionStatus,
    hiddenReason: r.hidden_reason,
    answers: answers.get(r.id) ?? [],
  }));
}

/**
 * A product's published questions with their published answers, for its (shared) page: answered
 * questions by their first answer, newest first, then the unanswered, newest first; `page` from 1,
 * kept within the pages there are.
 */
export async function productQuestions(db: Db, productId: string, page: number): Promise<QuestionPage> {
  const count = await db.selectFrom("questions").select((eb) => eb.fn.countAll<number | string>().as("n")).where("product_id", "=", productId).where("status", "=", "published").executeTakeFirstOrThrow();
  const total = Number(count.n);
  const pages = pageCount(total, QUESTIONS_PAGE_SIZE);
  const current = Math.min(Math.max(1, page), pages);
  if (total === 0) return { questions: [], total, page: 1, pages };
  const rows = await db
    .selectFrom("questions")
    .leftJoin("user", "user.id", "questions.user_id")
    .select(QUESTION_COLUMNS)
    .where("questions.product_id", "=", productId)
    .where("questions.status", "=", "published")
    // Answered first (nulls last on both databases), by the first answer's time, newest first.
    .orderBy((eb) => eb.case().when("questions.answered_at", "is", null).then(1).else(0).end())
    .orderBy("questions.answered_at", "desc")
    .orderBy("questions.created_at", "desc")
    .orderBy("questions.id")
    .limit(QUESTIONS_PAGE_SIZE)
    .offset((current - 1) * QUESTIONS_PAGE_SIZE)
    .execute();
  return { questions: await withAnswers(db, rows, false), total, page: current, pages };
}

export interface SellerQuestionView extends QuestionView {
  productName: string;
}

/**
 * The published questions on a seller's products, for its portal: unanswered first (oldest of
 * them first would leave new ones unseen: newest first), then answered, newest first.
 */
export async function vendorQuestions(db: Db, vendorId: string, page: number): Promise<QuestionPage<SellerQuestionView> & { unanswered: number }> {
  const base = db
    .selectFrom("questions")
    .innerJoin("products", "products.id", "questions.product_id")
    .where("products.vendor_id", "=", vendorId)
    .where("questions.status", "=", "published");
  const counts = await base
    .select((eb) => [eb.fn.countAll<number | string>().as("n"), eb.fn.sum<number | string | null>(eb.case().when("questions.answered_at", "is", null).then(1).else(0).end()).as("open")])
    .executeTakeFirstOrThrow();
  const total = Number(counts.n);
  const pages = pageCount(total, QUESTIONS_LIST_PAGE_SIZE);
  const current = Math.min(Math.max(1, page), pages);
  const rows = await base
    .leftJoin("user", "user.id", "questions.user_id")
    .select([...QUESTION_COLUMNS, "products.name as product_name"])
    .orderBy((eb) => eb.case().when("questions.answered_at", "is", null).then(0).else(1).end())
    .orderBy("questions.created_at", "desc")
    .orderBy("questions.id")
    .limit(QUESTIONS_LIST_PAGE_SIZE)
    .offset((current - 1) * QUESTIONS_LIST_PAGE_SIZE)
    .execute();
  const views = await withAnswers(db, rows, false);
  return { questions: views.map((v, i) => ({ ...v, productName: rows[i]!.product_name })), total, page: current, pages, unanswered: Number(counts.open ?? 0) };
}

/** Every question, hidden ones and hidden answers included, newest first, for the admin's page. */
export async function adminQuestions(db: Db, page: number): Promise<QuestionPage<SellerQuestionView>> {
  const count = await db.selectFrom("questions").select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  const total = Number(count.n);
  const pages = pageCount(total, QUESTIONS_LIST_PAGE_SIZE);
  const current = Math.min(Math.max(1, page), pages);
  const rows = await db
    .selectFrom("questions")
    .innerJoin("products", "products.id", "questions.product_id")
    .leftJoin("user", "user.id", "questions.user_id")
    .select([...QUESTION_COLUMNS, "products.name as product_name"])
    .orderBy("questions.created_at", "desc")
    .orderBy("questions.id")
    .limit(QUESTIONS_LIST_PAGE_SIZE)
    .offset((current - 1) * QUESTIONS_LIST_PAGE_SIZE)
    .execute();
  const views = await withAnswers(db, rows, true);
  return { questions: views.map((v, i) => ({ ...v, productName: rows[i]!.product_name })), total, page: current, pages };
}

/** Published questions on the seller's products still without an answer (the portal's nav and dashboard). */
export async function unansweredCount(db: Db, vendorId: string): Promise<number> {
  const r = await db
    .selectFrom("questions")
    .innerJoin("products", "products.id", "questions.product_id")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("products.vendor_id", "=", vendorId)
    .where("questions.status", "=", "published")
    .where("questions.answered_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The product a question is on, and its text, for the no-JavaScript answer page. */
export async function questionForAnswer(db: Db, questionId: string): Promise<{ id: string; body: string; productId: string; productName: string } | undefined> {
  const q = await db
    .selectFrom("questions")
    .innerJoin("products", "products.id", "questions.product_id")
    .select(["questions.id", "questions.body", "products.id as product_id", "products.name as product_name"])
    .where("questions.id", "=", questionId)
    .where("questions.status", "=", "published")
    .where("products.listed", "=", 1)
    .executeTakeFirst();
  return q && { id: q.id, body: q.body, productId: q.product_id, productName: q.product_name };
}

/** The page of its product's list a published question is on (`?qpage=`), to come back to it after a post. */
export async function questionPlace(db: Db, questionId: string): Promise<{ productId: string; page: number } | undefined> {
  const q = await db.selectFrom("questions").select("product_id").where("id", "=", questionId).executeTakeFirst();
  if (!q) return undefined;
  const rows = await db.selectFrom("questions").select(["id", "answered_at", "created_at"]).where("product_id", "=", q.product_id).where("status", "=", "published").execute();
  const sorted = rows.map((r) => ({ id: r.id, answeredAt: r.answered_at, createdAt: r.created_at })).sort(compareQuestions);
  const index = Math.max(0, sorted.findIndex((r) => r.id === questionId));
  return { productId: q.product_id, page: Math.floor(index / QUESTIONS_PAGE_SIZE) + 1 };
}

/** Questions asked and hidden so far, for the admin's dashboard. */
export async function questionCounts(db: Db): Promise<{ total: number; hidden: number }> {
  const r = await db
    .selectFrom("questions")
    .select((eb) => [eb.fn.countAll<number | string>().as("n"), eb.fn.sum<number | string | null>(eb.case().when("status", "=", "hidden").then(1).else(0).end()).as("hidden")])
    .executeTakeFirstOrThrow();
  return { total: Number(r.n), hidden: Number(r.hidden ?? 0) };
}
