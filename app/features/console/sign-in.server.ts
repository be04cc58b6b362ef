import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "#db/schema.ts";
import { timeParam } from "#db/sql-time.ts";
import {
  DEFAULT_SCRYPT,
  MAX_PASSWORD_LENGTH,
  dummyHash,
  verifyPassword,
  type ScryptParams,
} from "#app/features/console/password.server.ts";
import { createSession } from "#app/features/console/session-store.server.ts";
import { sha256 } from "#app/features/console/session-crypto.server.ts";
import { checkSecondStep, passwordStamp } from "#app/features/console/two-step.server.ts";
import { rotateDevice, trustedFor, type Device } from "#app/features/console/device-cookie.server.ts";
import { hasControlCharacter } from "#app/lib/schema.ts";
import {
  ACCOUNT_DELAY_AFTER,
  ACCOUNT_DELAY_CAP_MS,
  ACCOUNT_WINDOW_MS,
  MAX_SIGN_IN_FAILURES,
  SIGN_IN_LOCK_MS,
  accountDelayMs,
  lastUncappedAttempt,
} from "#app/features/console/policy.ts";

/**
 * One sign-in attempt, throttled twice (ADR 0017), whether or not an operator
 * has the e-mail address (a lock or a delay tells nothing about which
 * addresses exist; unknown addresses cost a real scrypt too):
 *  - per e-mail AND client address: the MAX_SIGN_IN_FAILURES-th failure locks
 *    that pair for SIGN_IN_LOCK_MS; the owner elsewhere is not locked out;
 *  - per e-mail from every address: past ACCOUNT_DELAY_AFTER failures in
 *    ACCOUNT_WINDOW_MS, each further attempt waits a growing delay (never a lock).
 * A browser that signed in to the account before (its device cookie,
 * device-cookie.server.ts) is counted apart: per e-mail AND device instead of
 * client address, and never in the account's count or delay, so strangers'
 * failures never slow the owner down; a completed sign-in gives it a new token.
 * Each attempt is reserved by ONE statement (insert or add one, answering the
 * count) before the password is checked, so concurrent attempts cannot all
 * pass the check: at most MAX_SIGN_IN_FAILURES wrong passwords per pair are
 * ever checked before its lock. The per-IP rate limit is the route's job
 * (services.limiter).
 */
type SignInResult =
  /** `token` null: the password was right and the operator has two-step sign-in; the code comes next. */
  | { ok: true; operator: { id: number; email: string }; token: string; device: Device; passwordStamp?: undefined }
  | { ok: true; operator: { id: number; email: string }; token: null; passwordStamp: string }
  | { ok: false; reason: "invalid" }
  | Refusal;

export function normaliseEmail(value: unknown): string {
  return typeof value === "string" ? value.trim().toLowerCase() : "";
}

/** Only an address that could be stored is looked up (a NUL is an error on PostgreSQL, not a miss). */
function looksLikeEmail(value: string): boolean {
  return value.length <= 320 && /^[^\s@]+@[^\s@]+$/.test(value) && !hasControlCharacter(value);
}

const secondsUntil = (until: string, now: Date) => Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 1000));
const plus = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

interface Key {
  emailHash: string;
  /** SHA-256 of the client address; for a trusted browser, of its device token. */
  clientHash: string;
  /** A browser that signed in to this account before: not counted in the account's delay. */
  trusted: boolean;
}

async function keyOf(
  db: Kysely<Database>,
  email: string,
  clientIp: string | undefined,
  device: Device | null | undefined,
  now: Date,
): Promise<Key> {
  const trusted = looksLikeEmail(email) && (await trustedFor(db, device, email, now));
  return {
    emailHash: sha256(email),
    clientHash: trusted ? sha256(`device:${device!.token}`) : sha256(clientIp || "unknown"),
    trusted,
  };
}

export async function attemptSignIn(
  db: Kysely<Database>,
  input: { email: unknown; password: unknown; clientIp?: string; userAgent?: string | null; device?: Device | null },
  now: Date,
  scrypt: ScryptParams = DEFAULT_SCRYPT,
  verify: (password: string, hash: string) => Promise<boolean> = verifyPassword,
): Promise<SignInResult> {
  const email = normaliseEmail(input.email);
  const password = typeof input.password === "string" ? input.password : "";
  const key = await keyOf(db, email, input.clientIp, input.device, now);

  const pair = await reserveAttempt(db, key, now);
  if ("refused" in pair) return pair.refused;

  const operator = looksLikeEmail(email)
    ? await db
        .selectFrom("admin_operators")
        .select(["id", "email", "password_hash", "disabled_at", "totp_enabled_at"])
        .where("email", "=", email)
        .executeTakeFirst()
    : undefined;
  let valid = false;
  if (operator) valid = await verify(password, operator.password_hash);
  else await verify(password.slice(0, MAX_PASSWORD_LENGTH), await dummyHash(scrypt));

  // A disabled operator is answered like a wrong password: nothing tells the account exists.
  if (!valid || !operator || operator.disabled_at) {
    // The reservation stays counted: it was a failure. The MAX-th locked the pair when it was reserved.
    return failed(pair.attempts, operator?.id ?? null);
  }

  await forgiveAttempt(db, key);
  if (operator.totp_enabled_at) {
    return {
      ok: true,
      operator: { id: operator.id, email: operator.email },
      token: null,
      passwordStamp: passwordStamp(operator.password_hash),
    };
  }
  await db.updateTable("admin_operators").set({ last_sign_in_at: now.toISOString() }).where("id", "=", operator.id).execute();
  const token = await createSession(db, operator.id, now, { userAgent: input.userAgent, ip: input.clientIp });
  const device = await rotateDevice(db, operator.id, input.device, now);
  return { ok: true, operator: { id: operator.id, email: operator.email }, token, device };
}

