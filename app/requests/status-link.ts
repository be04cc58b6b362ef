import { STATUS_PATH_PREFIX } from "#app/requests/kinds.ts";

/**
 * The status page's path (with its `?lang=`) from an `/svc` answer's
 * `data.status_url` or a navigation state; null for anything that is not a
 * status link of this site.
 */
export function statusPathOf(value: unknown): string | null {
  const url = value && typeof value === "object" ? (value as { status_url?: unknown; statusPath?: unknown }) : undefined;
  const raw = url?.status_url ?? url?.statusPath;
  if (typeof raw !== "string") return null;
  try {
    const parsed = new URL(raw, "http://localhost");
    return parsed.pathname.startsWith(STATUS_PATH_PREFIX) ? `${parsed.pathname}${parsed.search}` : null;
  } catch {
    return null;
  }
}
