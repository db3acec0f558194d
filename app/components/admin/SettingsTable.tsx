import type { ReactNode } from "react";
import { Form } from "~/lib/route-links";
import { Button } from "~/components/ui/Button";
import { ScrollTable, TableHead, type Column } from "~/components/ui/ScrollTable";

/** The cells of the admin's settings tables. */
export const SETTING_CELL = "px-3 py-3";

/** How one row is removed: its form's fields (the intent and the row's key), the button's accessible name and look. */
export interface RowRemoval {
  fields: Record<string, string>;
  label: string;
  variant: "outline" | "secondary";
  disabled?: boolean;
}

/**
 * A table of the shop's settings on the admin's pages (PIN rules, metros, holidays, settlement
 * rates): one row a setting, drawn by `children`, and, where a row can be removed, a Remove form
 * of its own at the end of the row that posts without JavaScript.
 */
export function SettingsTable<T>({
  label,
  labelledBy,
  columns,
  rows,
  rowKey,
  rowClassName,
  remove,
  className = "mt-4 max-w-3xl bg-white",
  children,
}: {
  label?: string;
  labelledBy?: string;
  columns: Column[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowClassName?: (row: T) => string;
  remove?: (row: T) => RowRemoval;
  className?: string;
  children: (row: T) => ReactNode;
}) {
  return (
    <ScrollTable label={label} labelledBy={labelledBy} className={className}>
      <TableHead columns={remove ? [...columns, { label: "Remove", srOnly: true }] : columns} cellClassName={SETTING_CELL} />
      <tbody className="divide-y divide-gray-200">
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName?.(row)}>
            {children(row)}
            {remove && (
              <td className={`${SETTING_CELL} text-right`}>
                <RemoveForm removal={remove(row)} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** A row's header cell: the setting's name. */
export function SettingName({ className = "text-gray-900", children }: { className?: string; children: ReactNode }) {
  return (
    <th scope="row" className={`${SETTING_CELL} text-left font-medium ${className}`}>
      {children}
    </th>
  );
}

function RemoveForm({ removal }: { removal: RowRemoval }) {
  return (
    <Form method="post">
      {Object.entries(removal.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={removal.variant} size="sm" disabled={removal.disabled} aria-label={removal.label}>
        Remove
      </Button>
    </Form>
  );
}
