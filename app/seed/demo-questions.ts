import { isDone, markDone } from "~/db/meta.server";
import type { Outbox, Store } from "~/modules/jobs/outbox.server";
import { answerQuestion, askQuestion } from "~/modules/questions/questions.server";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DEMO_QUESTIONS_KEY = "demo_questions_seeded";

/** The minute `ms` before `now`, so every fresh demo reads the same. */
const before = (now: Date, ms: number) => new Date(Math.floor((now.getTime() - ms) / 60_000) * 60_000);

/** Nothing is announced: the demo's questions were asked before the shop's mail existed. */
function silent(outbox: Outbox): Outbox {
  return { link: outbox.link, jobs: { kind: outbox.jobs.kind, add: async () => {}, work: async () => {}, stop: async () => {} } };
}

const MONITOR = "product-lg-ultragear-27gr75q";
const HEADPHONES = "product-sony-wh-1000xm5";
const GAMING_PC = "product-rc-gaming-pc-ryzen-7-7800x3d-rtx-5070";

/**
 * A few questions from demo shoppers, written through the questions module as people would have
 * asked them: two on the LG monitor and one on the Sony headphones answered by their sellers, one
 * answered by a shopper with a delivered order of that product (the first such product in the demo
 * orders), and one on the gaming PC still unanswered, so its seller's portal lists it. Their mail
 * rows are removed, as the demo's orders have none. Written once.
 */
export async function seedDemoQuestions({ db, outbox }: Store, shopperIds: readonly string[], now: Date): Promise<boolean> {
  if (await isDone(db, DEMO_QUESTIONS_KEY)) return false;
  const store: Store = { db, outbox: silent(outbox) };
  const [aarav, ananya, third] = shopperIds;
  if (!aarav || !ananya) return false;
  const ownerOf = async (productId: string) =>
    (await db.selectFrom("products").innerJoin("vendors", "vendors.id", "products.vendor_id").select("vendors.owner_user_id").where("products.id", "=", productId).executeTakeFirst())?.owner_user_id ?? null;
  const ask = async (userId: string, productId: string, question: string, at: Date) => {
    const r = await askQuestion(store, { id: userId, role: "customer" }, productId, { question }, at);
    if (!r.ok) throw new Error(`Demo question: ${r.message}`);
    return r.id;
  };
  const answer = async (userId: string, role: "customer" | "vendor", questionId: string, text: string, at: Date) => {
    const r = await answerQuestion(store, { id: userId, role }, questionId, { answer: text }, at);
    if (!r.ok) throw new Error(`Demo answer: ${r.message}`);
  };

  const monitorSeller = await ownerOf(MONITOR);
  const refresh = await ask(aarav, MONITOR, "Does this monitor support 165 Hz over HDMI, or only over DisplayPort?", before(now, 9 * DAY));
  if (monitorSeller) await answer(monitorSeller, "vendor", refresh, "165 Hz works over DisplayPort 1.4. Over HDMI 2.0 it runs at up to 144 Hz at QHD. A DisplayPort cable is in the box.", before(now, 8 * DAY + 20 * HOUR));
  const mount = await ask(ananya, MONITOR, "Is it VESA mount compatible? I want to put it on a monitor arm.", before(now, 4 * DAY));
  if (monitorSeller) await answer(monitorSeller, "vendor", mount, "Yes, 100 × 100 mm VESA. Remove the stand with the button at the back; the screws come with most arms.", before(now, 3 * DAY + 22 * HOUR));

  const headphonesSeller = await ownerOf(HEADPHONES);
  const calls = await ask(aarav, HEADPHONES, "How is the microphone for office calls on Teams from a noisy room?", before(now, 6 * DAY));
  if (headphonesSeller) await answer(headphonesSeller, "vendor", calls, "The four beamforming microphones cut most background noise; callers hear you clearly from a busy room. Multipoint lets you stay paired to a laptop and a phone.", before(now, 5 * DAY + 18 * HOUR));

  // A shopper who received a product answers another's question about it.
  const bought = await db
    .selectFrom("order_items")
    .innerJoin("order_parts", (j) => j.onRef("order_parts.order_id", "=", "order_items.order_id").onRef("order_parts.vendor_id", "=", "order_items.vendor_id"))
    .innerJoin("products", "products.id", "order_items.product_id")
    .select(["order_items.product_id", "order_parts.customer_user_id"])
    .where("order_parts.status", "=", "delivered")
    .where("order_parts.customer_user_id", "in", [...shopperIds])
    .where("order_items.product_id", "not in", [MONITOR, HEADPHONES, GAMING_PC])
    .where("products.listed", "=", 1)
    .orderBy("order_parts.order_created_at")
    .orderBy("order_items.product_id")
    .executeTakeFirst();
  if (bought) {
    const asker = [aarav, ananya, third].find((id) => id && id !== bought.customer_user_id)!;
    const q = await ask(asker, bought.product_id, "How long did delivery take to your city, and was it packed well?", before(now, 2 * DAY));
    await answer(bought.customer_user_id, "customer", q, "Mine came in four days, double boxed with foam on every side. No damage at all.", before(now, DAY + 20 * HOUR));
  }

  await ask(ananya, GAMING_PC, "Can I get this with 64 GB of RAM instead of 32 GB, and what would it cost?", before(now, 20 * HOUR));

  await db.deleteFrom("mail").where("kind", "=", "vendor-question-asked").execute();
  await markDone(db, DEMO_QUESTIONS_KEY, now);
  return true;
}
