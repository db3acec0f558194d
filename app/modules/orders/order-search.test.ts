import { describe, expect, it } from "vitest";
import { parseOrderSearch } from "./order-search";

describe("order search text", () => {
  it("reads RC- numbers as order numbers only", () => {
    expect(parseOrderSearch("RC-1239")).toEqual({ numberPattern: "RC-1239%", customerPattern: null });
    expect(parseOrderSearch(" rc 123456 ")).toEqual({ numberPattern: "RC-123456%", customerPattern: null });
  });
  it("reads bare digits as a number prefix or part of an email", () => {
    expect(parseOrderSearch("42")).toEqual({ numberPattern: "RC-42%", customerPattern: "%42%" });
  });
  it("reads words as a customer, with LIKE wildcards left out", () => {
    expect(parseOrderSearch("Meera")).toEqual({ numberPattern: null, customerPattern: "%meera%" });
    expect(parseOrderSearch("%_")).toEqual({ numberPattern: null, customerPattern: null });
  });
});
