import { SecretUnreadable, type SecretBox } from "~/lib/secret-box.server";
import { maskRefundDestination, type RefundDestination } from "./refund-destination";

/**
 * A refund destination as stored with a return (returns.refund_to_sealed): sealed in the secret
 * box under its own purpose, so a value copied from another sealed column does not open here.
 * Only an administrator paying the refund by hand sees it whole; pages show the masked form.
 */
export const REFUND_TO_PURPOSE = "returns.refund_to";

export function sealRefundDestination(box: SecretBox, d: RefundDestination): { sealed: string; masked: string } {
  return { sealed: box.seal(JSON.stringify(d), REFUND_TO_PURPOSE), masked: maskRefundDestination(d) };
}

/** The destination in full, as the person paying it types it into the bank's page; null when it cannot be opened. */
export function openRefundDestination(box: SecretBox, sealed: string): string | null {
  try {
    const d = JSON.parse(box.open(sealed, REFUND_TO_PURPOSE)) as RefundDestination;
    if (d.kind === "upi") return `UPI ID ${d.upiId}`;
    return `Account ${d.accountNumber}, IFSC ${d.ifsc}, ${d.accountName}`;
  } catch (e) {
    if (e instanceof SecretUnreadable || e instanceof SyntaxError) return null;
    throw e;
  }
}
