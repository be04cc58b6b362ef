/**
 * The console's security and retention constants, in one place (no imports:
 * the retention job and the CLI scripts load this natively).
 */

/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 60 * 60 * 1000;
/** …and this long after sign-in, whatever the activity. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often (not on every request). */
export const SESSION_TOUCH_MS = 60 * 1000;

/** Consecutive failed sign-ins for one e-mail address before it is locked… */
export const MAX_SIGN_IN_FAILURES = 5;
/** …for this long. */
export const SIGN_IN_LOCK_MS = 15 * 60 * 1000;
/** A failure count older than this is forgotten by the daily job. */
export const SIGN_IN_FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;

/**
 * Retention (spec §9), in calendar months after receipt: partnership
 * proposals one month, counter inquiries (A/S with their photos, and
 * purchase) one year, consultation requests three years from the inquiry.
 */
export const RETENTION_MONTHS = { proposals: 1, counterInquiries: 12, consultations: 36 } as const;
