import type { Kysely } from "kysely";
import type { Database, OperatorRole } from "#db/schema.ts";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_MS } from "#app/features/admin/policy.ts";
import { csrfEquals, csrfFor, newSessionToken, sha256 } from "#app/features/admin/session-crypto.server.ts";
import { twoStepPolicy, twoStepRequired } from "#app/features/admin/two-step.server.ts";

/**
 * Server-side sessions: the cookie holds 32 random bytes; the database holds
 * only their SHA-256, with idle and absolute expiry.
 */
export interface SignedIn {
  operator: { id: number; email: string; role: OperatorRole };
  sessionId: number;
  tokenHash: string;
  /** Session-bound form token (HMAC of the session with the app secret). */
  csrf: string;
  /**
   * Signed in with a password only although two-step sign-in is required of
   * this operator (ADR 0022): only the account page (to set it up) and
   * sign-out are open to it.
   */
  mustSetUpTwoStep: boolean;
}

export function csrfMatches(signedIn: SignedIn, value: unknown): boolean {
  return csrfEquals(signedIn.csrf, value);
}

/** Starts a session; answers the token for the cookie (never stored). */
export async function createSession(db: Kysely<Database>, operatorId: number, now: Date): Promise<string> {
  const token = newSessionToken();
  await db
    .insertInto("admin_sessions")
    .values({
      token_hash: sha256(token),
      operator_id: operatorId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
    })
    .execute();
  return token;
}

/** The session of a cookie token, or null when absent, unknown, idle too long or past its end (then it is deleted). */
export async function findSession(db: Kysely<Database>, secret: string, token: string | undefined, now: Date): Promise<SignedIn | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = sha256(token);
  const row = await db
    .selectFrom("admin_sessions as s")
    .innerJoin("admin_operators as o", "o.id", "s.operator_id")
    .select(["s.id as sessionId", "s.last_seen_at", "s.expires_at", "o.id as operatorId", "o.email", "o.role", "o.totp_enabled_at"])
    .where("s.token_hash", "=", tokenHash)
    .where("o.disabled_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const at = now.getTime();
  const lastSeen = Date.parse(row.last_seen_at);
  if (at >= Date.parse(row.expires_at) || at >= lastSeen + SESSION_IDLE_MS) {
    await deleteSession(db, row.sessionId);
    return null;
  }
  if (at - lastSeen >= SESSION_TOUCH_MS) {
    await db.updateTable("admin_sessions").set({ last_seen_at: now.toISOString() }).where("id", "=", row.sessionId).execute();
  }
  const mustSetUpTwoStep = !row.totp_enabled_at && twoStepRequired(await twoStepPolicy(db), row.role);
  return {
    operator: { id: row.operatorId, email: row.email, role: row.role },
    sessionId: row.sessionId,
    tokenHash,
    csrf: csrfFor(secret, tokenHash),
    mustSetUpTwoStep,
  };
}

export async function deleteSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.deleteFrom("admin_sessions").where("id", "=", sessionId).execute();
}

/** Ends every session of an operator (a new password, a disabled account); answers how many. */
export async function endOperatorSessions(db: Kysely<Database>, operatorId: number): Promise<number> {
  const result = await db.deleteFrom("admin_sessions").where("operator_id", "=", operatorId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
