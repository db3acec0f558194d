import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbContext, userContext } from "~/context";
import { pinUnknownMessage } from "~/modules/addresses/pin-codes";
import { addHoliday, addMetro, listHolidays, listMetros, removeHoliday, removeMetro } from "~/modules/delivery/calendar.server";
import { saveSellerDispatch, sellerDispatch } from "~/modules/delivery/dispatch.server";
import { promiseForSeller, promisesForSellers } from "~/modules/delivery/promise.server";
import { DISPATCH_MESSAGES, HOLIDAY_MESSAGES, METRO_MESSAGES } from "~/modules/delivery/settings";
import { action as vendorDispatchAction } from "~/routes/vendor/dispatch";
import { seedDemoCatalog } from "~/seed/seed.server";
import { insertUsers } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

// Delivery-date promises from the database: sellers' dispatch settings, the admin's metros and
// holidays, and the promise they make (docs/product-rules.md, "Delivery dates").

/** An instant given in India wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);
// Monday 23 November 2026, before the 14:00 cut-off.
const MONDAY_MORNING = ist("2026-11-23T10:00:00");

describe.each(testDatabaseKinds)("delivery promises on %s", (kind) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: "u-v1", name: "Rohit Vardhan", role: "vendor" },
      { id: "u-v2", name: "Meera Shah", role: "vendor" },
    ]);
    await t.db.updateTable("vendors").set({ owner_user_id: "u-v1" }).where("id", "=", "vendor-1").execute();
    await t.db.updateTable("vendors").set({ owner_user_id: "u-v2" }).where("id", "=", "vendor-2").execute();
  });
  afterAll(async () => t?.destroy());

  it("starts a shop with the six metros, the 2026-27 holidays and the demo sellers' dispatch PINs", async () => {
    const metros = await listMetros(t.db);
    expect(metros.map((m) => [m.name, m.prefixes])).toEqual([
      ["Bengaluru", ["560"]],
      ["Chennai", ["600"]],
      ["Delhi", ["110"]],
      ["Hyderabad", ["500"]],
      ["Kolkata", ["700"]],
      ["Mumbai", ["4000", "4001"]],
    ]);
    const holidays = await listHolidays(t.db);
    expect(holidays).toContainEqual({ day: "2026-01-26", name: "Republic Day" });
    expect(holidays).toContainEqual({ day: "2027-10-02", name: "Gandhi Jayanti" });
    expect(holidays.filter((h) => h.name === "Independence Day").map((h) => h.day)).toEqual(["2026-08-15", "2027-08-15"]);
    expect(await sellerDispatch(t.db, "vendor-2")).toEqual({ vendorId: "vendor-2", vendorName: "Shree Lamington Computer Traders", dispatchPin: "400007", handlingDays: 1, cutOff: "14:00" });
  });

  it("saves a seller's own settings, and refuses a bad PIN, cut-off or handling time with a message beside it", async () => {
    const seller = { kind: "seller", vendorId: "vendor-1" } as const;
    expect(await saveSellerDispatch(t.db, seller, "vendor-1", { dispatchPin: " 110020 ", handlingDays: "2", cutOff: "9:30" })).toEqual({ ok: true, message: DISPATCH_MESSAGES.saved });
    expect(await sellerDispatch(t.db, "vendor-1")).toMatchObject({ dispatchPin: "110020", handlingDays: 2, cutOff: "09:30" });

    const refused = async (over: Record<string, string>) => {
      const r = await saveSellerDispatch(t.db, seller, "vendor-1", { dispatchPin: "110019", handlingDays: "1", cutOff: "14:00", ...over });
      expect(r).toMatchObject({ ok: false, reason: "invalid" });
      return r.ok ? {} : r.fieldErrors;
    };
    for (const dispatchPin of ["012345", "11001", "1100199", "11001a", ""]) expect(await refused({ dispatchPin })).toEqual({ dispatchPin: DISPATCH_MESSAGES.dispatchPin });
    // Well formed, but no post office has it.
    expect(await refused({ dispatchPin: "999999" })).toEqual({ dispatchPin: pinUnknownMessage("999999") });
    for (const cutOff of ["24:00", "14:60", "2pm", "1400", ""]) expect(await refused({ cutOff })).toEqual({ cutOff: DISPATCH_MESSAGES.cutOff });
    for (const handlingDays of ["11", "-1", "1.5", "two", ""]) expect(await refused({ handlingDays })).toEqual({ handlingDays: DISPATCH_MESSAGES.handlingDays });
    expect(await refused({ dispatchPin: "0", cutOff: "x", handlingDays: "99" })).toEqual({
      dispatchPin: DISPATCH_MESSAGES.dispatchPin,
      cutOff: DISPATCH_MESSAGES.cutOff,
      handlingDays: DISPATCH_MESSAGES.handlingDays,
    });
    // Nothing refused was stored.
    expect(await sellerDispatch(t.db, "vendor-1")).toMatchObject({ dispatchPin: "110020", handlingDays: 2, cutOff: "09:30" });
    // The admin may change any seller's; an unknown seller is a 404.
    expect(await saveSellerDispatch(t.db, { kind: "admin" }, "vendor-1", { dispatchPin: "110019", handlingDays: "1", cutOff: "14:00" })).toMatchObject({ ok: true });
    expect(await saveSellerDispatch(t.db, { kind: "admin" }, "vendor-404", { dispatchPin: "110019", handlingDays: "1", cutOff: "14:00" })).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("refuses a seller changing another seller's settings, in the module and in the vendor page's action", async () => {
    expect(await saveSellerDispatch(t.db, { kind: "seller", vendorId: "vendor-1" }, "vendor-2", { dispatchPin: "110019", handlingDays: "0", cutOff: "20:00" })).toEqual({
      ok: false,
      reason: "forbidden",
      message: DISPATCH_MESSAGES.notYours,
    });

    const post = async (fields: Record<string, string>) => {
      const context = new RouterContextProvider();
      context.set(dbContext, t.db);
      context.set(userContext, { id: "u-v1", email: "u-v1@example.in", name: "Rohit Vardhan", role: "vendor", isAdmin: false });
      const request = new Request("http://shop.test/vendor/dispatch", { method: "POST", body: new URLSearchParams(fields) });
      try {
        return (await vendorDispatchAction({ request, context, params: {} } as unknown as Parameters<typeof vendorDispatchAction>[0])) as unknown;
      } catch (thrown) {
        return thrown;
      }
    };
    const other = await post({ vendorId: "vendor-2", dispatchPin: "110019", handlingDays: "0", cutOff: "20:00" });
    expect(other).toMatchObject({ init: { status: 403 }, data: { status: "error", formError: DISPATCH_MESSAGES.notYours } });
    expect(await sellerDispatch(t.db, "vendor-2")).toMatchObject({ dispatchPin: "400007", handlingDays: 1, cutOff: "14:00" });

    const bad = await post({ vendorId: "vendor-1", dispatchPin: "012345", handlingDays: "1", cutOff: "14:00" });
    expect(bad).toMatchObject({ init: { status: 400 }, data: { fieldErrors: { dispatchPin: DISPATCH_MESSAGES.dispatchPin }, values: { dispatchPin: "012345" } } });

    const own = await post({ vendorId: "vendor-1", dispatchPin: "110019", handlingDays: "3", cutOff: "16:45" });
    expect(own).toBeInstanceOf(Response);
    expect((own as Response).status).toBe(302);
    expect((own as Response).headers.get("Location")).toBe("/vendor/dispatch");
    expect(await sellerDispatch(t.db, "vendor-1")).toMatchObject({ dispatchPin: "110019", handlingDays: 3, cutOff: "16:45" });
    await saveSellerDispatch(t.db, { kind: "admin" }, "vendor-1", { dispatchPin: "110019", handlingDays: "1", cutOff: "14:00" });
  });

  it("adds and removes metros, refusing a name or prefix already taken and prefixes that are not 1 to 6 digits", async () => {
    expect(await addMetro(t.db, { name: " Pune ", prefixes: "411, 412 ,411" })).toEqual({ ok: true, message: METRO_MESSAGES.added("Pune") });
    const pune = (await listMetros(t.db)).find((m) => m.name === "Pune")!;
    expect(pune.prefixes).toEqual(["411", "412"]);

    expect(await addMetro(t.db, { name: "Pune", prefixes: "413" })).toMatchObject({ ok: false, reason: "conflict", fieldErrors: { name: METRO_MESSAGES.nameTaken("Pune") } });
    expect(await addMetro(t.db, { name: "Thane", prefixes: "4006, 4001" })).toMatchObject({
      ok: false,
      reason: "conflict",
      fieldErrors: { prefixes: "The prefix 4001 already belongs to Mumbai." },
    });
    for (const prefixes of ["41a", "1234567", "", "411,,412"]) {
      expect(await addMetro(t.db, { name: "Nagpur", prefixes })).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { prefixes: METRO_MESSAGES.prefixes } });
    }
    expect(await addMetro(t.db, { name: "", prefixes: "440" })).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { name: METRO_MESSAGES.name } });
    expect((await listMetros(t.db)).map((m) => m.name)).not.toContain("Thane");

    expect(await removeMetro(t.db, pune.id)).toEqual({ ok: true, message: METRO_MESSAGES.removed("Pune") });
    expect(await removeMetro(t.db, pune.id)).toMatchObject({ ok: false, reason: "not_found", message: METRO_MESSAGES.missing });
    // Its prefixes went with it: another metro may take them.
    expect(await addMetro(t.db, { name: "Pune city", prefixes: "411" })).toMatchObject({ ok: true });
    await removeMetro(t.db, (await listMetros(t.db)).find((m) => m.name === "Pune city")!.id);
  });

  it("adds and removes holidays, past ones too, and says when a date is already a holiday", async () => {
    expect(await addHoliday(t.db, { day: "2026-12-01", name: "Courier strike" })).toEqual({ ok: true, message: "Courier strike on Tue, 1 Dec 2026 added to the holidays." });
    expect(await addHoliday(t.db, { day: "2026-12-01", name: "Another" })).toEqual({
      ok: false,
      reason: "conflict",
      message: HOLIDAY_MESSAGES.duplicate("2026-12-01", "Courier strike"),
      fieldErrors: { day: "Tue, 1 Dec 2026 is already a holiday: Courier strike." },
    });
    expect(await addHoliday(t.db, { day: "2020-08-15", name: "Independence Day" })).toMatchObject({ ok: true });
    for (const day of ["2026-02-30", "01-12-2026", ""]) expect(await addHoliday(t.db, { day, name: "X" })).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { day: HOLIDAY_MESSAGES.day } });
    expect(await addHoliday(t.db, { day: "2026-12-02", name: " " })).toMatchObject({ ok: false, fieldErrors: { name: HOLIDAY_MESSAGES.name } });
    expect((await listHolidays(t.db)).find((h) => h.day === "2026-12-01")).toEqual({ day: "2026-12-01", name: "Courier strike" });

    expect(await removeHoliday(t.db, "2026-12-01")).toEqual({ ok: true, message: "Courier strike on Tue, 1 Dec 2026 removed from the holidays." });
    expect(await removeHoliday(t.db, "2026-12-01")).toMatchObject({ ok: false, reason: "not_found" });
    await removeHoliday(t.db, "2020-08-15");
  });

  it("promises a seller's delivery from its settings, the metros and the holidays, and moves it for a holiday added", async () => {
    // Delhi to Mumbai: metro to metro, handling 1.
    const toMumbai = () => promiseForSeller(t.db, { vendorId: "vendor-1", destinationPin: "400007", now: MONDAY_MORNING });
    expect(await toMumbai()).toEqual({ dispatchOn: "2026-11-24", earliest: "2026-11-26", latest: "2026-11-27", orderWithinMs: 4 * 3_600_000 });

    await addHoliday(t.db, { day: "2026-11-24", name: "Dispatch day off" });
    expect(await toMumbai()).toEqual({ dispatchOn: "2026-11-25", earliest: "2026-11-27", latest: "2026-11-28", orderWithinMs: 4 * 3_600_000 });
    await removeHoliday(t.db, "2026-11-24");
    expect((await toMumbai())?.dispatchOn).toBe("2026-11-24");

    // Thane (4006xx) is not in the Mumbai metro: 3 to 5 business days.
    expect(await promiseForSeller(t.db, { vendorId: "vendor-1", destinationPin: "400601", now: MONDAY_MORNING })).toMatchObject({ earliest: "2026-11-27", latest: "2026-11-30" });
    // A metro the admin adds counts at once.
    await addMetro(t.db, { name: "Thane", prefixes: "4006" });
    expect(await promiseForSeller(t.db, { vendorId: "vendor-1", destinationPin: "400601", now: MONDAY_MORNING })).toMatchObject({ earliest: "2026-11-26", latest: "2026-11-27" });
    await removeMetro(t.db, (await listMetros(t.db)).find((m) => m.name === "Thane")!.id);

    // No dispatch PIN, or no such seller: no promise.
    await t.db.updateTable("vendors").set({ dispatch_pin: null }).where("id", "=", "vendor-3").execute();
    expect(await promiseForSeller(t.db, { vendorId: "vendor-3", destinationPin: "400007", now: MONDAY_MORNING })).toBeNull();
    expect(await promiseForSeller(t.db, { vendorId: "vendor-404", destinationPin: "400007", now: MONDAY_MORNING })).toBeNull();
  });

  it("promises several sellers' parts at once, each by its own settings", async () => {
    await saveSellerDispatch(t.db, { kind: "admin" }, "vendor-2", { dispatchPin: "411001", handlingDays: "0", cutOff: "09:00" });
    // Three queries (the sellers, the metros' prefixes, the holidays), however many sellers.
    let queries = 0;
    const counted = t.db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const all = await promisesForSellers(counted, { vendorIds: ["vendor-1", "vendor-2", "vendor-3", "vendor-1", "vendor-404"], destinationPin: "560002", now: MONDAY_MORNING });
    expect(queries).toBe(3);
    expect([...all.keys()]).toEqual(["vendor-1", "vendor-2", "vendor-3", "vendor-404"]);
    expect(all.get("vendor-1")).toEqual({ dispatchOn: "2026-11-24", earliest: "2026-11-26", latest: "2026-11-27", orderWithinMs: 4 * 3_600_000 });
    // Pune (not a metro), past its 09:00 cut-off: starts Tuesday, handling 0, 3 to 5 days.
    expect(all.get("vendor-2")).toEqual({ dispatchOn: "2026-11-24", earliest: "2026-11-27", latest: "2026-11-30", orderWithinMs: null });
    expect(all.get("vendor-3")).toBeNull();
    expect(all.get("vendor-404")).toBeNull();
    expect((await promisesForSellers(t.db, { vendorIds: [], destinationPin: "560002" })).size).toBe(0);
  });
});
