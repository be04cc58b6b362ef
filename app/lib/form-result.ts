import type { FieldErrors } from "#app/lib/schema.ts";

/**
 * What every public form's action answers when it does not redirect (the
 * server side is lib/form-action.server.ts; the forms read it after a post
 * made without JavaScript).
 */
export type FormResult =
  /** Stored; `statusPath` is the request's private status page (issue 28). */
  | { status: "sent"; statusPath?: string; kind?: string }
  /** The form again: what was typed, and a message (catalog key) per field. */
  | { status: "invalid"; errors: FieldErrors; values: Record<string, string> }
  /** Nothing stored: over the rate limit, an unreadable body, the database away or the server failed (then what was typed, if read). */
  | { status: "failed"; reason: FailureReason; values?: Record<string, string>; retryAfter?: number };

export type FailureReason = "rate_limited" | "malformed" | "server" | "unavailable";

/**
 * A refusal for a while (too many requests, the service briefly away): the
 * form's message says what happened and in how many seconds to try again,
 * in the same words on every form (the root's error page says them too).
 */
export function waitMessage(result: FormResult | undefined | null): { key: string; count: number } | null {
  if (result?.status !== "failed" || !result.retryAfter) return null;
  if (result.reason === "rate_limited") return { key: "common.error.tooMany.body", count: result.retryAfter };
  if (result.reason === "unavailable") return { key: "common.error.unavailable.form", count: result.retryAfter };
  return null;
}
