import type { Location } from "react-router";
import { POLICY_PARAM } from "#app/features/legal/links.ts";

let pageKey: string | null = null;

/**
 * ScrollRestoration key (root.tsx): a location that only opens the legal
 * modal (`?policy=`) shares the key of the page it opens over. So opening and
 * closing the modal never scrolls the page, whatever link opened it. The
 * router asks for the key of the page it leaves before the one it enters.
 */
export function scrollKey(location: Location): string {
  if (typeof document === "undefined") return location.key;
  if (!new URLSearchParams(location.search).has(POLICY_PARAM)) {
    pageKey = location.key;
    return location.key;
  }
  return pageKey ?? location.key;
}
