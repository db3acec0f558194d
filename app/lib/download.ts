/** Letters, digits, ".", "_" and "-", starting with a letter or digit: the names the shop gives its files. */
const SHOP_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/**
 * The Content-Disposition of a download (a CSV of returns or settlements, an invoice). The name is
 * built by the shop from what it knows (an order number, a date), never taken from a request: one
 * that is not such a name is a bug, and throws rather than reaching a header. See
 * docs/security-scan.md.
 */
export function attachmentDisposition(fileName: string): string {
  if (!SHOP_FILE_NAME.test(fileName) || fileName.includes("..")) throw new Error(`Not a file name the shop makes: ${JSON.stringify(fileName)}`);
  return `attachment; filename="${fileName}"`;
}
