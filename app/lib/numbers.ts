/**
 * Numbers the Indian way (1,25,000; 12,34,567.89), written out here rather than by
 * `Intl.NumberFormat("en-IN")`: the first such formatter a page makes loads the locale's data, about
 * a tenth of a cheap phone's script time at load (docs/decisions/028-less-hydration.md), and the
 * grouping is a rule of two lines. The output is Intl's to the character (numbers.test.ts compares
 * them): the shortest decimal form of the number, rounded half away from zero.
 */

/** Adds one to a string of digits ("0999" → "1000"). */
function increment(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== "9") {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
    out[i] = "0";
  }
  return `1${out.join("")}`;
}

/** "12345678" → "1,23,45,678": the last three digits, then pairs. */
function groupDigits(int: string): string {
  if (int.length <= 3) return int;
  return `${int.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",")},${int.slice(-3)}`;
}

/**
 * `n` with Indian grouping and between `min` and `max` decimals (trailing zeros beyond `min`
 * dropped), as `Intl.NumberFormat("en-IN", { minimumFractionDigits, maximumFractionDigits })`.
 */
export function formatIndian(n: number, { min = 0, max = 3 }: { min?: number; max?: number } = {}): string {
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 || Object.is(n, -0) ? "-" : "";
  const shortest = String(Math.abs(n));
  // Exponent forms (below 1e-6 or from 1e21) are not the shop's numbers: Intl says them.
  if (shortest.includes("e")) return new Intl.NumberFormat("en-IN", { minimumFractionDigits: min, maximumFractionDigits: max }).format(n);
  let [int = "0", frac = ""] = shortest.split(".");
  if (frac.length > max) {
    const up = frac.charCodeAt(max) >= 53; // the first dropped digit is 5 or more
    frac = frac.slice(0, max);
    if (up) {
      const all = increment(int + frac);
      int = all.slice(0, all.length - frac.length);
      frac = all.slice(all.length - frac.length);
    }
  }
  frac = frac.replace(/0+$/, "").padEnd(min, "0");
  return `${sign}${groupDigits(int)}${frac ? `.${frac}` : ""}`;
}

/** Whole numbers with Indian grouping (1,25,000). */
export function formatCount(n: number): string {
  return formatIndian(n, { max: 0 });
}
