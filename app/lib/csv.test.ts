import { describe, expect, it } from "vitest";
import { csvCell, csvRupees, toCsv } from "./csv";

describe("CSV", () => {
  it("makes a cell a spreadsheet would run as a formula plain text", () => {
    for (const evil of ["=HYPERLINK(\"http://x\")", "+91 98765", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
      const cell = csvCell(evil);
      expect(cell.replace(/^"/, "")).toMatch(/^'/);
    }
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("Asus TUF, 16 GB")).toBe('"Asus TUF, 16 GB"');
    expect(csvCell('He said "hi"')).toBe('"He said ""hi"""');
    expect(csvCell(-1250)).toBe("-1250");
    // A negative amount stays a number a spreadsheet can add up; anything more than digits is text.
    expect(csvCell(csvRupees(-52485))).toBe("-524.85");
    for (const evil of ["-1e5", "-1.5+cmd|' /C calc'!A0", "-12.50 ", "--12"]) expect(csvCell(evil).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell(null)).toBe("");
  });

  it("writes a header and rows with CRLF line ends", () => {
    expect(toCsv(["a", "b"], [[1, "x"], ["=y", null]])).toBe("a,b\r\n1,x\r\n'=y,\r\n");
  });

  it("writes paise as rupees with two decimals, signed", () => {
    expect([csvRupees(123450), csvRupees(5), csvRupees(-5), csvRupees(0)]).toEqual(["1234.50", "0.05", "-0.05", "0.00"]);
  });
});
