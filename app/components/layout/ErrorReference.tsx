import { useRequestReference } from "~/lib/request-meta";

/** On a 500 page: the request's id, which a customer can quote and support can find in the log. */
export function ErrorReference() {
  const reference = useRequestReference();
  if (!reference) return null;
  return (
    <p className="mt-4 text-sm text-gray-600">
      Reference: <span className="font-mono">{reference}</span>
    </p>
  );
}
