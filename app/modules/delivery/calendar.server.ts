import type { Kysely } from "kysely";
import { isDone, markDone } from "~/db/meta.server";
import type { Database } from "~/db/schema";
import type { FieldErrors } from "~/lib/form";
import { indiaDay } from "~/lib/india-time";
import type { Refusal } from "~/lib/outcome";
import { HOLIDAY_MESSAGES, METRO_MESSAGES, parseHoliday, parseMetro, type Holiday, type NewMetro } from "./settings";

/**
 * The delivery calendar the admin keeps (/admin/delivery/calendar): metros, each a name and PIN
 * prefixes, and holidays. Both are small tables read whole by the promise (promise.server.ts).
 */

type Db = Kysely<Database>;

export interface Metro {
  id: string;
  name: string;
  prefixes: string[];
}

export type CalendarOutcome = { ok: true; message: string } | (Refusal<"invalid" | "conflict" | "not_found"> & { fieldErrors?: FieldErrors });

/** Every metro with its prefixes, by name. */
export async function listMetros(db: Db): Promise<Metro[]> {
  const [metros, prefixes] = await Promise.all([
    db.selectFrom("delivery_metros").select(["id", "name"]).orderBy("name").execute(),
    db.selectFrom("delivery_metro_prefixes").select(["metro_id", "prefix"]).orderBy("prefix").execute(),
  ]);
  return metros.map((m) => ({ ...m, prefixes: prefixes.filter((p) => p.metro_id === m.id).map((p) => p.prefix) }));
}

/** Every holiday, earliest first; past ones stay on the list to be seen. */
export function listHolidays(db: Db): Promise<Holiday[]> {
  return db.selectFrom("delivery_holidays").select(["day", "name"]).orderBy("day").execute();
}

const invalid = (fieldErrors: FieldErrors, fallback: string): CalendarOutcome => ({ ok: false, reason: "invalid", message: Object.values(fieldErrors)[0] ?? fallback, fieldErrors });

/** Adds a metro from the admin's form; refused when its name or one of its prefixes is already taken. */
export async function addMetro(db: Db, values: Record<string, unknown>, now = new Date()): Promise<CalendarOutcome> {
  const parsed = parseMetro(values);
  if (!parsed.ok) return invalid(parsed.fieldErrors, METRO_MESSAGES.name);
  return writeMetro(db, parsed.value, now);
}

async function writeMetro(db: Db, metro: NewMetro, now: Date): Promise<CalendarOutcome> {
  return db.transaction().execute(async (trx) => {
    const named = await trx.selectFrom("delivery_metros").select("name").where("name", "=", metro.name).executeTakeFirst();
    if (named) {
      const message = METRO_MESSAGES.nameTaken(named.name);
      return { ok: false, reason: "conflict", message, fieldErrors: { name: message } };
    }
    const taken = await trx
      .selectFrom("delivery_metro_prefixes")
      .innerJoin("delivery_metros", "delivery_metros.id", "delivery_metro_prefixes.metro_id")
      .select(["prefix", "delivery_metros.name"])
      .where("prefix", "in", metro.prefixes)
      .orderBy("prefix")
      .executeTakeFirst();
    if (taken) {
      const message = METRO_MESSAGES.prefixTaken(taken.prefix, taken.name);
      return { ok: false, reason: "conflict", message, fieldErrors: { prefixes: message } };
    }
    const id = crypto.randomUUID();
    await trx.insertInto("delivery_metros").values({ id, name: metro.name, created_at: now.toISOString() }).execute();
    await trx
      .insertInto("delivery_metro_prefixes")
      .values(metro.prefixes.map((prefix) => ({ prefix, metro_id: id })))
      .execute();
    return { ok: true, message: METRO_MESSAGES.added(metro.name) };
  });
}

export async function removeMetro(db: Db, id: string): Promise<CalendarOutcome> {
  return db.transaction().execute(async (trx) => {
    const metro = await trx.selectFrom("delivery_metros").select("name").where("id", "=", id).executeTakeFirst();
    if (!metro) return { ok: false, reason: "not_found", message: METRO_MESSAGES.missing };
    await trx.deleteFrom("delivery_metro_prefixes").where("metro_id", "=", id).execute();
    await trx.deleteFrom("delivery_metros").where("id", "=", id).execute();
    return { ok: true, message: METRO_MESSAGES.removed(metro.name) };
  });
}

/** Adds a holiday from the admin's form; a day already a holiday is refused, naming it. Past days may be added. */
export async function addHoliday(db: Db, values: Record<string, unknown>, now = new Date()): Promise<CalendarOutcome> {
  const parsed = parseHoliday(values);
  if (!parsed.ok) return invalid(parsed.fieldErrors, HOLIDAY_MESSAGES.day);
  const { day, name } = parsed.value;
  const inserted = await db
    .insertInto("delivery_holidays")
    .values({ day, name, created_at: now.toISOString() })
    .onConflict((oc) => oc.column("day").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    const existing = await db.selectFrom("delivery_holidays").select("name").where("day", "=", day).executeTakeFirst();
    const message = HOLIDAY_MESSAGES.duplicate(day, existing?.name ?? name);
    return { ok: false, reason: "conflict", message, fieldErrors: { day: message } };
  }
  return { ok: true, message: HOLIDAY_MESSAGES.added(day, name) };
}

export async function removeHoliday(db: Db, day: string): Promise<CalendarOutcome> {
  const holiday = await db.selectFrom("delivery_holidays").select("name").where("day", "=", day).executeTakeFirst();
  if (!holiday) return { ok: false, reason: "not_found", message: HOLIDAY_MESSAGES.missing };
  await db.deleteFrom("delivery_holidays").where("day", "=", day).execute();
  return { ok: true, message: HOLIDAY_MESSAGES.removed(day, holiday.name) };
}

export interface DeliveryCalendar {
  metroPrefixes: string[];
  /** Holidays from today (India time) on: the promise never looks back. */
  holidays: Set<string>;
}

/**
 * What every promise reads: all metro prefixes and the holidays from today. Read afresh on every
 * call rather than kept in memory: two small queries on primary keys (a few dozen rows), always
 * right on every instance the moment the admin commits a change, with no cache to empty.
 */
export async function loadCalendar(db: Db, now = new Date()): Promise<DeliveryCalendar> {
  const [prefixes, holidays] = await Promise.all([
    db.selectFrom("delivery_metro_prefixes").select("prefix").execute(),
    db.selectFrom("delivery_holidays").select("day").where("day", ">=", indiaDay(now)).execute(),
  ]);
  return { metroPrefixes: prefixes.map((p) => p.prefix), holidays: new Set(holidays.map((h) => h.day)) };
}

const CALENDAR_KEY = "delivery_calendar_seeded";

/** The first metros and holidays of a new shop, written once: the admin's later removals stay removed. */
export async function seedDeliveryCalendar(db: Db, metros: readonly NewMetro[], holidays: readonly Holiday[], now = new Date()): Promise<boolean> {
  if (await isDone(db, CALENDAR_KEY)) return false;
  for (const metro of metros) {
    const exists = await db.selectFrom("delivery_metros").select("id").where("name", "=", metro.name).executeTakeFirst();
    if (!exists) await writeMetro(db, metro, now);
  }
  if (holidays.length > 0) {
    await db
      .insertInto("delivery_holidays")
      .values(holidays.map((h) => ({ day: h.day, name: h.name, created_at: now.toISOString() })))
      .onConflict((oc) => oc.column("day").doNothing())
      .execute();
  }
  await markDone(db, CALENDAR_KEY, now);
  return true;
}
