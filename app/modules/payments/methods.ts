/** SPEC §5: card (the default), UPI or cash on delivery. */
export const PAYMENT_METHODS = [
  { value: "card", label: "Credit / Debit Card" },
  { value: "upi", label: "UPI" },
  { value: "cod", label: "Cash on Delivery" },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = "card";

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return PAYMENT_METHODS.some((m) => m.value === value);
}

/** The Luhn check every card number passes. */
export function passesLuhn(number: string): boolean {
  const digits = number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY, not before the current month. */
export function expiryProblem(value: string, now = new Date()): string | null {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!m) return "Please enter the expiry as MM/YY";
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return "Please enter a month from 01 to 12";
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return "This card has expired";
  return null;
}

export function isUpiId(value: string): boolean {
  return /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/.test(value.trim());
}

export interface CardInput {
  nameOnCard: string;
  cardNumber: string;
  expiry: string;
  cvv: string;
}

/** Card checks, run in the browser only: card details are never sent to the server. */
export function cardErrors(card: CardInput, now = new Date()): Partial<Record<keyof CardInput, string>> {
  const errors: Partial<Record<keyof CardInput, string>> = {};
  if (!card.nameOnCard.trim()) errors.nameOnCard = "Please enter the name on the card";
  if (!card.cardNumber.trim()) errors.cardNumber = "Please enter the card number";
  else if (!passesLuhn(card.cardNumber)) errors.cardNumber = "Please check the card number";
  const expiry = card.expiry.trim() ? expiryProblem(card.expiry, now) : "Please enter the expiry date (MM/YY)";
  if (expiry) errors.expiry = expiry;
  if (!/^\d{3}$/.test(card.cvv.trim())) errors.cvv = "Please enter the 3-digit CVV";
  return errors;
}

export const UPI_MESSAGE = "Please enter a UPI ID like name@bank";
