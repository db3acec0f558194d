import type { ReactNode } from "react";

/**
 * A form-level message, announced to screen readers: an error at once (role="alert"); a
 * confirmation through the page's live region once the page it is on has been reached or come
 * back after a post (`data-announce`, components/ui/PageChange.tsx), since a status that appears
 * with its text already in it is not read by every screen reader.
 */
export function FormAlert({ tone = "error", children, id }: { tone?: "error" | "success" | "info"; children: ReactNode; id?: string }) {
  const styles = {
    error: "border-red-200 bg-red-50 text-red-800",
    success: "border-green-200 bg-green-50 text-green-800",
    info: "border-blue-200 bg-blue-50 text-blue-900",
  }[tone];
  return (
    <div id={id} role={tone === "error" ? "alert" : "status"} data-announce={tone === "success" || undefined} className={`rounded-lg border px-4 py-3 text-sm font-medium ${styles}`}>
      {children}
    </div>
  );
}
