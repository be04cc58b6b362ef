/**
 * The console's security constants, in one place (no imports:
 * the retention job and the CLI scripts load this natively).
 */

/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 60 * 60 * 1000;
/** …and this long after sign-in, whatever the activity. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often (not on every request). */
export const SESSION_TOUCH_MS = 60 * 1000;

/**
 * The sign-in throttle (ADR 0017). Failed sign-ins for one e-mail address from
 * one client address before that pair is locked (the owner elsewhere is not)…
 */
export const MAX_SIGN_IN_FAILURES = 5;
/** …for this long. */
export const SIGN_IN_LOCK_MS = 15 * 60 * 1000;
/**
 * Failures for one e-mail address from all client addresses within the
 * window after which each further attempt waits (a delay, never a lock)…
 */
export const ACCOUNT_DELAY_AFTER = 10;
export const ACCOUNT_WINDOW_MS = 15 * 60 * 1000;
/** …2^n seconds for the n-th attempt past the threshold, at most this long. */
export const ACCOUNT_DELAY_CAP_MS = 5 * 60 * 1000;

/**
 * How long the account waits after its `attempts`-th counted attempt in the
 * window: nothing up to ACCOUNT_DELAY_AFTER - 1, then 2 s, 4 s, 8 s… up to the cap.
 */
export function accountDelayMs(attempts: number): number {
  const n = attempts - ACCOUNT_DELAY_AFTER + 1;
  if (n < 1) return 0;
  return Math.min(2 ** Math.min(n, 30) * 1000, ACCOUNT_DELAY_CAP_MS);
}

/** The largest attempt count whose delay is still below the cap (above it, every delay is the cap). */
export function lastUncappedAttempt(): number {
  let attempts = ACCOUNT_DELAY_AFTER;
  while (accountDelayMs(attempts + 1) < ACCOUNT_DELAY_CAP_MS) attempts++;
  return attempts;
}
/** A browser that signed in to an account is trusted by its device cookie this long after its last sign-in (ADR 0017). */
export const DEVICE_COOKIE_MS = 180 * 24 * 60 * 60 * 1000;
/** A failure count older than this is forgotten by the daily job. */
export const SIGN_IN_FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;

/** An invitation or password-reset link works once, for this long (ADR 0022). */
export const PASSWORD_LINK_MS = 48 * 60 * 60 * 1000;

/** Operator passwords: at least this many characters (code points), at most this many UTF-16 units. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;

/** Two-step sign-in (RFC 6238): 30-second steps, 6 digits, a code of the step before or after is accepted too. */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;
/** Recovery codes given at set-up, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** The password step is remembered this long while the code is asked for. */
export const SECOND_STEP_MS = 5 * 60 * 1000;
