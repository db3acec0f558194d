import { useActionData } from "react-router";
import { Link } from "~/lib/route-links";
import { FormAlert } from "~/components/ui/FormAlert";

/** What a plain (no JavaScript) vote or report shows when refused: why, and the way back; opened by address, just the way back. */
export function ReviewActionRefused() {
  const reply = useActionData<{ status: "error"; formError?: string; backTo?: string }>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-gray-900">Customer reviews</h1>
      <div className="mt-6">
        <FormAlert>{reply?.formError ?? "Nothing was changed."}</FormAlert>
      </div>
      <Link to={reply?.backTo ?? "/products"} className="mt-6 inline-block text-sm font-semibold text-pink-700 hover:text-pink-800">
        ← Back to the product
      </Link>
    </div>
  );
}