/**
 * `justLocked`: this failure is the one that locked the address for the
 * account (issue 52: the administrators are alerted once, not at every
 * refused attempt after it); `operatorId` the account's, null for an address
 * no operator has.
 */
type Refusal = {
  ok: false;
  reason: "locked" | "delayed";
  retryAfterSeconds: number;
  justLocked?: { operatorId: number | null };
};

/** Counts an attempt for the pair and the account before anything is checked; or the lock or delay that refuses it. */
async function reserveAttempt(db: Kysely<Database>, key: Key, now: Date): Promise<{ attempts: number } | { refused: Refusal }> {
  const pair = await reservePairAttempt(db, key, now);
  if (pair.lockedUntil && pair.attempts > MAX_SIGN_IN_FAILURES) {
    return { refused: { ok: false, reason: "locked", retryAfterSeconds: secondsUntil(pair.lockedUntil, now) } };
  }
  const delayedUntil = key.trusted ? null : await reserveAccountAttempt(db, key.emailHash, now);
  if (delayedUntil) {
    // Not checked: the attempt does not count against this address either.
    await releasePairAttempt(db, key);
    return { refused: { ok: false, reason: "delayed", retryAfterSeconds: secondsUntil(delayedUntil, now) } };
  }
  return { attempts: pair.attempts };
}

/** A checked failure: the reservation stays counted; the MAX-th locked the pair when it was reserved. */
function failed(attempts: number, operatorId: number | null): { ok: false; reason: "invalid" } | Refusal {
  if (attempts < MAX_SIGN_IN_FAILURES) return { ok: false, reason: "invalid" };
  const locked: Refusal = { ok: false, reason: "locked", retryAfterSeconds: SIGN_IN_LOCK_MS / 1000 };
  return attempts === MAX_SIGN_IN_FAILURES ? { ...locked, justLocked: { operatorId } } : locked;
}

/** A success: this address starts again; the account's count takes this attempt back (it did not fail). */
async function forgiveAttempt(db: Kysely<Database>, key: Key): Promise<void> {
  await db.deleteFrom("admin_login_throttle").where("email_hash", "=", key.emailHash).where("client_hash", "=", key.clientHash).execute();
  if (key.trusted) return;
  await db
    .updateTable("admin_login_accounts")
    .set((eb) => ({ failures: eb("failures", "-", 1) }))
    .where("email_hash", "=", key.emailHash)
    .where("failures", ">", 0)
    .execute();
}

type SecondStepResult =
  | { ok: true; operator: { id: number; email: string }; token: string; device: Device; method: "totp" | "recovery" }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "stale" }
  /** The authenticator secret is sealed with another APP_SECRET: not the operator's fault, so not counted. */
  | { ok: false; reason: "key_mismatch" }
  | Refusal;

/**
 * The code step of a sign-in (after the right password, ADR 0022), under the
 * same throttle as the password step: each code is counted for the e-mail and
 * client address and for the account before it is checked, so a wrong code
 * counts like a wrong password (5 lock that address for 15 minutes; the
 * account's growing delay applies), and a right one takes its count back.
 */
export async function attemptSecondStep(
  db: Kysely<Database>,
  input: {
    operatorId: number;
    passwordStamp: string;
    code: string;
    /** APP_SECRET: the authenticator secret is sealed under it. */
    appSecret: string;
    clientIp?: string;
    userAgent?: string | null;
    device?: Device | null;
  },
  now: Date,
): Promise<SecondStepResult> {
  const operator = await db
    .selectFrom("admin_operators")
    .select(["id", "email", "disabled_at", "password_hash"])
    .where("id", "=", input.operatorId)
    .executeTakeFirst();
  // Disabled, or its password reset or changed since the password step: that step no longer counts.
  if (!operator || operator.disabled_at || passwordStamp(operator.password_hash) !== input.passwordStamp)
    return { ok: false, reason: "stale" };
  const key = await keyOf(db, operator.email, input.clientIp, input.device, now);
  const pair = await reserveAttempt(db, key, now);
  if ("refused" in pair) return pair.refused;
  const method = await checkSecondStep(db, operator.id, input.code, now, input.appSecret);
  if (method === "key") {
    await forgiveAttempt(db, key);
    return { ok: false, reason: "key_mismatch" };
  }
  if (!method) {
    return failed(pair.attempts, operator.id);
  }
  await forgiveAttempt(db, key);
  await db.updateTable("admin_operators").set({ last_sign_in_at: now.toISOString() }).where("id", "=", operator.id).execute();
  const token = await createSession(db, operator.id, now, { userAgent: input.userAgent, ip: input.clientIp });
  const device = await rotateDevice(db, operator.id, input.device, now);
  return { ok: true, operator: { id: operator.id, email: operator.email }, token, device, method };
}

