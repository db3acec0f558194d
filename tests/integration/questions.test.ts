import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "~/seed/seed.server";
import { adminQuestions, answerQuestion, askQuestion, moderate, productQuestions, questionPlace, unansweredCount, vendorQuestions } from "~/modules/questions/questions.server";
import { QUESTION_MESSAGES } from "~/modules/questions/rules";
import { deliveredOrder } from "../support/delivered-order";
import { insertUsers } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const KEYBOARD = "product-logitech-g213-prodigy"; // vendor-1
const MONITOR = "product-lg-ultragear-27gr75q"; // vendor-2
const NOW = new Date("2026-11-20T06:00:00.000Z");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const later = (ms: number) => new Date(NOW.getTime() + ms);

const customer = (id: string) => ({ id, role: "customer" as const });
const seller = (id: string) => ({ id, role: "vendor" as const });

describe.each(testDatabaseKinds)("questions and answers on %s", (kind) => {
  let t: TestDatabase;

  /** The mail ids of every "mail.send" job the outbox added. */
  async function mailJobIds(): Promise<string[]> {
    if (t.kind === "sqlite") {
      const rows = await t.db.selectFrom("jobs").select("data").where("name", "=", "mail.send").execute();
      return rows.map((r) => (JSON.parse(r.data) as { mailId: string }).mailId);
    }
    const { rows } = await sql<{ data: { mailId: string } }>`select data from ${sql.table(`${t.jobsSchema}.job`)} where name = ${"mail.send"}`.execute(t.db);
    return rows.map((r) => r.data.mailId);
  }

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: "u-asker", name: "Aditi Rao" },
      { id: "u-buyer", name: "Bharat Singh" },
      { id: "u-other", name: "Chitra Nair" },
      { id: "u-v1", name: "Vardhan Owner", email: "owner1@example.in", role: "vendor" },
      { id: "u-v2", name: "Shree Owner", email: "owner2@example.in", role: "vendor" },
    ]);
    await t.db.updateTable("vendors").set({ owner_user_id: "u-v1" }).where("id", "=", "vendor-1").execute();
    await t.db.updateTable("vendors").set({ owner_user_id: "u-v2" }).where("id", "=", "vendor-2").execute();
    await deliveredOrder(t, { userId: "u-buyer", lines: [{ productId: KEYBOARD, quantity: 1 }], placedAt: later(-5 * DAY), deliveredAt: later(-DAY) });
  });
  afterAll(async () => t?.destroy());

  let questionId = "";

  it("publishes a customer's question and mails the seller in the same transaction, the text as text", async () => {
    const text = "Are the keys <b>quiet</b> enough for night use? See https://example.com";
    const asked = await askQuestion(t, customer("u-asker"), KEYBOARD, { question: `  ${text}  ` }, NOW);
    expect(asked).toMatchObject({ ok: true, message: QUESTION_MESSAGES.asked });
    if (!asked.ok) throw new Error(asked.message);
    questionId = asked.id;
    const row = await t.db.selectFrom("questions").selectAll().where("id", "=", asked.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ product_id: KEYBOARD, user_id: "u-asker", body: text, status: "published", answered_at: null, created_at: NOW.toISOString() });
    expect(Number(row.answer_count)).toBe(0);

    const mail = await t.db.selectFrom("mail").selectAll().where("kind", "=", "vendor-question-asked").execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to_address: "owner1@example.in", reference: KEYBOARD, status: "queued" });
    expect(mail[0]!.subject).toBe("New question about Logitech G213 Prodigy RGB Gaming Keyboard");
    expect(mail[0]!.text_body).toContain(text);
    expect(mail[0]!.text_body).toContain("/vendor/questions");
    expect(mail[0]!.html_body).toContain("&lt;b&gt;quiet&lt;/b&gt;");
    expect(mail[0]!.html_body).not.toContain("<b>quiet</b>");
    expect(mail[0]!.html_body).not.toContain('href="https://example.com"');
    expect(await mailJobIds()).toContain(mail[0]!.id);
    expect(await unansweredCount(t.db, "vendor-1")).toBe(1);
  });

  it("refuses a question too short or too long, on no product, or from a seller's account, and writes nothing", async () => {
    const before = await t.db.selectFrom("questions").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(await askQuestion(t, customer("u-asker"), KEYBOARD, { question: "short" }, NOW)).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { question: QUESTION_MESSAGES.question } });
    expect(await askQuestion(t, customer("u-asker"), KEYBOARD, { question: "x".repeat(1001) }, NOW)).toMatchObject({ ok: false, reason: "invalid" });
    expect(await askQuestion(t, customer("u-asker"), "product-none", { question: "Is this any good at all?" }, NOW)).toMatchObject({ ok: false, reason: "not_found" });
    expect(await askQuestion(t, seller("u-v2"), KEYBOARD, { question: "Is this any good at all?" }, NOW)).toMatchObject({ ok: false, reason: "forbidden" });
    const after = await t.db.selectFrom("questions").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await t.db.selectFrom("mail").select("id").where("kind", "=", "vendor-question-asked").execute()).toHaveLength(1);
  });

  it("refuses answers from anyone but the seller and customers with a delivered item (403)", async () => {
    const answer = { answer: "I think so." };
    expect(await answerQuestion(t, customer("u-other"), questionId, answer, later(MINUTE))).toEqual({ ok: false, reason: "forbidden", message: QUESTION_MESSAGES.mayNotAnswer });
    expect(await answerQuestion(t, customer("u-asker"), questionId, answer, later(MINUTE))).toMatchObject({ ok: false, reason: "forbidden" });
    // Another product's seller.
    expect(await answerQuestion(t, seller("u-v2"), questionId, answer, later(MINUTE))).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await answerQuestion(t, seller("u-v1"), "no-such-question", answer, later(MINUTE))).toMatchObject({ ok: false, reason: "not_found" });
    expect(await t.db.selectFrom("answers").select("id").execute()).toHaveLength(0);
  });

  it("takes the seller's answer, marked as the seller's, and a buyer's with a delivered item", async () => {
    expect(await answerQuestion(t, seller("u-v1"), questionId, { answer: "x" }, later(MINUTE))).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { answer: QUESTION_MESSAGES.answer } });
    const bySeller = await answerQuestion(t, seller("u-v1"), questionId, { answer: "Yes: the membrane keys are quiet." }, later(2 * MINUTE));
    expect(bySeller).toMatchObject({ ok: true, bySeller: true, productId: KEYBOARD });
    const byBuyer = await answerQuestion(t, customer("u-buyer"), questionId, { answer: "Quiet enough; my family sleeps next door." }, later(3 * MINUTE));
    expect(byBuyer).toMatchObject({ ok: true, bySeller: false });
    const q = await t.db.selectFrom("questions").select(["answered_at", "answer_count"]).where("id", "=", questionId).executeTakeFirstOrThrow();
    expect(q.answered_at).toBe(later(2 * MINUTE).toISOString());
    expect(Number(q.answer_count)).toBe(2);

    const page = await productQuestions(t.db, KEYBOARD, 1);
    expect(page.total).toBe(1);
    expect(page.questions[0]!.asker).toBe("Aditi");
    expect(page.questions[0]!.answers.map((a) => [a.bySeller, a.author])).toEqual([
      [true, "Vardhan Infotech Distributors Pvt. Ltd."],
      [false, "Bharat"],
    ]);
    expect(await unansweredCount(t.db, "vendor-1")).toBe(0);
  });

  it("orders the product page newest answered first, then the unanswered newest, five a page", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await askQuestion(t, customer("u-asker"), MONITOR, { question: `Monitor question number ${i}?` }, later(i * DAY));
      if (!r.ok) throw new Error(r.message);
      ids.push(r.id);
    }
    // Answered out of order: question 1 answered last, question 5 first.
    await answerQuestion(t, seller("u-v2"), ids[5]!, { answer: "Answer to five" }, later(8 * DAY));
    await answerQuestion(t, seller("u-v2"), ids[1]!, { answer: "Answer to one" }, later(9 * DAY));
    const first = await productQuestions(t.db, MONITOR, 1);
    expect(first.total).toBe(7);
    expect(first.pages).toBe(2);
    expect(first.questions.map((q) => ids.indexOf(q.id))).toEqual([1, 5, 6, 4, 3]);
    const second = await productQuestions(t.db, MONITOR, 2);
    expect(second.questions.map((q) => ids.indexOf(q.id))).toEqual([2, 0]);
    // Past the last page: the last page.
    expect((await productQuestions(t.db, MONITOR, 99)).page).toBe(2);
    expect(await questionPlace(t.db, ids[0]!)).toEqual({ productId: MONITOR, page: 2 });
    expect(await questionPlace(t.db, ids[1]!)).toEqual({ productId: MONITOR, page: 1 });

    const portal = await vendorQuestions(t.db, "vendor-2", 1);
    expect(portal.unanswered).toBe(5);
    expect(portal.questions.slice(0, 5).every((q) => q.answeredAt === null)).toBe(true);
    expect(portal.questions.slice(5).every((q) => q.answeredAt !== null)).toBe(true);
  });

  it("hides a question or an answer with a reason: gone from the product page at once, back when restored", async () => {
    expect(await moderate(t, "question", questionId, "hidden", { reason: "" })).toMatchObject({ ok: false, reason: "invalid" });
    expect(await moderate(t, "question", questionId, "hidden", { reason: "Off topic" })).toMatchObject({ ok: true });
    expect((await productQuestions(t.db, KEYBOARD, 1)).total).toBe(0);
    expect(await answerQuestion(t, seller("u-v1"), questionId, { answer: "Another answer" }, later(DAY))).toMatchObject({ ok: false, reason: "not_found" });
    const admin = await adminQuestions(t.db, 1);
    expect(admin.questions.find((q) => q.id === questionId)).toMatchObject({ status: "hidden", hiddenReason: "Off topic" });
    expect(await moderate(t, "question", questionId, "published", {})).toMatchObject({ ok: true });
    expect((await productQuestions(t.db, KEYBOARD, 1)).total).toBe(1);

    // Hiding the seller's answer leaves the buyer's, and the first answer is now the buyer's.
    const sellerAnswer = (await productQuestions(t.db, KEYBOARD, 1)).questions[0]!.answers.find((a) => a.bySeller)!;
    expect(await moderate(t, "answer", sellerAnswer.id, "hidden", { reason: "Wrong information" })).toMatchObject({ ok: true });
    const shown = (await productQuestions(t.db, KEYBOARD, 1)).questions[0]!;
    expect(shown.answers.map((a) => a.bySeller)).toEqual([false]);
    expect(shown.answeredAt).toBe(later(3 * MINUTE).toISOString());
    // The admin still sees the hidden answer, with its reason.
    const inAdmin = (await adminQuestions(t.db, 1)).questions.find((q) => q.id === questionId)!;
    expect(inAdmin.answers.find((a) => a.id === sellerAnswer.id)).toMatchObject({ status: "hidden", hiddenReason: "Wrong information" });
    expect(await moderate(t, "answer", "no-such-answer", "hidden", { reason: "Wrong information" })).toMatchObject({ ok: false, reason: "not_found" });
    expect(await moderate(t, "answer", sellerAnswer.id, "published", {})).toMatchObject({ ok: true });
    expect((await productQuestions(t.db, KEYBOARD, 1)).questions[0]!.answers).toHaveLength(2);
  });
});
