import { FormAlert } from "~/components/ui/FormAlert";

/** A refused post's message, or else the confirmation of the last action; nothing when there is neither. */
export function ActionNotice({ error, confirmation }: { error?: string | null; confirmation?: string | null }) {
  return (
    <div className="mt-4 space-y-3 empty:hidden">
      {error && <FormAlert>{error}</FormAlert>}
      {!error && confirmation && <FormAlert tone="success">{confirmation}</FormAlert>}
    </div>
  );
}
