import { Money } from "~/components/ui/Money";
import { BRAND } from "~/config/brand";

export interface BankAccount {
  accountName: string;
  accountNumber: string;
  bankName: string;
  ifsc: string;
}

/** How to pay a bank-transfer order: the shop's account, the amount and the reference. */
export function BankTransferDetails({ bank, orderNumber, total }: { bank: BankAccount | null; orderNumber: string; total: number }) {
  return (
    <section aria-labelledby="bank-transfer-heading" className="rounded-xl border border-blue-200 bg-blue-50 p-5 text-left text-sm text-gray-800">
      <h2 id="bank-transfer-heading" className="text-base font-semibold text-gray-900">
        Pay by bank transfer
      </h2>
      {bank ? (
        <>
          <p className="mt-2">
            {/* To the paisa: a transfer must match the order exactly. */}
            Transfer <Money paise={total} decimals={2} className="font-semibold" /> by NEFT, RTGS or IMPS to the account below, with your order number as the
            reference. We start processing your order once the payment arrives.
          </p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
            <dt className="text-gray-600">Account Name</dt>
            <dd className="font-medium">{bank.accountName}</dd>
            <dt className="text-gray-600">Account Number</dt>
            <dd className="font-mono font-medium">{bank.accountNumber}</dd>
            <dt className="text-gray-600">Bank Name</dt>
            <dd className="font-medium">{bank.bankName}</dd>
            <dt className="text-gray-600">IFSC Code</dt>
            <dd className="font-mono font-medium">{bank.ifsc}</dd>
            <dt className="text-gray-600">Reference</dt>
            <dd className="font-mono font-medium">{orderNumber}</dd>
          </dl>
        </>
      ) : (
        <p className="mt-2">
          Our bank details are being updated. Please write to{" "}
          <a href={`mailto:${BRAND.supportEmail}`} className="font-semibold text-pink-700 underline">
            {BRAND.supportEmail}
          </a>{" "}
          with your order number {orderNumber} and we will send them to you.
        </p>
      )}
    </section>
  );
}
