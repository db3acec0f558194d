/**
 * India time, whatever the server's zone: UTC+5:30 all year, no daylight saving. Instants shifted
 * by the offset and read through their UTC fields give India's wall-clock date and time. Pure.
 */

/** India's offset from UTC, in milliseconds. */
export const INDIA_OFFSET_MS = 330 * 60_000;

/** The calendar day in India of an instant, YYYY-MM-DD. */
export function indiaDay(at: Date | string): string {
  const t = typeof at === "string" ? Date.parse(at) : at.getTime();
  return new Date(t + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The month in India ("YYYY-MM") of an instant. */
export function indiaMonthOf(at: Date | string): string {
  return indiaDay(at).slice(0, 7);
}

/** Minutes since India midnight of an instant, 0 to 1439 (seconds dropped). */
export function indiaMinutes(at: Date): number {
  const local = new Date(at.getTime() + INDIA_OFFSET_MS);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}

/** The instant a day (YYYY-MM-DD) reaches `minutes` past India midnight. */
export function indiaInstant(day: string, minutes: number): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + minutes * 60_000 - INDIA_OFFSET_MS);
}
