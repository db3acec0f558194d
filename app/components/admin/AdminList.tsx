import type { ReactNode } from "react";
import { Form, Link } from "~/lib/route-links";
import { Button } from "~/components/ui/Button";
import { SelectField, TextField } from "~/components/ui/Field";
import { ScrollTable, TableHead, type Column } from "~/components/ui/ScrollTable";

/**
 * The admin's lists (complaints, contact messages, mail, users, returns) share these: a search and
 * filter form that works without JavaScript, one table shape with its header row, and one way of
 * saying the list is empty.
 */

/** A list's search and filter form: a GET form named for what it finds, its fields, the button, and Clear while anything is chosen. */
export function FilterForm({
  label,
  clearTo,
  active,
  submit = "Filter",
  className = "mt-6",
  children,
}: {
  /** The form's accessible name ("Filter complaints"). */
  label: string;
  /** The list with nothing chosen. */
  clearTo: string;
  active: boolean;
  submit?: "Filter" | "Search";
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className={`${className} flex flex-wrap items-end gap-3`}>
      {children}
      <Button type="submit" variant="secondary">
        {submit}
      </Button>
      {active && (
        <Link to={clearTo} className="py-2.5 text-sm font-semibold text-pink-700 hover:text-pink-800">
          Clear
        </Link>
      )}
    </Form>
  );
}

/** A filter form's search box, labelled above it. */
export function FilterSearch({ label, defaultValue, className = "min-w-0 flex-1 basis-56" }: { label: string; defaultValue: string; className?: string }) {
  return (
    <div className={className}>
      <TextField label={label} type="search" name="q" defaultValue={defaultValue} maxLength={100} />
    </div>
  );
}

/** A filter form's choice: every value first (`all`), then the options. */
export function FilterSelect({
  label,
  name,
  defaultValue,
  all,
  options,
  className = "min-w-0 flex-1 basis-48",
}: {
  label: string;
  name: string;
  defaultValue: string;
  all: string;
  options: readonly { value: string; label: string }[];
  className?: string;
}) {
  return (
    <div className={className}>
      <SelectField label={label} name={name} defaultValue={defaultValue}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** The header cells of the admin's list tables. */
export const LIST_HEAD_CELL = "px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-gray-700";

/** A list's table: its header row and its rows (`<tr>`s), in a box that scrolls sideways on a phone, named by a heading. */
export function ListTable({
  labelledBy,
  columns,
  className = "mt-6",
  cellClassName = LIST_HEAD_CELL,
  children,
}: {
  labelledBy: string;
  columns: Column[];
  className?: string;
  cellClassName?: string;
  children: ReactNode;
}) {
  return (
    <ScrollTable className={className} labelledBy={labelledBy}>
      <TableHead columns={columns} className="bg-gray-50" cellClassName={cellClassName} />
      <tbody className="divide-y divide-gray-100 bg-white">{children}</tbody>
    </ScrollTable>
  );
}

/** What a list says when it has nothing to show. */
export function EmptyList({ className = "mt-6", children }: { className?: string; children: ReactNode }) {
  return <p className={`${className} rounded-xl border border-dashed border-gray-300 px-6 py-10 text-center text-gray-600`}>{children}</p>;
}
