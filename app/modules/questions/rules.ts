import { formatCount } from "~/lib/numbers";

/**
 * Questions and answers on product pages (docs/product-rules.md, "Questions and answers"): the
 * lengths, who may answer, and how the product page pages them. Pure: the server and the browser
 * read the same rules.
 */

export const QUESTION_MIN = 10;
export const QUESTION_MAX = 1000;
export const ANSWER_MIN = 2;
export const ANSWER_MAX = 2000;
export const REASON_MIN = 5;
export const REASON_MAX = 500;
/** Questions shown per page of the product page's list (`?qpage=`). */
export const QUESTIONS_PAGE_SIZE = 5;
/** Questions per page of the vendor's and the admin's lists. */
export const QUESTIONS_LIST_PAGE_SIZE = 20;

export type QuestionStatus = "published" | "hidden";

export const QUESTION_MESSAGES = {
  form: "Please correct the highlighted fields.",
  question: `Write a question of ${QUESTION_MIN} to ${formatCount(QUESTION_MAX)} characters.`,
  answer: `Write an answer of ${ANSWER_MIN} to ${formatCount(ANSWER_MAX)} characters.`,
  reason: `Give a reason of ${REASON_MIN} to ${REASON_MAX} characters.`,
  productNotFound: "Product not found.",
  questionNotFound: "Question not found.",
  answerNotFound: "Answer not found.",
  sellersDoNotAsk: "Sellers answer questions on their products; sign in as a customer to ask one.",
  mayNotAnswer: "Only the seller of this product, and customers who have received it, can answer its questions.",
  asked: "Thank you. Your question is published, and the seller has been told.",
  answered: "Thank you. Your answer is published.",
} as const;


/** Who is answering: the product's seller, a customer with a delivered item of it, or nobody allowed. */
export type Answerer = "seller" | "buyer";

/**
 * Who may answer a product's question: the account that owns the product's seller (its answer is
 * marked "Seller"), and a customer with a delivered order item of the product. Anyone else is
 * refused, the asker included.
 */
export function answererOf(facts: { ownsProductSeller: boolean; hasDeliveredItem: boolean }): Answerer | null {
  if (facts.ownsProductSeller) return "seller";
  if (facts.hasDeliveredItem) return "buyer";
  return null;
}

/** The product page's `?qpage=`: a whole number from 1; anything else is page 1. */
export function parseQuestionPage(raw: string | null): number {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/** Pages needed for `count` questions at `size` per page (at least one). */
export function pageCount(count: number, size = QUESTIONS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / size));
}

export interface Ordered {
  id: string;
  answeredAt: string | null;
  createdAt: string;
}

/**
 * The product page's order: answered questions by their first answer, newest first; then the
 * unanswered, newest first; ties by id (as productQuestions sorts in SQL).
 */
export function compareQuestions(a: Ordered, b: Ordered): number {
  const byId = a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  if (a.answeredAt && b.answeredAt) return b.answeredAt.localeCompare(a.answeredAt) || b.createdAt.localeCompare(a.createdAt) || byId;
  if (a.answeredAt) return -1;
  if (b.answeredAt) return 1;
  return b.createdAt.localeCompare(a.createdAt) || byId;
}

/** The product page address showing a question: its `?qpage=` (none for the first) and its anchor. */
export function questionHref(productId: string, page: number, questionId?: string): string {
  const base = `/products/${encodeURIComponent(productId)}${page > 1 ? `?qpage=${page}` : ""}`;
  return questionId ? `${base}#question-${questionId}` : `${base}#questions`;
}