/**
 * Counts this attempt for the pair in one statement and answers the count
 * (this attempt included) and the lock. A lock that has passed starts the
 * count again; the MAX-th attempt sets the lock as it is reserved (it is
 * still checked: the right password then clears it), so every later
 * concurrent attempt already sees it.
 */
async function reservePairAttempt(db: Kysely<Database>, key: Key, now: Date): Promise<{ attempts: number; lockedUntil: string | null }> {
  const at = now.toISOString();
  const lockUntil = plus(now, SIGN_IN_LOCK_MS);
  const max = sql.lit(MAX_SIGN_IN_FAILURES);
  const t = sql.ref("admin_login_throttle");
  const expired = sql`(${t}.locked_until is not null and ${t}.locked_until <= ${at})`;
  const result = await sql<{ failures: number | string; locked_until: string | null }>`
    insert into admin_login_throttle (email_hash, client_hash, failures, locked_until, updated_at)
    values (${key.emailHash}, ${key.clientHash}, 1, ${MAX_SIGN_IN_FAILURES <= 1 ? lockUntil : null}, ${at})
    on conflict (email_hash, client_hash) do update set
      failures = case when ${expired} then 1 else ${t}.failures + 1 end,
      locked_until = case
        when ${expired} then null
        when ${t}.locked_until is not null then ${t}.locked_until
        when ${t}.failures + 1 >= ${max} then ${lockUntil}
        else null end,
      updated_at = ${at}
    returning failures, locked_until`.execute(db);
  const row = result.rows[0]!;
  return { attempts: Number(row.failures), lockedUntil: row.locked_until };
}

/** Gives back a reservation that was not checked (the account made it wait). */
async function releasePairAttempt(db: Kysely<Database>, key: Key): Promise<void> {
  await db
    .updateTable("admin_login_throttle")
    .set((eb) => ({
      failures: eb("failures", "-", 1),
      locked_until: eb
        .case()
        .when(eb("failures", "<=", MAX_SIGN_IN_FAILURES))
        .then(sql<string | null>`null`)
        .else(eb.ref("locked_until"))
        .end(),
    }))
    .where("email_hash", "=", key.emailHash)
    .where("client_hash", "=", key.clientHash)
    .execute();
}

/**
 * Counts this attempt for the account in one statement, unless the account
 * must wait: then nothing is counted and the answer is until when. The delay
 * after each counted attempt is set by the same statement, so concurrent
 * attempts cannot slip past it.
 */
async function reserveAccountAttempt(db: Kysely<Database>, emailHash: string, now: Date): Promise<string | null> {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - ACCOUNT_WINDOW_MS).toISOString();
  const a = sql.ref("admin_login_accounts");
  const stale = sql`(${a}.window_started_at <= ${windowStart})`;
  // Cast where PostgreSQL cannot type them: a CASE of parameters only would be text.
  const delayed = (attempts: number) => timeParam(db, accountDelayMs(attempts) > 0 ? plus(now, accountDelayMs(attempts)) : null);
  // The delay after the (failures + 1)-th attempt, as a CASE over the few counts below the cap.
  const steps: RawBuilder<unknown>[] = [];
  for (let n = ACCOUNT_DELAY_AFTER; n <= lastUncappedAttempt(); n++)
    steps.push(sql`when ${a}.failures + 1 = ${sql.lit(n)} then ${delayed(n)}`);
  const nextAfterCount = sql`case when ${a}.failures + 1 > ${sql.lit(lastUncappedAttempt())} then ${timeParam(db, plus(now, ACCOUNT_DELAY_CAP_MS))} ${sql.join(steps, sql` `)} else null end`;
  const result = await sql<{ failures: number | string }>`
    insert into admin_login_accounts (email_hash, failures, window_started_at, next_attempt_at, updated_at)
    values (${emailHash}, 1, ${at}, ${delayed(1)}, ${at})
    on conflict (email_hash) do update set
      failures = case when ${stale} then 1 else ${a}.failures + 1 end,
      window_started_at = case when ${stale} then ${at} else ${a}.window_started_at end,
      next_attempt_at = case when ${stale} then ${delayed(1)} else ${nextAfterCount} end,
      updated_at = ${at}
    where ${a}.next_attempt_at is null or ${a}.next_attempt_at <= ${at}
    returning failures`.execute(db);
  if (result.rows.length) return null;
  const row = await db.selectFrom("admin_login_accounts").select("next_attempt_at").where("email_hash", "=", emailHash).executeTakeFirst();
  return row?.next_attempt_at && row.next_attempt_at > at ? row.next_attempt_at : plus(now, 1000);
}
