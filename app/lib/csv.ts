/**
 * CSV files the shop hands out (statements, tax reports): RFC 4180 quoting, CRLF line ends, and
 * every cell that a spreadsheet would read as a formula made plain text. A cell starting with
 * "=", "+", "-", "@", a tab or a carriage return (a product name a seller wrote, a customer's
 * name) gets a leading apostrophe, as OWASP's CSV injection advice says; numbers the shop writes
 * itself, and text that is only a plain decimal number (a negative amount), are left as numbers.
 */

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number ("-524.85", as csvRupees writes a negative amount): a value, never a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Not a number a CSV can hold: ${value}`);
    return String(value);
  }
  const text = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV file: a header row, then the rows, each line ending CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** Paise as rupees with two decimals ("1234.50", "-0.05"), the way a spreadsheet reads money. */
export function csvRupees(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
