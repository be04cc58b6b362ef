import { useEffect, useState, useSyncExternalStore } from "react";

function subscribeVisibility(onChange: () => void) {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}

/** True while the tab is visible (always true on the server). */
function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== "hidden",
    () => true,
  );
}

const REDUCED = "(prefers-reduced-motion: reduce)";
function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True when the visitor asked for less motion. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED).matches,
    () => false,
  );
}

/**
 * An index that advances every `intervalMs` through `count` items, looping.
 * It stops while the tab is hidden (no work for a page nobody sees) and goes
 * on when it is visible again, and it stops while `paused`.
 */
export function useAutoAdvance(count: number, intervalMs: number, { paused = false }: { paused?: boolean } = {}) {
  const [index, setIndex] = useState(0);
  const visible = usePageVisible();

  useEffect(() => {
    if (paused || !visible || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [paused, visible, count, intervalMs]);

  return [index, setIndex] as const;
}
