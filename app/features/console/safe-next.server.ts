import { headerValue } from "#app/lib/header-value.server.ts";
import type { Logger } from "#app/lib/logger.server.ts";

/**
 * Where to go after signing in or switching language: only a path inside the
 * console (percent-encoded, app/lib/header-value.server.ts); anything else
 * goes to the inbox, and is logged when `log` is given.
 */
export function safeNext(value: unknown, log?: Pick<Logger, "warn">): string {
  return headerValue("path", value, { fallback: "/admin", within: "/admin", log });
}
