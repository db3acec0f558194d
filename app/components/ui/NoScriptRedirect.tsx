import { useHydrated } from "~/hooks";

/**
 * A hidden `redirectTo` field that exists only until JavaScript has loaded: a plain form post then
 * comes back to `to` (post, redirect, get), while an enhanced post stays on the page and gets data.
 */
export function NoScriptRedirect({ to }: { to: string }) {
  const hydrated = useHydrated();
  return hydrated ? null : <input type="hidden" name="redirectTo" value={to} />;
}

/** Only same-site paths are followed, never another origin ("//evil.example" included). */
export function safeRedirectPath(value: FormDataEntryValue | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
