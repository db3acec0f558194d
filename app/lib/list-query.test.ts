import { describe, expect, it } from "vitest";
import { pageNumber, searchText } from "./list-query";

describe("searchText", () => {
  it("turns control characters and white space runs into one space, trims and cuts", () => {
    expect(searchText(100).parse("  a\u0000b \t\n c  ")).toBe("a b c");
    expect(searchText(5).parse("abcdefgh")).toBe("abcde");
    expect(searchText(100).parse(null)).toBe("");
  });
});

describe("pageNumber", () => {
  it("keeps a whole number from 1 to the limit and makes anything else page 1", () => {
    expect(pageNumber(10).parse("7")).toBe(7);
    expect(pageNumber(10).parse("10")).toBe(10);
    for (const bad of ["11", "0", "-2", "1.5", "two", ""]) expect(pageNumber(10).parse(bad)).toBe(1);
  });
});
