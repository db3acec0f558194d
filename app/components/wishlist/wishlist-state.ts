import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import type { WishlistState } from "~/modules/wishlist/wishlist";

/**
 * The signed-in customer's wishlist as the hearts of a shared page see it. The page's HTML is the
 * same for everyone (neutral hearts); once it has loaded, the hearts ask GET /wishlist/ids (a
 * private answer) once per visited page and fill themselves in. Until then, and when signed out,
 * nothing is known.
 */
type Known = WishlistState & { loaded: boolean };

const EMPTY: Known = { loaded: false, signedIn: false, ids: [], alerts: [] };
let state: Known = EMPTY;
let loadedFor: string | null = null;
const listeners = new Set<() => void>();

function set(next: Known) {
  state = next;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function load(key: string) {
  if (loadedFor === key) return;
  loadedFor = key;
  try {
    const res = await fetch("/wishlist/ids", { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!res.ok) return;
    const body = (await res.json()) as WishlistState;
    if (loadedFor === key) set({ loaded: true, signedIn: body.signedIn, ids: body.ids, alerts: body.alerts });
  } catch {
    // Offline or interrupted: the hearts stay neutral, and posting still works.
  }
}

/** What an answer to a post changed: the hearts agree at once, without asking again. */
export function rememberWishlistChange(productId: string, wishlisted: boolean, notify: boolean) {
  const without = (list: string[]) => list.filter((id) => id !== productId);
  set({
    ...state,
    ids: wishlisted ? [...without(state.ids), productId] : without(state.ids),
    alerts: notify ? [...without(state.alerts), productId] : without(state.alerts),
  });
}

export function useWishlistState(): Known {
  const location = useLocation();
  useEffect(() => {
    void load(location.key);
  }, [location.key]);
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => EMPTY,
  );
}
