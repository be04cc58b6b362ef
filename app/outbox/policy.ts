/**
 * The alert outbox's timing, in one place (no imports: the worker and the
 * scripts load this natively).
 */

/** Waits after the 1st, 2nd, 3rd and 4th failed attempt; then hourly… */
const RETRY_DELAYS_MS = [10_000, 30_000, 2 * 60_000, 10 * 60_000] as const;
const LATER_RETRY_MS = 60 * 60_000;
/** …until this long after the alert was written; then the row is failed for good. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/**
 * How long a worker may hold claimed rows before another may take them over:
 * longer than any attempt (SEND_TIMEOUT_MS, with margin), so a live worker never
 * loses its rows; the longest an alert waits when its worker dies mid-delivery.
 */
export const CLAIM_LEASE_MS = 30_000;
/** The worker looks for due rows this often even when nothing woke it (other instances' rows, retries). */
export const POLL_MS = 2_000;
/** Rows claimed per round, delivered in parallel. */
export const CLAIM_BATCH = 25;
/** One attempt's limit (connect, send, answer). */
export const SEND_TIMEOUT_MS = 10_000;

/** The console warns when a channel has been failing for longer than this. */
export const FAILING_WARNING_MS = 15 * 60_000;
/** Delivery rows are deleted this long after they were written (retention job). */
export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** When to try again after `attempts` failed attempts, or null when it is time to give up. */
export function nextAttemptAt(attempts: number, createdAt: string, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1] ?? LATER_RETRY_MS;
  const next = new Date(now.getTime() + delay);
  return next.getTime() - Date.parse(createdAt) > GIVE_UP_AFTER_MS ? null : next;
}
