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
  | { status: "failed"; reason: FailureReason; values?: Record<string, string> };

export type FailureReason = "rate_limited" | "malformed" | "server" | "unavailable";
