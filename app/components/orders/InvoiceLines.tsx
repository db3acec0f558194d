import { Money } from "~/components/ui/Money";
import { TableHead } from "~/components/ui/ScrollTable";
import { hsnDisplay } from "~/modules/catalog/declarations";

/** A tax invoice's lines as they print (the order page's invoices, a build's quote): item, HSN where on file, rate, quantity, taxable value. */
export function InvoiceLines({ lines }: { lines: readonly { name: string; hsnCode: string | null; unitPrice: number; quantity: number; lineTotal: number }[] }) {
  return (
    <table className="mt-4 w-full text-left">
      <TableHead columns={["Item", "HSN", { label: "Rate", right: true }, { label: "Qty", right: true }, { label: "Taxable value", right: true }]} className="border-b border-gray-200 text-xs uppercase text-gray-600" cellClassName="py-2 pl-2 first:pl-0" />
      <tbody>
        {lines.map((l) => (
          <tr key={l.name} className="border-b border-gray-100">
            <td className="py-2">{l.name}</td>
            <td className="py-2 pl-2 font-mono text-sm">{l.hsnCode ? hsnDisplay(l.hsnCode) : ""}</td>
            <td className="whitespace-nowrap py-2 pl-2 text-right"><Money paise={l.unitPrice} decimals={2} /></td>
            <td className="py-2 pl-2 text-right">{l.quantity}</td>
            <td className="whitespace-nowrap py-2 pl-2 text-right"><Money paise={l.lineTotal} decimals={2} /></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
