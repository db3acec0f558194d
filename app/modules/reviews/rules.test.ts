import { describe, expect, it } from "vitest";
import {
  REVIEW_FORM_MESSAGES as M,
  histogramShares,
  isReportReason,
  parseReviewListQuery,
  reviewListHref,
  reviewerName,
  reviewsJsonLd,
} from "./rules";
import { parseReviewForm } from "./parse-review";

const ok = { rating: "4", title: "Good mouse", body: "Comfortable for long days of work." };

describe("parseReviewForm", () => {
  it("takes 1 to 5 whole stars, a title of 3 to 100 characters and a text of 10 to 4,000", () => {
    expect(parseReviewForm(ok)).toEqual({ ok: true, fields: { rating: 4, title: "Good mouse", body: "Comfortable for long days of work." } });
    expect(parseReviewForm({ ...ok, title: "a".repeat(100), body: "b".repeat(4000), rating: "5" }).ok).toBe(true);
    expect(parseReviewForm({ ...ok, title: "abc", body: "0123456789", rating: "1" }).ok).toBe(true);
  });

  it.each([
    ["no stars", { rating: "" }, "rating", M.rating],
    ["0 stars", { rating: "0" }, "rating", M.rating],
    ["6 stars", { rating: "6" }, "rating", M.rating],
    ["half a star", { rating: "3.5" }, "rating", M.rating],
    ["a word for stars", { rating: "five" }, "rating", M.rating],
    ["a short title", { title: "ab" }, "title", M.title],
    ["a title of spaces", { title: "     " }, "title", M.title],
    ["a long title", { title: "a".repeat(101) }, "title", M.title],
    ["a short text", { body: "too short" }, "body", M.body],
    ["a long text", { body: "b".repeat(4001) }, "body", M.body],
  ])("refuses %s beside its field", (_, change, field, message) => {
    const r = parseReviewForm({ ...ok, ...change });
    expect(r).toEqual({ ok: false, fieldErrors: { [field]: message } });
  });

  it("refuses a missing field", () => {
    expect(parseReviewForm({})).toMatchObject({ ok: false, fieldErrors: { rating: M.rating, title: M.title, body: M.body } });
  });
});

describe("the review list's address", () => {
  const q = (s: string) => parseReviewListQuery(new URLSearchParams(s));
  it("reads sort, stars and page, with defaults for anything else", () => {
    expect(q("")).toEqual({ sort: "helpful", stars: null, page: 1 });
    expect(q("reviews=newest&stars=4&rpage=2")).toEqual({ sort: "newest", stars: 4, page: 2 });
    expect(q("reviews=worst&stars=9&rpage=-3")).toEqual({ sort: "helpful", stars: null, page: 1 });
    expect(q("stars=2.5&rpage=99999999")).toEqual({ sort: "helpful", stars: null, page: 1 });
  });

  it("links keep the page's other parameters, leave defaults out and start again at page 1", () => {
    const params = new URLSearchParams("pin=400001&reviews=newest&rpage=3");
    expect(reviewListHref(params, { stars: 5 })).toBe("?pin=400001&reviews=newest&stars=5#reviews");
    expect(reviewListHref(params, { sort: "helpful" })).toBe("?pin=400001#reviews");
    expect(reviewListHref(new URLSearchParams(""), { page: 2 })).toBe("?rpage=2#reviews");
    expect(reviewListHref(new URLSearchParams("rpage=2"), { page: 1 })).toBe("?#reviews");
  });
});

describe("reviewerName", () => {
  it("shows the first name and the initial of the last", () => {
    expect(reviewerName("Aarav Gupta")).toBe("Aarav G.");
    expect(reviewerName("  Priya  Rani sharma ")).toBe("Priya S.");
    expect(reviewerName("Madhu")).toBe("Madhu");
    expect(reviewerName("   ")).toBe("A customer");
  });
});

describe("report reasons and the histogram", () => {
  it("knows its reasons only", () => {
    expect(isReportReason("spam")).toBe(true);
    expect(isReportReason("because")).toBe(false);
    expect(isReportReason(undefined)).toBe(false);
  });

  it("gives each star count its share", () => {
    expect(histogramShares({ 5: 2, 4: 1, 3: 1, 2: 0, 1: 0 })).toEqual({ 5: 50, 4: 25, 3: 25, 2: 0, 1: 0 });
    expect(histogramShares({ 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 })).toEqual({ 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 });
  });
});

describe("reviewsJsonLd", () => {
  const review = (i: number) => ({
    id: `r${i}`,
    reviewer: "Aarav G.",
    verified: true as const,
    createdAt: "2026-11-20T10:00:00.000Z",
    rating: 4,
    title: `Title ${i}`,
    body: "A text of the review.",
    photos: [],
    helpful: 0,
    reply: null,
  });
  it("is nothing without reviews", () => {
    expect(reviewsJsonLd({ rating: { count: 0, average: 0 }, reviews: [] })).toEqual({});
  });
  it("carries the rating and at most five reviews", () => {
    const ld = reviewsJsonLd({ rating: { count: 7, average: 4.3 }, reviews: [1, 2, 3, 4, 5, 6, 7].map(review) });
    expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4.3, reviewCount: 7, bestRating: 5, worstRating: 1 });
    expect(ld.review).toHaveLength(5);
    expect((ld.review as unknown[])[0]).toMatchObject({ "@type": "Review", author: { name: "Aarav G." }, datePublished: "2026-11-20", reviewRating: { ratingValue: 4 } });
  });
});
