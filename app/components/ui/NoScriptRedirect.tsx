import { useHydrated } from "~/hooks";

/**
 * A hidden `redirectTo` field that exists only until JavaScript has loaded: a plain form post then
 * comes back to `to` (post, redirect, get), while an enhanced post stays on the page and gets data.
 */
export function NoScriptRedirect({ to }: { to: string }) {
  const hydrated = useHydrated();
  return hydrated ? null : <input type="hidden" name="redirectTo" value={to} />;
}

