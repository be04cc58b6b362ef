import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server render and during hydration, true once React runs the
 * page in the browser. For things that only make sense with JavaScript (a
 * submit button disabled until a box is ticked must not be disabled in HTML
 * that a browser without JavaScript will use).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
