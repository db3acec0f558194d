import type { ReactNode } from "react";

/** The header row style of the back-office tables. */
export const tableHeadClass = "bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-700";

/**
 * A wide table in a box that scrolls sideways on a phone. The box is a named, focusable region so
 * keyboard users can scroll it too; name it by a heading's id (`labelledBy`) or by `label`.
 */
export function ScrollTable({ className = "", labelledBy, label, children }: { className?: string; labelledBy?: string; label?: string; children: ReactNode }) {
  return (
    <div className={`relative overflow-x-auto rounded-xl border border-gray-200 ${className}`} tabIndex={0} role="region" aria-labelledby={labelledBy} aria-label={label}>
      <table className="min-w-full divide-y divide-gray-200 text-sm">{children}</table>
    </div>
  );
}

/** A column of a table's header: its name; `srOnly` for one read out but not shown (the actions), `right` for figures. */
export type Column = string | { label: string; srOnly?: boolean; right?: boolean };

/** A table's header row, one `<th scope="col">` per column, each with `cellClassName`. */
export function TableHead({ columns, className = tableHeadClass, cellClassName = "px-4 py-3" }: { columns: Column[]; className?: string; cellClassName?: string }) {
  return (
    <thead className={className || undefined}>
      <tr>
        {columns.map((column) => {
          const { label, srOnly = false, right = false } = typeof column === "string" ? { label: column } : column;
          return (
            <th key={label} scope="col" className={right ? `${cellClassName} text-right` : cellClassName}>
              {srOnly ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
