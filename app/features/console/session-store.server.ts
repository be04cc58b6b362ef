import type { Kysely } from "kysely";
import type { Database, OperatorRole } from "#db/schema.ts";
import { revokeDevices } from "#app/features/console/device-cookie.server.ts";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_MS } from "#app/features/console/policy.ts";
import { csrfEquals, csrfFor, newSessionToken, sha256 } from "#app/features/console/session-crypto.server.ts";
import { twoStepPolicy, twoStepRequired } from "#app/features/console/two-step.server.ts";
import { deviceLabel, ipPrefix } from "#app/features/console/device.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";

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

/** The browser a session is made from: its user-agent and address, kept only as a label and a prefix. */
export interface SessionClient {
  userAgent?: string | null;
  ip?: string;
  /** ADMIN_ALLOW_NETWORKS limits the console to the business's networks (the two-step exception may apply, issue 52). */
  insideOnly?: boolean;
}

/** Starts a session; answers the token for the cookie (never stored). */
export async function createSession(db: Kysely<Database>, operatorId: number, now: Date, client: SessionClient = {}): Promise<string> {
  const token = newSessionToken();
  await db
    .insertInto("admin_sessions")
    .values({
      token_hash: sha256(token),
      operator_id: operatorId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
      device: deviceLabel(client.userAgent),
      ip_prefix: ipPrefix(client.ip),
    })
    .execute();
  return token;
}

/** The session of a cookie token, or null when absent, unknown, idle too long or past its end (then it is deleted). */
export async function findSession(
  db: Kysely<Database>,
  secret: string,
  token: string | undefined,
  now: Date,
  client: SessionClient = {},
): Promise<SignedIn | null> {
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
    const place = ipPrefix(client.ip);
    await db
      .updateTable("admin_sessions")
      .set(place ? { last_seen_at: now.toISOString(), ip_prefix: place } : { last_seen_at: now.toISOString() })
      .where("id", "=", row.sessionId)
      .execute();
  }
  const mustSetUpTwoStep = !row.totp_enabled_at && twoStepRequired(await twoStepPolicy(db, client.insideOnly), row.role);
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
  await revokeDevices(db, operatorId);
  return Number(result.numDeletedRows);
}

export interface SessionRow {
  id: number;
  device: string | null;
  place: string | null;
  signedIn: string;
  lastSeen: string;
  current: boolean;
}

/** An operator's live sessions, the most recently seen first (ended ones are not shown). */
export async function listOwnSessions(db: Kysely<Database>, who: SignedIn, now: Date): Promise<SessionRow[]> {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS).toISOString();
  const rows = await db
    .selectFrom("admin_sessions")
    .select(["id", "device", "ip_prefix", "created_at", "last_seen_at"])
    .where("operator_id", "=", who.operator.id)
    .where("expires_at", ">", now.toISOString())
    .where("last_seen_at", ">", idleSince)
    .orderBy("last_seen_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    device: r.device,
    place: r.ip_prefix,
    signedIn: formatSeoul(r.created_at),
    lastSeen: formatSeoul(r.last_seen_at),
    current: r.id === who.sessionId,
  }));
}

/** Ends one of the operator's own sessions, all its others, or all of them; answers how many ended. */
export async function endOwnSessions(db: Kysely<Database>, who: SignedIn, which: { id: number } | "others" | "all"): Promise<number> {
  let query = db.deleteFrom("admin_sessions").where("operator_id", "=", who.operator.id);
  if (which === "others") query = query.where("id", "!=", who.sessionId);
  else if (which !== "all") query = query.where("id", "=", which.id);
  const ended = Number((await query.executeTakeFirst()).numDeletedRows);
  // Ending the other sessions or all of them: no browser keeps its device cookie's trust either (ADR 0017).
  if (typeof which === "string") await revokeDevices(db, who.operator.id);
  return ended;
}
