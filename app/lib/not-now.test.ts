import { describe, expect, it } from "vitest";
import { readNotNow } from "./not-now";

describe("readNotNow", () => {
  it("reads the shop's own 503 body, as text or as parsed JSON", () => {
    const answer = { error: "busy", message: "Please try again in a few seconds.", retryAfterSeconds: 3 };
    expect(readNotNow(JSON.stringify(answer))).toEqual(answer);
    expect(readNotNow({ error: "unavailable", message: "Back soon." })).toEqual({ error: "unavailable", message: "Back soon.", retryAfterSeconds: 5 });
  });

  it("is nothing for any other 503: a proxy's page, another shape, an empty or overlong message", () => {
    expect(readNotNow("<html><body>503 Service Temporarily Unavailable</body></html>")).toBeNull();
    expect(readNotNow(JSON.stringify({ error: "down", message: "x" }))).toBeNull();
    expect(readNotNow(JSON.stringify({ error: "busy", message: "" }))).toBeNull();
    expect(readNotNow(JSON.stringify({ error: "busy", message: "x".repeat(501) }))).toBeNull();
    expect(readNotNow(null)).toBeNull();
  });
});
