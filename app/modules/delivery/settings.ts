import { issueErrors, type FieldErrors } from "~/lib/form";
import { z } from "~/lib/zod";
import { PIN_PATTERN } from "~/modules/addresses/pin-codes";
import { formatPromiseDay, MAX_HANDLING_DAYS } from "./promise";

/**
 * The forms of delivery promises, checked the same way in the server and the browser: a seller's
 * dispatch settings, and the admin's metros and holidays. Pure.
 */

export const DISPATCH_MESSAGES = {
  dispatchPin: "Enter the 6-digit PIN code you dispatch from. It cannot start with 0.",
  handlingDays: `Enter the handling time as a whole number of business days, from 0 to ${MAX_HANDLING_DAYS}.`,
  cutOff: "Enter the cut-off as a 24-hour time, HH:MM, for example 14:00.",
  saved: "Dispatch settings saved.",
  notYours: "You can change only your own dispatch settings.",
  noSeller: "There is no such seller.",
} as const;

const text = (message: string) => z.string({ error: message }).trim();

const dispatchSchema = z.object({
  dispatchPin: text(DISPATCH_MESSAGES.dispatchPin).regex(PIN_PATTERN, DISPATCH_MESSAGES.dispatchPin),
  handlingDays: text(DISPATCH_MESSAGES.handlingDays)
    .regex(/^\d{1,2}$/, DISPATCH_MESSAGES.handlingDays)
    .transform(Number)
    .refine((n) => n <= MAX_HANDLING_DAYS, DISPATCH_MESSAGES.handlingDays),
  // "9:30" is taken as 09:30; stored always as HH:MM.
  cutOff: text(DISPATCH_MESSAGES.cutOff)
    .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, DISPATCH_MESSAGES.cutOff)
    .transform((t) => t.padStart(5, "0")),
});

export interface DispatchSettings {
  dispatchPin: string;
  handlingDays: number;
  /** HH:MM */
  cutOff: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; fieldErrors: FieldErrors };

function parseWith<T>(schema: z.ZodType<T>, values: Record<string, unknown>): Parsed<T> {
  const parsed = schema.safeParse(values);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, fieldErrors: issueErrors(parsed.error.issues).fieldErrors };
}

export function parseDispatchSettings(values: Record<string, unknown>): Parsed<DispatchSettings> {
  return parseWith(dispatchSchema, values);
}

export const METRO_MESSAGES = {
  name: "Enter the metro's name, up to 60 characters.",
  prefixes: "Enter PIN prefixes separated by commas, each 1 to 6 digits, for example 4000, 4001.",
  nameTaken: (name: string) => `There is already a metro named ${name}.`,
  prefixTaken: (prefix: string, metro: string) => `The prefix ${prefix} already belongs to ${metro}.`,
  added: (name: string) => `${name} added to the metros.`,
  removed: (name: string) => `${name} removed from the metros.`,
  missing: "That metro is no longer on the list.",
} as const;

const metroSchema = z.object({
  name: text(METRO_MESSAGES.name).min(1, METRO_MESSAGES.name).max(60, METRO_MESSAGES.name),
  prefixes: text(METRO_MESSAGES.prefixes)
    .transform((t) => t.split(",").map((p) => p.trim()))
    .refine((list) => list.length > 0 && list.every((p) => /^\d{1,6}$/.test(p)), METRO_MESSAGES.prefixes)
    .transform((list) => [...new Set(list)]),
});

export interface NewMetro {
  name: string;
  prefixes: string[];
}

/** A metro from the admin's form: its name and its comma-separated prefixes ("4000, 4001"), duplicates dropped. */
export function parseMetro(values: Record<string, unknown>): Parsed<NewMetro> {
  return parseWith(metroSchema, values);
}

export const HOLIDAY_MESSAGES = {
  day: "Enter the holiday's date.",
  name: "Enter the holiday's name, up to 60 characters.",
  duplicate: (day: string, name: string) => `${formatPromiseDay(day, { withYear: true })} is already a holiday: ${name}.`,
  added: (day: string, name: string) => `${name} on ${formatPromiseDay(day, { withYear: true })} added to the holidays.`,
  removed: (day: string, name: string) => `${name} on ${formatPromiseDay(day, { withYear: true })} removed from the holidays.`,
  missing: "That holiday is no longer on the list.",
} as const;

const isRealDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00.000Z`)) && new Date(`${day}T00:00:00.000Z`).toISOString().slice(0, 10) === day;

const holidaySchema = z.object({
  day: text(HOLIDAY_MESSAGES.day).refine(isRealDay, HOLIDAY_MESSAGES.day),
  name: text(HOLIDAY_MESSAGES.name).min(1, HOLIDAY_MESSAGES.name).max(60, HOLIDAY_MESSAGES.name),
});

export interface Holiday {
  /** YYYY-MM-DD */
  day: string;
  name: string;
}

export function parseHoliday(values: Record<string, unknown>): Parsed<Holiday> {
  return parseWith(holidaySchema, values);
}
