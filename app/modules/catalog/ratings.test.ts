import { describe, expect, it } from "vitest";
import { ratingFromScore, ratingLabel, ratingScore } from "./ratings";

describe("ratings", () => {
  it("keeps the average × 100, rounded, and none as 0", () => {
    expect(ratingScore(0, 0)).toBe(0);
    expect(ratingScore(3, 13)).toBe(433);
    expect(ratingScore(2, 9)).toBe(450);
  });
  it("shows the average to one decimal", () => {
    expect(ratingFromScore(3, 433)).toEqual({ count: 3, average: 4.3 });
    expect(ratingFromScore(2, 450)).toEqual({ count: 2, average: 4.5 });
    expect(ratingFromScore(0, 0)).toEqual({ count: 0, average: 0 });
  });
  it("says the rating in words", () => {
    expect(ratingLabel({ count: 1, average: 5 })).toBe("5.0 out of 5 stars, 1 rating");
    expect(ratingLabel({ count: 12, average: 4.3 })).toBe("4.3 out of 5 stars, 12 ratings");
    expect(ratingLabel({ count: 0, average: 0 })).toBe("No ratings yet");
  });
});
