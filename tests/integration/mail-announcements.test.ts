import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { InsertQueryNode, type KyselyPlugin, type Selectable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";
import type { MailTable } from "~/db/schema";
import { seedDemoCatalog } from "~/seed/seed.server";
import { decideVendor } from "~/modules/admin/vendors.server";
import { contactSchema } from "~/modules/content/contact.schema";
import { saveContactMessage } from "~/modules/content/contact.server";
import { parseVendorRegistration } from "~/modules/identity/forms";
import { createAccountWithRole, createIdentity, registerVendor, setAccountDisabled, vendorOf, type Identity } from "~/modules/identity/accounts.server";
import type { JobHandlers } from "~/modules/jobs/jobs";
import { createPgBossQueue } from "~/modules/jobs/pg-boss-queue.server";
import type { createTableQueue } from "~/modules/jobs/table-queue.server";
import { deliverMail } from "~/modules/mail/delivery.server";
import type { Mailer, OutgoingMail } from "~/modules/mail/mailer.server";
import { advanceVendorPart, setOrderStatusByAdmin } from "~/modules/orders/fulfilment.server";
import { cancelOrderForUser, placeOrder, type PlaceOrderInput } from "~/modules/orders/orders.server";
import { insertUsers, shippingAddress as address } from "../support/fixtures";
import { enableEveryPaymentMethod } from "../support/payments";
import { createTestDatabase, sql, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const KEYBOARD = "product-logitech-g213-prodigy"; // vendor-1, ₹3,499
const SSD = "product-samsung-990-pro-2tb"; // vendor-2, ₹16,999
const MOUSE = "product-logitech-mx-master-3s"; // vendor-3, ₹8,995; vendor-3 has no owner here
const KEYBOARD_NAME = "Logitech G213 Prodigy RGB Gaming Keyboard";
const SSD_NAME = "Samsung 990 PRO 2TB PCIe 4.0 NVMe M.2 SSD";

const CUSTOMER = "meera@example.in";
const OWNER_1 = "owner1@example.in";
const OWNER_2 = "owner2@example.in";
const ADMINS = ["admin-a@example.in", "admin-b@example.in"];
const DISABLED_ADMIN = "admin-off@example.in";

type Mail = Selectable<MailTable>;

/** Makes the `n`th insert into `mail` through this database fail, as a full disk or a dropped connection would. */
function failingMailInsert(n: number): KyselyPlugin {
  let seen = 0;
  return {
    transformQuery({ node }) {
      if (InsertQueryNode.is(node) && node.into?.table.identifier.name === "mail" && ++seen === n) throw new Error("simulated failure writing mail");
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
}

async function until(what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(testDatabaseKinds)("who gets which mail on %s", (kind) => {
  let t: TestDatabase;
  let identity: Identity;
  let customerId: string;
  let key = 0;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await enableEveryPaymentMethod(t.db);
    await insertUsers(t, [
      { id: "meera", name: "Meera Iyer", email: CUSTOMER },
      { id: "other", name: "Someone Else" },
      { id: "owner-1", name: "Rohit Vardhan", email: OWNER_1, role: "vendor" },
      { id: "owner-2", name: "Meera Shah", email: OWNER_2, role: "vendor" },
    ]);
    customerId = "meera";
    await t.db.updateTable("vendors").set({ owner_user_id: "owner-1" }).where("id", "=", "vendor-1").execute();
    await t.db.updateTable("vendors").set({ owner_user_id: "owner-2" }).where("id", "=", "vendor-2").execute();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-mail-"));
    identity = await createIdentity(t.db, kind, parseEnv({ DATA_DIR: dataDir, NODE_ENV: "test" }), t.outbox);
    for (const email of [...ADMINS, DISABLED_ADMIN]) {
      const id = await createAccountWithRole(identity, { name: `Admin ${email}`, email, password: "admin-pass", role: "admin" });
      if (email === DISABLED_ADMIN) await setAccountDisabled(t.db, id, true);
    }
  });
  afterAll(async () => t?.destroy());

  /** The mail written from now on, by kind and recipient. */
  async function watchMail(): Promise<() => Promise<Mail[]>> {
    const before = new Set((await t.db.selectFrom("mail").select("id").execute()).map((m) => m.id));
    return async () => (await t.db.selectFrom("mail").selectAll().orderBy("kind").orderBy("to_address").execute()).filter((m) => !before.has(m.id));
  }

  const summary = (mails: Mail[]) => mails.map((m) => [m.kind, m.to_address]);

  /** The mail ids of every "mail.send" job, with the job's state as the queue keeps it. */
  async function mailJobs(): Promise<{ mailId: string; state: string; data: unknown }[]> {
    if (t.kind === "sqlite") {
      const rows = await t.db.selectFrom("jobs").select(["data", "status"]).where("name", "=", "mail.send").execute();
      return rows.map((r) => {
        const data = JSON.parse(r.data) as { mailId: string };
        return { mailId: data.mailId, state: r.status, data };
      });
    }
    const { rows } = await sql<{ data: { mailId: string }; state: string }>`select data, state from ${sql.table(`${t.jobsSchema}.job`)} where name = ${"mail.send"}`.execute(t.db);
    return rows.map((r) => ({ mailId: r.data.mailId, state: r.state, data: r.data }));
  }

  /** Every mail has exactly one delivery job waiting, and no job exists without its mail. */
  async function expectOneWaitingJobPerMail(): Promise<void> {
    const mails = (await t.db.selectFrom("mail").select("id").execute()).map((m) => m.id).sort();
    const jobs = await mailJobs();
    expect(jobs.map((j) => j.mailId).sort()).toEqual(mails);
    for (const j of jobs) {
      expect(j.data).toEqual({ mailId: j.mailId });
      expect(j.state).toBe(t.kind === "sqlite" ? "queued" : "created");
    }
  }

  const counts = async () => ({
    orders: (await t.db.selectFrom("orders").select("id").execute()).length,
    mail: (await t.db.selectFrom("mail").select("id").execute()).length,
    jobs: (await mailJobs()).length,
  });

  // Cash on delivery: announced when placed and shippable at once. A card or UPI order is announced
  // once paid (tests/integration/payments.test.ts).
  const order = (lines: PlaceOrderInput["lines"], extra: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
    userId: customerId,
    lines,
    address,
    paymentMethod: "cod",
    idempotencyKey: `mail-${++key}`,
    ...extra,
  });

  async function place(lines: PlaceOrderInput["lines"]): Promise<string> {
    const r = await placeOrder(t, order(lines));
    if (!r.ok) throw new Error(r.message);
    return r.number;
  }

  describe("an order placed", () => {
    it("confirms to the customer and tells each seller's owner of only their items", async () => {
      const fresh = await watchMail();
      const r = await placeOrder(t, order([{ productId: KEYBOARD, quantity: 2 }, { productId: SSD, quantity: 1 }]));
      if (!r.ok) throw new Error(r.message);
      const mails = await fresh();
      expect(summary(mails)).toEqual([
        ["order-placed", CUSTOMER],
        ["vendor-new-order", OWNER_1],
        ["vendor-new-order", OWNER_2],
      ]);
      expect(mails.every((m) => m.reference === r.number && m.status === "queued" && m.sent_at === null)).toBe(true);

      const [customer, v1, v2] = mails as [Mail, Mail, Mail];
      expect(customer.subject).toContain(r.number);
      for (const line of [
        `- ${KEYBOARD_NAME} × 2: ₹6,998.00`,
        `- ${SSD_NAME} × 1: ₹16,999.00`,
        "Subtotal: ₹23,997.00",
        "Shipping: Free",
        "GST (18%): ₹4,319.46",
        "Total: ₹28,316.46",
        "Payment method: Cash on Delivery",
        "Priya Sharma",
        "C-14, Sector 18",
        "Noida, Uttar Pradesh 201301",
        "Phone: +91 98765 43210",
        `http://shop.test/orders/${r.number}`,
      ]) {
        expect(customer.text_body).toContain(line);
      }
      expect(customer.html_body).toContain("₹28,316.46");
      expect(customer.html_body).toContain(`href="http://shop.test/orders/${r.number}"`);

      expect(v1.subject).toContain(r.number);
      expect(v1.text_body).toContain(`- ${KEYBOARD_NAME} × 2: ₹6,998.00`);
      expect(v1.text_body).toContain("Your items: ₹6,998.00 before GST");
      expect(v2.text_body).toContain(`- ${SSD_NAME} × 1: ₹16,999.00`);
      expect(v2.text_body).toContain("Your items: ₹16,999.00 before GST");
      for (const [mine, theirs] of [
        [v1, SSD_NAME],
        [v2, KEYBOARD_NAME],
      ] as const) {
        expect(mine.text_body).toContain("Priya Sharma");
        for (const body of [mine.text_body, mine.html_body]) {
          expect(body).not.toContain(theirs);
          expect(body).not.toContain(CUSTOMER);
          expect(body).not.toContain("98765 43210");
          expect(body).not.toContain("28,316");
        }
      }

      // One delivery job per mail, written with it.
      const jobs = await mailJobs();
      for (const m of mails) expect(jobs.filter((j) => j.mailId === m.id).map((j) => j.data)).toEqual([{ mailId: m.id }]);
      await expectOneWaitingJobPerMail();
    });

    it("tells no one for a seller without an owner", async () => {
      const fresh = await watchMail();
      const number = await place([{ productId: MOUSE, quantity: 1 }, { productId: KEYBOARD, quantity: 1 }]);
      const mails = await fresh();
      expect(summary(mails)).toEqual([
        ["order-placed", CUSTOMER],
        ["vendor-new-order", OWNER_1],
      ]);
      expect(mails.every((m) => m.reference === number)).toBe(true);
      expect(mails[1]!.text_body).not.toContain("MX Master");
      await expectOneWaitingJobPerMail();
    });
  });

  describe("atomicity", () => {
    it("writes no mail and no job for a refused order", async () => {
      const before = await counts();
      const outOfStock = await placeOrder(t, order([{ productId: KEYBOARD, quantity: 1 }, { productId: SSD, quantity: 10_000 }]));
      expect(outOfStock).toMatchObject({ ok: false, reason: "out_of_stock" });
      const priceChanged = await placeOrder(t, order([{ productId: KEYBOARD, quantity: 1 }], { expectedTotal: 100 }));
      expect(priceChanged).toMatchObject({ ok: false, reason: "price_changed" });
      expect(await counts()).toEqual(before);
    });

    it("leaves neither order nor mail nor job when placement fails after mail was written", async () => {
      const before = await counts();
      const stock = async () => Number((await t.db.selectFrom("products").select("stock").where("id", "=", KEYBOARD).executeTakeFirstOrThrow()).stock);
      const stockBefore = await stock();
      // The customer's confirmation and its job are written; the first seller's mail then fails.
      const failing = { db: t.db.withPlugin(failingMailInsert(2)), outbox: t.outbox };
      await expect(placeOrder(failing, order([{ productId: KEYBOARD, quantity: 1 }, { productId: SSD, quantity: 1 }]))).rejects.toThrow("simulated failure writing mail");
      expect(await counts()).toEqual(before);
      expect(await stock()).toBe(stockBefore);
      await expectOneWaitingJobPerMail();
    });

    it("writes the mail of one order once, however often it is placed", async () => {
      const input = order([{ productId: KEYBOARD, quantity: 1 }, { productId: SSD, quantity: 1 }]);
      const fresh = await watchMail();
      const [a, b] = await Promise.all([placeOrder(t, input), placeOrder(t, input)]);
      const c = await placeOrder(t, input);
      if (!a.ok || !b.ok || !c.ok) throw new Error("placement failed");
      expect(new Set([a.number, b.number, c.number]).size).toBe(1);
      expect(c.existing).toBe(true);
      const mails = await fresh();
      expect(summary(mails)).toEqual([
        ["order-placed", CUSTOMER],
        ["vendor-new-order", OWNER_1],
        ["vendor-new-order", OWNER_2],
      ]);
      await expectOneWaitingJobPerMail();
    });
  });

  describe("a seller advancing its part", () => {
    it("tells the customer when it ships, with carrier and tracking, and when it arrives; not when processing", async () => {
      const number = await place([{ productId: KEYBOARD, quantity: 1 }, { productId: SSD, quantity: 1 }]);
      const step = (from: string, shipment?: { carrier: string; trackingNumber: string }) =>
        advanceVendorPart(t, { vendorId: "vendor-1", number, from, actorUserId: "owner-1", shipment });

      let fresh = await watchMail();
      expect(await step("pending")).toMatchObject({ ok: true });
      expect(await fresh()).toEqual([]);

      // Refused: shipped needs tracking; a stale step changes nothing.
      expect(await step("processing")).toMatchObject({ ok: false, reason: "invalid" });
      expect(await step("pending")).toMatchObject({ ok: false, reason: "stale" });
      expect(await fresh()).toEqual([]);

      expect(await step("processing", { carrier: "Blue Dart", trackingNumber: "BD123456" })).toMatchObject({ ok: true });
      const shipped = await fresh();
      expect(summary(shipped)).toEqual([["order-shipped", CUSTOMER]]);
      expect(shipped[0]!.reference).toBe(number);
      expect(shipped[0]!.subject).toContain(number);
      expect(shipped[0]!.text_body).toContain("Carrier: Blue Dart. Tracking number: BD123456.");
      expect(shipped[0]!.text_body).toContain(KEYBOARD_NAME);
      expect(shipped[0]!.text_body).not.toContain(SSD_NAME);
      expect(shipped[0]!.html_body).toContain("BD123456");

      fresh = await watchMail();
      expect(await step("processing", { carrier: "Blue Dart", trackingNumber: "BD123456" })).toMatchObject({ ok: false, reason: "stale" });
      expect(await fresh()).toEqual([]);

      expect(await step("shipped")).toMatchObject({ ok: true });
      const delivered = await fresh();
      expect(summary(delivered)).toEqual([["order-delivered", CUSTOMER]]);
      expect(delivered[0]!.subject).toContain(number);

      fresh = await watchMail();
      expect(await step("shipped")).toMatchObject({ ok: false, reason: "stale" });
      expect(await step("delivered")).toMatchObject({ ok: false, reason: "stale" });
      expect(await advanceVendorPart(t, { vendorId: "vendor-3", number, from: "pending", actorUserId: "x" })).toMatchObject({ ok: false, reason: "not_found" });
      expect(await fresh()).toEqual([]);
      await expectOneWaitingJobPerMail();
    });
  });

  describe("cancellations and administrators' status changes", () => {
    it("tells the customer and each seller's owner when the customer cancels, and no one when refused", async () => {
      const number = await place([{ productId: KEYBOARD, quantity: 1 }, { productId: SSD, quantity: 2 }]);
      let fresh = await watchMail();
      expect(await cancelOrderForUser(t, "other", number)).toMatchObject({ ok: false, reason: "not_found" });
      expect(await fresh()).toEqual([]);

      expect(await cancelOrderForUser(t, customerId, number)).toMatchObject({ ok: true });
      const mails = await fresh();
      expect(summary(mails)).toEqual([
        ["order-cancelled", CUSTOMER],
        ["vendor-order-cancelled", OWNER_1],
        ["vendor-order-cancelled", OWNER_2],
      ]);
      expect(mails.every((m) => m.reference === number && m.subject.includes(number))).toBe(true);
      expect(mails[0]!.text_body).toContain("As you asked, your order has been cancelled.");
      expect(mails[1]!.text_body).toContain(KEYBOARD_NAME);
      expect(mails[1]!.text_body).not.toContain(SSD_NAME);
      expect(mails[2]!.text_body).toContain(`${SSD_NAME} × 2`);
      expect(mails[2]!.text_body).not.toContain(KEYBOARD_NAME);

      fresh = await watchMail();
      expect(await cancelOrderForUser(t, customerId, number)).toMatchObject({ ok: false, reason: "conflict" });
      expect(await fresh()).toEqual([]);

      // A seller already packing: the cancellation is refused and rolled back, mail and all.
      const packing = await place([{ productId: KEYBOARD, quantity: 1 }, { productId: SSD, quantity: 1 }]);
      await advanceVendorPart(t, { vendorId: "vendor-2", number: packing, from: "pending", actorUserId: "owner-2" });
      fresh = await watchMail();
      expect(await cancelOrderForUser(t, customerId, packing)).toMatchObject({ ok: false, reason: "conflict" });
      expect(await fresh()).toEqual([]);
      await expectOneWaitingJobPerMail();
    });

    it("tells no one of an unpaid card order, and only its customer when it is cancelled unpaid", async () => {
      const fresh = await watchMail();
      const byCustomer = await placeOrder(t, order([{ productId: KEYBOARD, quantity: 1 }], { paymentMethod: "card" }));
      const byShop = await placeOrder(t, order([{ productId: SSD, quantity: 1 }], { paymentMethod: "upi" }));
      if (!byCustomer.ok || !byShop.ok) throw new Error("placement failed");
      expect(await fresh()).toEqual([]);

      expect(await cancelOrderForUser(t, customerId, byCustomer.number)).toMatchObject({ ok: true });
      expect(await setOrderStatusByAdmin(t, { number: byShop.number, status: "cancelled", actorUserId: "admin" })).toMatchObject({ ok: true });
      const mails = await fresh();
      expect(mails.map((m) => [m.kind, m.to_address, m.reference]).sort()).toEqual(
        [
          ["order-cancelled", CUSTOMER, byCustomer.number],
          ["order-cancelled", CUSTOMER, byShop.number],
        ].sort(),
      );
      for (const m of mails) expect(m.text_body).toContain("Nothing was charged.");
      await expectOneWaitingJobPerMail();
    });

    it("announces an administrator's cancellation and shipping once, and stays quiet otherwise", async () => {
      const cancelled = await place([{ productId: KEYBOARD, quantity: 1 }, { productId: SSD, quantity: 1 }]);
      const set = (number: string, status: string) => setOrderStatusByAdmin(t, { number, status, actorUserId: "admin" });

      let fresh = await watchMail();
      expect(await set(cancelled, "cancelled")).toMatchObject({ ok: true });
      const mails = await fresh();
      expect(summary(mails)).toEqual([
        ["order-cancelled", CUSTOMER],
        ["vendor-order-cancelled", OWNER_1],
        ["vendor-order-cancelled", OWNER_2],
      ]);
      expect(mails[0]!.text_body).toContain("Your order has been cancelled by RC Computers.");
      fresh = await watchMail();
      expect(await set(cancelled, "cancelled")).toMatchObject({ ok: true });
      expect(await fresh()).toEqual([]);

      const shipped = await place([{ productId: KEYBOARD, quantity: 1 }]);
      fresh = await watchMail();
      expect(await set(shipped, "processing")).toMatchObject({ ok: true });
      expect(await fresh()).toEqual([]);
      expect(await set(shipped, "shipped")).toMatchObject({ ok: true });
      const shippedMails = await fresh();
      expect(summary(shippedMails)).toEqual([["order-shipped", CUSTOMER]]);
      expect(shippedMails[0]!.subject).toContain(shipped);

      fresh = await watchMail();
      expect(await set(shipped, "shipped")).toMatchObject({ ok: true });
      expect(await set(shipped, "processing")).toMatchObject({ ok: true });
      expect(await set("RC-000000", "shipped")).toMatchObject({ ok: false, reason: "not_found" });
      expect(await set(shipped, "lost")).toMatchObject({ ok: false, reason: "invalid" });
      expect(await fresh()).toEqual([]);
      await expectOneWaitingJobPerMail();
    });
  });

  describe("sellers and administrators", () => {
    it("tells every enabled administrator of a new seller, and its owner of each decision once", async () => {
      const form = parseVendorRegistration({
        name: "Kavya Nair",
        businessName: "Nair Peripherals",
        email: "kavya@example.in",
        phone: "98765 43210",
        gstin: "27AAPFU0939F1ZV",
        address: "12 MG Road, Pune",
        password: "vendor-pass",
        confirmPassword: "vendor-pass",
        terms: "on",
      });
      if (!form.ok) throw new Error(form.formError);
      let fresh = await watchMail();
      const registered = await registerVendor(identity, form.data, new Request("http://localhost:3000/", { headers: { origin: "http://localhost:3000" } }));
      expect(registered.ok).toBe(true);
      const told = await fresh();
      expect(summary(told)).toEqual(ADMINS.map((a) => ["admin-vendor-registered", a]));
      expect(told[0]!.text_body).toContain("Business: Nair Peripherals");
      expect(told[0]!.text_body).toContain("Email: kavya@example.in");

      const ownerId = (await t.db.selectFrom("user").select("id").where("email", "=", "kavya@example.in").executeTakeFirstOrThrow()).id;
      const vendorId = (await vendorOf(t.db, ownerId))!.id;
      fresh = await watchMail();
      expect(await decideVendor(t, vendorId, "approved")).toMatchObject({ ok: true });
      const approved = await fresh();
      expect(summary(approved)).toEqual([["vendor-approved", "kavya@example.in"]]);
      expect(approved[0]!.subject).toContain("Nair Peripherals");

      fresh = await watchMail();
      expect(await decideVendor(t, vendorId, "approved")).toMatchObject({ ok: true });
      expect(await decideVendor(t, "vendor-nope", "approved")).toMatchObject({ ok: false, reason: "not_found" });
      expect(await fresh()).toEqual([]);

      expect(await decideVendor(t, vendorId, "rejected")).toMatchObject({ ok: true });
      expect(summary(await fresh())).toEqual([["vendor-rejected", "kavya@example.in"]]);
      await expectOneWaitingJobPerMail();
    });

    it("gives every enabled administrator a contact message", async () => {
      const fresh = await watchMail();
      const input = contactSchema.parse({
        name: "Ravi Kumar",
        email: "ravi@example.in",
        phone: "",
        subject: "Product Support",
        message: "Does the MacBook come with a GST invoice?",
      });
      const id = await saveContactMessage(t, input);
      const mails = await fresh();
      expect(summary(mails)).toEqual(ADMINS.map((a) => ["admin-contact-message", a]));
      for (const m of mails) {
        expect(m.text_body).toContain("Does the MacBook come with a GST invoice?");
        expect(m.text_body).toContain(`http://shop.test/admin/messages/${id}`);
      }
      await expectOneWaitingJobPerMail();
    });
  });

  describe("delivery", () => {
    it("sends every queued mail once, marks it sent, and does not send a sent mail again", async () => {
      const sent: OutgoingMail[] = [];
      const mailer: Mailer = {
        async send(m) {
          sent.push(m);
        },
      };
      const handlers: Partial<JobHandlers> = { "mail.send": deliverMail(t.db, mailer) };
      const queued = await t.db.selectFrom("mail").selectAll().execute();
      expect(queued.length).toBeGreaterThan(20);
      expect(queued.every((m) => m.status === "queued")).toBe(true);
      const allSent = async () => (await t.db.selectFrom("mail").select("id").where("status", "!=", "sent").execute()).length === 0;
      const completed = async () => (await mailJobs()).filter((j) => j.state === "completed").length;

      // Works the queue until it is empty, as the shop's worker would.
      let runQueue: () => Promise<void>;
      let stopWorker = async () => {};
      if (t.kind === "sqlite") {
        const queue = t.jobs as ReturnType<typeof createTableQueue>;
        runQueue = async () => {
          await queue.runDue(handlers);
        };
      } else {
        // A second pg-boss on the same schema works the jobs, as `npm run worker` would.
        const worker = await createPgBossQueue({ connectionString: process.env.TEST_DATABASE_URL!, schema: t.jobsSchema!, pollingIntervalSeconds: 0.5 });
        await worker.work(handlers, { concurrency: 8 });
        stopWorker = () => worker.stop();
        runQueue = async () => {
          const total = (await mailJobs()).length;
          await until("every mail job has completed", async () => (await completed()) === total);
        };
      }
      try {
        await runQueue();
        expect(await allSent()).toBe(true);
        expect(sent.map((m) => m.id).sort()).toEqual(queued.map((m) => m.id).sort());
        const after = await t.db.selectFrom("mail").selectAll().execute();
        for (const m of after) {
          expect(m).toMatchObject({ status: "sent", attempts: 1, last_error: null });
          expect(Date.parse(m.sent_at ?? "")).toBeGreaterThan(0);
          expect(sent.find((s) => s.id === m.id)).toMatchObject({ to: m.to_address, subject: m.subject, text: m.text_body, html: m.html_body });
        }
        if (t.kind === "sqlite") expect(await mailJobs()).toEqual([]); // done jobs leave the table

        // A job handed out again for a mail already sent sends nothing.
        const again = after[0]!;
        await t.db.transaction().execute((trx) => t.jobs.add(trx, "mail.send", { mailId: again.id }));
        await runQueue();
        expect(sent).toHaveLength(queued.length);
        expect(await t.db.selectFrom("mail").selectAll().where("id", "=", again.id).executeTakeFirstOrThrow()).toMatchObject({ status: "sent", attempts: 1, sent_at: again.sent_at });
      } finally {
        await stopWorker();
      }
    });
  });
});
