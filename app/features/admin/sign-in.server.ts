import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { DEFAULT_SCRYPT, MAX_PASSWORD_LENGTH, dummyHash, verifyPassword, type ScryptParams } from "#app/features/admin/password.server.ts";
import { createSession } from "#app/features/admin/session-store.server.ts";
import { sha256 } from "#app/features/admin/session-crypto.server.ts";
import { hasControlCharacter } from "#app/lib/schema.ts";
import { MAX_SIGN_IN_FAILURES, SIGN_IN_LOCK_MS } from "#app/features/admin/policy.ts";

/**
 * One sign-in attempt. Consecutive failures are counted per e-mail address
 * (hashed) whether or not an operator has it, so a lock-out tells nothing
 * about which addresses exist; unknown addresses cost a real scrypt too.
 * The per-IP rate limit is the route's job (services.limiter).
 */
type SignInResult =
  | { ok: true; operator: { id: number; email: string }; token: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "locked"; retryAfterSeconds: number };

export function normaliseEmail(value: unknown): string {
  return typeof value === "string" ? value.trim().toLowerCase() : "";
}

/** Only an address that could be stored is looked up (a NUL is an error on PostgreSQL, not a miss). */
function looksLikeEmail(value: string): boolean {
  return value.length <= 320 && /^[^\s@]+@[^\s@]+$/.test(value) && !hasControlCharacter(value);
}

function lockedFor(lockedUntil: string | null, now: Date): number {
  if (!lockedUntil) return 0;
  const left = Date.parse(lockedUntil) - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

export async function attemptSignIn(
  db: Kysely<Database>,
  input: { email: unknown; password: unknown },
  now: Date,
  scrypt: ScryptParams = DEFAULT_SCRYPT,
): Promise<SignInResult> {
  const email = normaliseEmail(input.email);
  const password = typeof input.password === "string" ? input.password : "";
  const emailHash = sha256(email);

  const throttle = await db
    .selectFrom("admin_login_throttle")
    .select(["locked_until"])
    .where("email_hash", "=", emailHash)
    .executeTakeFirst();
  const wait = lockedFor(throttle?.locked_until ?? null, now);
  if (wait > 0) return { ok: false, reason: "locked", retryAfterSeconds: wait };

  const operator = looksLikeEmail(email)
    ? await db
        .selectFrom("admin_operators")
        .select(["id", "email", "password_hash", "disabled_at"])
        .where("email", "=", email)
        .executeTakeFirst()
    : undefined;
  let valid = false;
  if (operator) valid = await verifyPassword(password, operator.password_hash);
  else await verifyPassword(password.slice(0, MAX_PASSWORD_LENGTH), await dummyHash(scrypt));

  // A disabled operator is answered like a wrong password: nothing tells the account exists.
  if (!valid || !operator || operator.disabled_at) return recordFailure(db, emailHash, now);

  await db.deleteFrom("admin_login_throttle").where("email_hash", "=", emailHash).execute();
  await db.updateTable("admin_operators").set({ last_sign_in_at: now.toISOString() }).where("id", "=", operator.id).execute();
  const token = await createSession(db, operator.id, now);
  return { ok: true, operator: { id: operator.id, email: operator.email }, token };
}

async function recordFailure(db: Kysely<Database>, emailHash: string, now: Date): Promise<SignInResult> {
  const at = now.toISOString();
  await db
    .insertInto("admin_login_throttle")
    .values({ email_hash: emailHash, failures: 1, locked_until: null, updated_at: at })
    .onConflict((oc) =>
      oc.column("email_hash").doUpdateSet((eb) => ({ failures: eb("admin_login_throttle.failures", "+", 1), updated_at: at })),
    )
    .execute();
  const row = await db
    .selectFrom("admin_login_throttle")
    .select(["failures"])
    .where("email_hash", "=", emailHash)
    .executeTakeFirstOrThrow();
  if (Number(row.failures) < MAX_SIGN_IN_FAILURES) return { ok: false, reason: "invalid" };
  const until = new Date(now.getTime() + SIGN_IN_LOCK_MS);
  await db
    .updateTable("admin_login_throttle")
    .set({ failures: 0, locked_until: until.toISOString(), updated_at: at })
    .where("email_hash", "=", emailHash)
    .execute();
  return { ok: false, reason: "locked", retryAfterSeconds: SIGN_IN_LOCK_MS / 1000 };
}
