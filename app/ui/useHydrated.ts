import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server render and during hydration, true afterwards (and at
 * once on client-side navigations). For what only JavaScript can do: the
 * server HTML stays the version that works without it (a submit button
 * disabled until a box is ticked must not be disabled in HTML that a browser
 * without JavaScript will use), and hydration never mismatches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
