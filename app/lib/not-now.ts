/**
 * The shop's "not now" answer in JSON (503, server/busy-page.ts): too busy this moment, or its
 * database away for a few seconds, with the words to show and when to try again. Read in the
 * browser by the pages that can say it in place (the checkout, the shop's error boundary).
 */
export interface NotNowAnswer {
  error: "busy" | "unavailable";
  message: string;
  retryAfterSeconds: number;
}

export const NOT_NOW_TITLES: Record<NotNowAnswer["error"], string> = {
  busy: "We're busy right now",
  unavailable: "We'll be right back",
};

/** The answer in a 503's body, if it is the shop's own (React Router hands the body over as text). */
export function readNotNow(body: unknown): NotNowAnswer | null {
  let value: unknown = body;
  if (typeof body === "string") {
    try {
      value = JSON.parse(body);
    } catch {
      return null;
    }
  }
  const v = value as Partial<NotNowAnswer> | null;
  if (!v || (v.error !== "busy" && v.error !== "unavailable") || typeof v.message !== "string" || v.message.length === 0 || v.message.length > 500) return null;
  return { error: v.error, message: v.message, retryAfterSeconds: typeof v.retryAfterSeconds === "number" ? v.retryAfterSeconds : 5 };
}
