import { describe, expect, it } from "vitest";
import { formatCount, formatIndian } from "./numbers";

const formats = new Map<string, Intl.NumberFormat>();
function intl(n: number, min: number, max: number): string {
  const key = `${min}-${max}`;
  if (!formats.has(key)) formats.set(key, new Intl.NumberFormat("en-IN", { minimumFractionDigits: min, maximumFractionDigits: max }));
  return formats.get(key)!.format(n);
}

describe("formatIndian", () => {
  it("groups the Indian way", () => {
    expect(formatCount(125000)).toBe("1,25,000");
    expect(formatIndian(1234567.891, { max: 2 })).toBe("12,34,567.89");
    expect(formatIndian(999.5, { max: 0 })).toBe("1,000");
    expect(formatIndian(1.005, { max: 2 })).toBe("1.01");
    expect(formatIndian(-0)).toBe("-0");
    expect(formatIndian(1500, { min: 2, max: 2 })).toBe("1,500.00");
  });

  it("says every number as Intl.NumberFormat('en-IN') does", () => {
    const samples = [0, 1, 9, 10, 99.995, 100, 999, 1000, 99999, 100000, 0.5, 1.5, 2.5, -2.5, 0.125, 0.1 + 0.2, 123456789.125, 1e15, 9.995, 4.445, 15.6, 1.46, 0.141];
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 3000; i++) {
      const magnitude = 10 ** Math.floor(random() * 12);
      samples.push((random() - 0.3) * magnitude, Math.round(random() * magnitude) / 100, Math.round(random() * 1e9) / 1000);
    }
    for (const n of samples)
      for (const [min, max] of [[0, 0], [0, 1], [0, 2], [2, 2], [0, 3]] as const) expect(formatIndian(n, { min, max }), `${n} ${min}-${max}`).toBe(intl(n, min, max));
  });
});
