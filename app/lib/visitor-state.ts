import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";

/** What is known of the visitor: `value` is `empty` until `loaded`. */
export type Known<T> = { loaded: boolean; value: T };

/**
 * What a shared page learns about its visitor once it has loaded. The page's HTML is the same for
 * everyone (docs/decisions/027-one-page-for-everyone.md); after hydration, the page asks a private
 * address (never cached) once per visited page and fills itself in. Until the answer
 * comes, and if it never does (offline, an error), it shows `empty`, as everyone sees it; posting
 * still works. `update` lets the answer to a post change what is known at once, without asking
 * again.
 */
export function visitorState<T>(empty: T) {
  const EMPTY: Known<T> = { loaded: false, value: empty };
  let state = EMPTY;
  let loadedFor: string | null = null;
  const listeners = new Set<() => void>();

  function set(next: Known<T>) {
    state = next;
    for (const l of listeners) l();
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  async function load(url: string, visit: string) {
    const key = `${visit} ${url}`;
    if (loadedFor === key) return;
    loadedFor = key;
    try {
      const res = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (!res.ok) return;
      const value = (await res.json()) as T;
      if (loadedFor === key) set({ loaded: true, value });
    } catch {
      // Offline or interrupted: what everyone sees stays.
    }
  }

  return {
    /** What is known, asked of `url` once per visited page, and again whenever `revision` changes. */
    useKnown(url: string, revision = 0): Known<T> {
      const location = useLocation();
      useEffect(() => {
        void load(url, `${location.key} ${revision}`);
      }, [url, location.key, revision]);
      return useSyncExternalStore(
        subscribe,
        () => state,
        () => EMPTY,
      );
    },
    update(change: (value: T) => T) {
      set({ ...state, value: change(state.value) });
    },
  };
}
