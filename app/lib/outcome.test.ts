import { describe, expect, it } from "vitest";
import { statusFor } from "./outcome";

describe("statusFor", () => {
  it("maps each refusal reason to its HTTP status", () => {
    expect(statusFor("invalid")).toBe(400);
    expect(statusFor("forbidden")).toBe(403);
    expect(statusFor("not_found")).toBe(404);
    for (const r of ["stale", "conflict"] as const) expect(statusFor(r)).toBe(409);
    expect(statusFor("gateway")).toBe(503);
  });
});
