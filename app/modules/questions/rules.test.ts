import { describe, expect, it } from "vitest";
import {
  ANSWER_MAX,
  QUESTION_MAX,
  QUESTION_MESSAGES,
  answererOf,
  compareQuestions,
  pageCount,
  parseQuestionPage,
  questionHref,
} from "./rules";
import { parseAnswer, parseQuestion, parseReason } from "./parse";

describe("question and answer lengths", () => {
  it("takes a question of 10 to 1,000 characters, trimmed", () => {
    expect(parseQuestion({ question: "  Does it fit?  " })).toEqual({ ok: true, value: "Does it fit?" });
    expect(parseQuestion({ question: "x".repeat(QUESTION_MAX) })).toMatchObject({ ok: true });
    expect(parseQuestion({ question: "Too short" })).toEqual({ ok: false, fieldErrors: { question: QUESTION_MESSAGES.question } });
    expect(parseQuestion({ question: "x".repeat(QUESTION_MAX + 1) })).toEqual({ ok: false, fieldErrors: { question: QUESTION_MESSAGES.question } });
    expect(parseQuestion({})).toEqual({ ok: false, fieldErrors: { question: QUESTION_MESSAGES.question } });
    // Ten spaces are no question.
    expect(parseQuestion({ question: " ".repeat(12) })).toMatchObject({ ok: false });
  });

  it("takes an answer of 2 to 2,000 characters, trimmed", () => {
    expect(parseAnswer({ answer: " Ok " })).toEqual({ ok: true, value: "Ok" });
    expect(parseAnswer({ answer: "x".repeat(ANSWER_MAX) })).toMatchObject({ ok: true });
    expect(parseAnswer({ answer: "x" })).toEqual({ ok: false, fieldErrors: { answer: QUESTION_MESSAGES.answer } });
    expect(parseAnswer({ answer: "x".repeat(ANSWER_MAX + 1) })).toEqual({ ok: false, fieldErrors: { answer: QUESTION_MESSAGES.answer } });
  });

  it("keeps markup as the text it is", () => {
    expect(parseQuestion({ question: "<script>alert(1)</script> ok?" })).toEqual({ ok: true, value: "<script>alert(1)</script> ok?" });
  });

  it("asks the admin for a reason of 5 to 500 characters to hide", () => {
    expect(parseReason({ reason: "Spam link" })).toEqual({ ok: true, value: "Spam link" });
    expect(parseReason({ reason: "no" })).toMatchObject({ ok: false });
  });
});

describe("who may answer", () => {
  it("is the product's seller first, then a customer with a delivered item; nobody else", () => {
    expect(answererOf({ ownsProductSeller: true, hasDeliveredItem: false })).toBe("seller");
    expect(answererOf({ ownsProductSeller: true, hasDeliveredItem: true })).toBe("seller");
    expect(answererOf({ ownsProductSeller: false, hasDeliveredItem: true })).toBe("buyer");
    expect(answererOf({ ownsProductSeller: false, hasDeliveredItem: false })).toBeNull();
  });
});

describe("the product page's list", () => {
  it("shows answered questions by their first answer, newest first, then the unanswered, newest first", () => {
    const qs = [
      { id: "a", answeredAt: null, createdAt: "2026-11-01T00:00:00Z" },
      { id: "b", answeredAt: "2026-11-05T00:00:00Z", createdAt: "2026-11-02T00:00:00Z" },
      { id: "c", answeredAt: null, createdAt: "2026-11-06T00:00:00Z" },
      { id: "d", answeredAt: "2026-11-07T00:00:00Z", createdAt: "2026-10-01T00:00:00Z" },
    ];
    expect([...qs].sort(compareQuestions).map((q) => q.id)).toEqual(["d", "b", "c", "a"]);
  });

  it("pages by ?qpage=, five a page; anything odd is the first page", () => {
    expect(parseQuestionPage(null)).toBe(1);
    expect(parseQuestionPage("3")).toBe(3);
    expect(parseQuestionPage("0")).toBe(1);
    expect(parseQuestionPage("-2")).toBe(1);
    expect(parseQuestionPage("2abc")).toBe(1);
    expect(parseQuestionPage("9".repeat(40))).toBe(1);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(5)).toBe(1);
    expect(pageCount(6)).toBe(2);
    expect(questionHref("p-1", 1)).toBe("/products/p-1#questions");
    expect(questionHref("p-1", 2, "q")).toBe("/products/p-1?qpage=2#question-q");
  });
});
