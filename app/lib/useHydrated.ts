import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true afterwards (and at once on
 * client-side navigations). For what only JavaScript can do: the server HTML
 * stays the version that works without it, and hydration never mismatches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
