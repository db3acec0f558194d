/**
 * What an order search box's text means (vendor and admin order lists alike): an order number
 * prefix (RC-1234, or bare digits), a customer name or email fragment, or both.
 */
export interface OrderSearch {
  /** LIKE pattern on the order number ("RC-1234%"): digits only, so nothing to escape, and correct whatever the database's collation. */
  numberPattern: string | null;
  /** LIKE pattern on the lower-cased customer name and email; null when nothing is left to match. */
  customerPattern: string | null;
}

export function parseOrderSearch(q: string): OrderSearch {
  const digits = /^(?:rc-?)?(\d{1,6})$/i.exec(q.replace(/\s+/g, ""))?.[1];
  // "RC-1234" can only be an order number; bare digits may also be part of an email.
  const numberOnly = Boolean(digits) && /^\s*rc/i.test(q);
  // LIKE wildcards typed by the user are searched as plain text by leaving them out.
  const words = q.toLowerCase().replace(/[\\%_]/g, "").trim();
  return {
    numberPattern: digits ? `RC-${digits}%` : null,
    customerPattern: numberOnly || !words ? null : `%${words}%`,
  };
}
