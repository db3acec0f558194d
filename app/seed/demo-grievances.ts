import { isDone, markDone } from "~/db/meta.server";
import type { Outbox, Store } from "~/modules/jobs/outbox.server";
import { acknowledgeGrievance, raiseGrievance, replyToGrievance } from "~/modules/grievances/grievances.server";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DEMO_GRIEVANCES_KEY = "demo_grievances_seeded";

/** The minute `ms` before `now`, so every fresh demo reads the same. */
const before = (now: Date, ms: number) => new Date(Math.floor((now.getTime() - ms) / 60_000) * 60_000);

/** Nothing is announced: the demo's complaints were raised before the shop's mail existed. */
function silent(outbox: Outbox): Outbox {
  return { link: outbox.link, jobs: { kind: outbox.jobs.kind, add: async () => {}, work: async () => {}, stop: async () => {} } };
}

/**
 * Two complaints from demo shoppers, written through the grievances module as people would have
 * made them: Aarav Gupta's about a late delivery, acknowledged with a reply, and Ananya Iyer's,
 * raised three days ago and still open (past the 48 hours, so the admin's list flags it). Their
 * mail rows are removed, as the demo's orders have none. Written once.
 */
export async function seedDemoGrievances({ db, outbox }: Store, shopperIds: readonly string[], now: Date): Promise<boolean> {
  if (await isDone(db, DEMO_GRIEVANCES_KEY)) return false;
  const store: Store = { db, outbox: silent(outbox) };
  const admin = await db.selectFrom("user").select("id").where("role", "=", "admin").orderBy("createdAt").executeTakeFirst();
  const [aarav, ananya] = shopperIds;
  if (!admin || !aarav || !ananya) return false;
  const order = await db.selectFrom("orders").select("number").where("user_id", "=", aarav).where("status", "=", "delivered").orderBy("created_at", "desc").executeTakeFirst();
  const numbers: string[] = [];

  const late = await raiseGrievance(
    store,
    aarav,
    {
      subject: "My order came a week late",
      category: "delivery",
      orderNumber: order?.number ?? "",
      details: "The order was promised within five days but took twelve, and the tracking page showed no movement for a week. Nobody answered at the courier's number.",
    },
    before(now, 6 * DAY),
  );
  if (!late.ok) throw new Error(`Demo complaint: ${late.message}`);
  numbers.push(late.number);
  const actor = { role: "admin" as const, userId: admin.id };
  await acknowledgeGrievance(store, actor, { id: late.id }, before(now, 5 * DAY + 20 * HOUR));
  await replyToGrievance(
    store,
    actor,
    { id: late.id, values: { reply: "We are sorry for the delay. The courier held the parcel at its Delhi hub after a sorting error; we have asked the seller to refund the shipping charge and will write again once it is paid." } },
    before(now, 5 * DAY + 2 * HOUR),
  );

  const open = await raiseGrievance(
    store,
    ananya,
    {
      subject: "Charged twice for one payment",
      category: "refund",
      orderNumber: "",
      details: "My card statement shows two debits of the same amount on the same day, but I placed only one order. Please check and refund the second one.",
    },
    before(now, 3 * DAY),
  );
  if (!open.ok) throw new Error(`Demo complaint: ${open.message}`);
  numbers.push(open.number);

  await db.deleteFrom("mail").where("reference", "in", numbers).execute();
  await markDone(db, DEMO_GRIEVANCES_KEY, now);
  return true;
}
