import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "~/seed/seed.server";
import {
  acknowledgeGrievance,
  adminGrievance,
  closeGrievance,
  countGrievances,
  customerGrievance,
  listAdminGrievances,
  listCustomerGrievances,
  raiseGrievance,
  replyToGrievance,
} from "~/modules/grievances/grievances.server";
import { deliveredOrder } from "../support/delivered-order";
import { insertUsers } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const KEYBOARD = "product-logitech-g213-prodigy";
const NOW = new Date("2026-11-20T06:00:00.000Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const later = (ms: number) => new Date(NOW.getTime() + ms);
const ADMIN = { role: "admin" as const, userId: "u-admin" };

const COMPLAINT = { subject: "Keyboard arrived late", category: "delivery", details: "The keyboard came nine days after the promised date, and nobody answered my calls." };

describe.each(testDatabaseKinds)("grievances on %s", (kind) => {
  let t: TestDatabase;
  let order: { id: string; number: string };

  /** A ticket's mail, in the order of its steps (mail made within one millisecond share a time). */
  const KINDS = ["grievance-raised", "admin-grievance-raised", "grievance-acknowledged", "grievance-replied", "grievance-closed"];
  const mailOf = async (reference: string) =>
    (await t.db.selectFrom("mail").select(["kind", "to_address", "subject", "text_body", "html_body"]).where("reference", "=", reference).execute()).sort((a, b) => KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind));
  /** The mail ids of every "mail.send" job the outbox added. */
  async function mailJobIds(): Promise<string[]> {
    if (t.kind === "sqlite") {
      const rows = await t.db.selectFrom("jobs").select("data").where("name", "=", "mail.send").execute();
      return rows.map((r) => (JSON.parse(r.data) as { mailId: string }).mailId);
    }
    const { rows } = await sql<{ data: { mailId: string } }>`select data from ${sql.table(`${t.jobsSchema}.job`)} where name = ${"mail.send"}`.execute(t.db);
    return rows.map((r) => r.data.mailId);
  }
  const raise = (userId: string, values: Record<string, string> = {}, at = NOW) => raiseGrievance(t, userId, { ...COMPLAINT, ...values }, at);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: "u-a", name: "Aditi Rao", email: "aditi@example.in" },
      { id: "u-b", name: "Bharat Singh" },
      { id: "u-admin", name: "Admin", email: "admin@example.in", role: "admin" },
    ]);
    order = await deliveredOrder(t, { userId: "u-a", lines: [{ productId: KEYBOARD, quantity: 1 }], placedAt: later(-5 * DAY), deliveredAt: later(-DAY) });
  });
  afterAll(async () => t?.destroy());

  it("raises a complaint about one's own order, numbered in the financial year's series, and mails the ticket", async () => {
    const raised = await raise("u-a", { orderNumber: order.number.toLowerCase() });
    expect(raised).toMatchObject({ ok: true, number: "GRV/2026-27/0001" });
    if (!raised.ok) throw new Error(raised.message);
    expect(raised.message).toBe("Your complaint is registered. Ticket GRV/2026-27/0001. We will acknowledge it within 48 hours and resolve it within one month.");
    const row = await t.db.selectFrom("grievances").selectAll().where("id", "=", raised.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "open", order_id: order.id, order_number: order.number, customer_user_id: "u-a", created_at: NOW.toISOString(), acknowledged_at: null, closed_at: null });
    const mail = await mailOf("GRV/2026-27/0001");
    expect(mail.map((m) => [m.kind, m.to_address])).toEqual([
      ["grievance-raised", "aditi@example.in"],
      ["admin-grievance-raised", "admin@example.in"],
    ]);
    expect(mail[0]!.text_body).toContain("ticket GRV/2026-27/0001");
    expect(mail[0]!.text_body).toContain("We will acknowledge it within 48 hours and resolve it within one month.");
    expect(mail[0]!.text_body).toContain(`/grievances/${raised.id}`);

    const second = await raise("u-b", { orderNumber: "" });
    expect(second).toMatchObject({ ok: true, number: "GRV/2026-27/0002" });
    // A new financial year starts a new series.
    const april = await raise("u-b", {}, new Date("2027-04-01T00:00:00.000Z"));
    expect(april).toMatchObject({ ok: true, number: "GRV/2027-28/0001" });
  });

  it("answers another customer's order as not found, and refuses bad lengths with messages", async () => {
    const tickets = async () => Number((await t.db.selectFrom("grievances").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const before = await tickets();
    const theirs = await raise("u-b", { orderNumber: order.number });
    expect(theirs).toMatchObject({ ok: false, reason: "not_found", fieldErrors: { orderNumber: "We could not find that order among yours. Check the number, or leave it empty." } });
    const bad = await raise("u-a", { subject: "Bad", details: "Too short", category: "weather", orderNumber: "12345" });
    expect(bad).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: {
        subject: "Write a subject of 5 to 120 characters.",
        details: "Describe your complaint in 20 to 2,000 characters.",
        category: "Choose what your complaint is about.",
        orderNumber: "Enter an order number like RC-123456, or leave it empty.",
      },
    });
    expect((await raise("u-a", { subject: "x".repeat(121) })).ok).toBe(false);
    expect((await raise("u-a", { details: "x".repeat(2001) })).ok).toBe(false);
    expect((await raise("u-a", { subject: "x".repeat(120), details: "y".repeat(2000) })).ok).toBe(true);
    // Refusals wrote nothing: only the last one is a ticket.
    expect(await tickets()).toBe(before + 1);
  });

  it("acknowledges, replies and closes, keeping the history and mailing each step", async () => {
    const raised = await raise("u-a", { subject: "Refund not received" });
    if (!raised.ok) throw new Error(raised.message);
    const { id, number } = raised;
    expect(await replyToGrievance(t, ADMIN, { id, values: { reply: "Looking into it." } }, later(HOUR))).toMatchObject({ ok: false, reason: "conflict", message: `Acknowledge complaint ${number} before replying to it.` });
    expect(await acknowledgeGrievance(t, ADMIN, { id }, later(HOUR))).toMatchObject({ ok: true });
    expect(await acknowledgeGrievance(t, ADMIN, { id }, later(2 * HOUR))).toMatchObject({ ok: false, reason: "conflict", message: `Complaint ${number} is acknowledged already; nothing was changed.` });
    expect(await replyToGrievance(t, ADMIN, { id, values: { reply: " " } }, later(2 * HOUR))).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { reply: "Write a reply of 2 to 2,000 characters." } });
    const reply = "The refund of <b>₹3,499</b> left us on 18 Nov.\nUTR 1234.";
    expect(await replyToGrievance(t, ADMIN, { id, values: { reply } }, later(2 * HOUR))).toMatchObject({ ok: true });
    expect(await closeGrievance(t, ADMIN, { id, values: { note: "" } }, later(3 * HOUR))).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { note: "Write a closing note of 2 to 2,000 characters." } });
    expect(await closeGrievance(t, ADMIN, { id, values: { note: "Refund confirmed by the bank." } }, later(3 * HOUR))).toMatchObject({ ok: true });
    expect(await replyToGrievance(t, ADMIN, { id, values: { reply: "One more thing" } }, later(4 * HOUR))).toMatchObject({ ok: false, reason: "conflict", message: `Complaint ${number} is closed; a closed complaint takes no more replies.` });
    expect(await closeGrievance(t, ADMIN, { id, values: { note: "Again" } }, later(4 * HOUR))).toMatchObject({ ok: false, reason: "conflict", message: `Complaint ${number} is closed already; nothing was changed.` });
    expect(await acknowledgeGrievance(t, ADMIN, { id }, later(4 * HOUR))).toMatchObject({ ok: false, reason: "conflict" });
    expect(await acknowledgeGrievance(t, ADMIN, { id: "no-such-ticket" })).toMatchObject({ ok: false, reason: "not_found" });

    const v = await customerGrievance(t.db, "u-a", id);
    expect(v).toMatchObject({ status: "closed", acknowledgedAt: later(HOUR).toISOString(), closedAt: later(3 * HOUR).toISOString() });
    expect(v!.history.map((h) => [h.event, h.actorRole, h.message])).toEqual([
      ["raised", "customer", null],
      ["acknowledged", "admin", null],
      ["replied", "admin", reply],
      ["closed", "admin", "Refund confirmed by the bank."],
    ]);
    const mail = (await mailOf(number)).filter((m) => m.to_address === "aditi@example.in");
    expect(mail.map((m) => m.kind)).toEqual(["grievance-raised", "grievance-acknowledged", "grievance-replied", "grievance-closed"]);
    // What the officer wrote goes out as text: escaped in the HTML part.
    expect(mail[2]!.text_body).toContain(reply);
    expect(mail[2]!.html_body).toContain("&lt;b&gt;₹3,499&lt;/b&gt;");
    expect(mail[2]!.html_body).not.toContain("<b>₹3,499</b>");
    expect(mail[3]!.text_body).toContain("Refund confirmed by the bank.");
    // Each mail (the customer's four and the administrator's one) has its delivery job in the outbox.
    const mailIds = (await t.db.selectFrom("mail").select("id").where("reference", "=", number).execute()).map((m) => m.id);
    expect(mailIds).toHaveLength(5);
    const jobs = await mailJobIds();
    for (const id of mailIds) expect(jobs.filter((j) => j === id)).toHaveLength(1);
  });

  it("acknowledges once when two administrators click at the same time", async () => {
    const raised = await raise("u-b");
    if (!raised.ok) throw new Error(raised.message);
    const results = await Promise.all([acknowledgeGrievance(t, ADMIN, { id: raised.id }, later(HOUR)), acknowledgeGrievance(t, { role: "admin", userId: "u-admin-2" }, { id: raised.id }, later(HOUR))]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)[0]).toMatchObject({ reason: "conflict" });
    const history = await t.db.selectFrom("grievance_history").select("event").where("grievance_id", "=", raised.id).execute();
    expect(history.map((h) => h.event).sort()).toEqual(["acknowledged", "raised"]);
    expect((await mailOf(raised.number)).filter((m) => m.kind === "grievance-acknowledged")).toHaveLength(1);
  });

  it("shows a customer only their own tickets", async () => {
    const mine = await listCustomerGrievances(t.db, "u-a");
    expect(mine.length).toBeGreaterThan(0);
    const theirs = await listCustomerGrievances(t.db, "u-b");
    expect(theirs.every((g) => !mine.some((m) => m.id === g.id))).toBe(true);
    expect(await customerGrievance(t.db, "u-b", mine[0]!.id)).toBeNull();
    expect(await customerGrievance(t.db, "u-a", mine[0]!.id)).not.toBeNull();
  });

  it("lists every ticket for the admin, open first, newest first within, with overdue flags", async () => {
    await t.db.deleteFrom("grievance_history").execute();
    await t.db.deleteFrom("grievances").execute();
    const old = await raise("u-a", { subject: "Old open one" }, later(-40 * DAY));
    const slow = await raise("u-a", { subject: "Three days open" }, later(-3 * DAY));
    const justIn = await raise("u-b", { subject: "Just raised" }, later(-HOUR));
    const acked = await raise("u-b", { subject: "Acknowledged long ago" }, later(-31 * DAY));
    const done = await raise("u-a", { subject: "Closed one" }, later(-2 * DAY));
    for (const r of [old, slow, justIn, acked, done]) if (!r.ok) throw new Error(r.message);
    if (!acked.ok || !done.ok) return;
    await acknowledgeGrievance(t, ADMIN, { id: acked.id }, later(-30 * DAY));
    await closeGrievance(t, ADMIN, { id: done.id, values: { note: "Sorted." } }, later(-DAY));

    const page = await listAdminGrievances(t.db, { status: null, page: 1 }, NOW);
    expect(page.total).toBe(5);
    expect(page.rows.map((r) => [r.subject, r.status, r.flags])).toEqual([
      ["Just raised", "open", []],
      ["Three days open", "open", ["Not acknowledged within 48 hours"]],
      ["Old open one", "open", ["Not acknowledged within 48 hours", "Not resolved within one month"]],
      ["Acknowledged long ago", "acknowledged", ["Not resolved within one month"]],
      ["Closed one", "closed", []],
    ]);
    expect(page.rows[0]).toMatchObject({ customerName: "Bharat Singh", overdueAcknowledgement: false, overdueResolution: false });
    const closed = await listAdminGrievances(t.db, { status: "closed", page: 1 }, NOW);
    expect(closed.rows.map((r) => r.subject)).toEqual(["Closed one"]);
    expect(await countGrievances(t.db, NOW)).toEqual({ open: 4, overdue: 3 });
    const one = await adminGrievance(t.db, acked.id, NOW);
    expect(one).toMatchObject({ customerName: "Bharat Singh", status: "acknowledged", flags: ["Not resolved within one month"] });
  });
});
