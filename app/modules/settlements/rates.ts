import type { RateKind } from "./rules";

/** The rate form's choices, limits and messages, and how a rate reads: shared by the Rates page and rates.server.ts. */

/** What the admin picks: a commission for every category, one for a category, TCS or TDS. */
export const RATE_CHOICES = [
  { value: "commission", label: "Commission (default)" },
  { value: "commission_category", label: "Commission for a category" },
  { value: "tcs", label: "TCS" },
  { value: "tds", label: "TDS" },
] as const;
export type RateChoice = (typeof RATE_CHOICES)[number]["value"];

/** The highest rate the admin may set, in percent: commission is the shop's choice; TCS and TDS are set by law and small. */
export const MAX_PERCENT: Record<RateKind, number> = { commission: 30, tcs: 5, tds: 5 };

export const RATE_MESSAGES = {
  choice: "Choose which rate this is.",
  category: "Choose the category this commission is for.",
  percent: "Enter the rate in percent, with up to two decimals (for example 4.5).",
  commissionRange: `A commission is 0 to ${MAX_PERCENT.commission} percent.`,
  taxRange: `TCS and TDS are 0 to ${MAX_PERCENT.tcs} percent.`,
  date: "Enter the day the rate takes effect.",
  past: "Rates never change the past: choose today or a later day (India time).",
  sameDay: "A rate of this kind already takes effect on that day. Choose another day.",
} as const;

/** "4.5" → 450 hundredths of a percent, read from the digits (never through a float), or null. */
export function percentToBp(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** 450 → "4.5%", 50 → "0.5%", 500 → "5%". */
export function formatRate(bp: number): string {
  const whole = Math.floor(bp / 100);
  const cents = bp % 100;
  return `${cents === 0 ? whole : `${whole}.${String(cents).padStart(2, "0").replace(/0$/, "")}`}%`;
}

const KIND_LABELS: Record<RateKind, string> = { commission: "Commission", tcs: "TCS", tds: "TDS" };

/** A rate's name as the admin reads it: "Commission (default)", "Commission for Storage", "TCS". */
export function rateLabel(kind: RateKind, category: string | null): string {
  if (kind === "commission") return category ? `Commission for ${category}` : "Commission (default)";
  return KIND_LABELS[kind];
}
