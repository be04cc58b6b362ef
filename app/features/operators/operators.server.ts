import type { Kysely } from "kysely";
import type { Database, OperatorRole } from "#db/schema.ts";
import { PASSWORD_LINK_MS } from "#app/features/console/policy.ts";
import { hashPassword, type ScryptParams, DEFAULT_SCRYPT } from "#app/features/console/password.server.ts";
import { newSessionToken, sha256 } from "#app/features/console/session-crypto.server.ts";
import { endOperatorSessions, type SignedIn } from "#app/features/console/session-store.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";

/**
 * Operator accounts managed in the console (ADR 0022): invitations and
 * password resets as one-time links valid PASSWORD_LINK_MS (only the SHA-256
 * of the token is stored), role changes, disabling (its sessions and push
 * subscriptions end in the same transaction). Every change is audited.
 */

/** A password hash that no password matches: an invited operator, or one whose password was reset. */
export const NO_PASSWORD = "!";

export type OperatorProblem = "exists" | "self" | "last_admin" | "missing";

export class OperatorRefused extends Error {
  readonly code: OperatorProblem;
  constructor(code: OperatorProblem) {
    super(code);
    this.code = code;
  }
}

export interface OperatorRow {
  id: number;
  email: string;
  role: OperatorRole;
  state: "active" | "invited" | "disabled";
  lastSignIn: string | null;
  sessions: number;
  twoStep: boolean;
}

export async function listOperators(db: Kysely<Database>): Promise<OperatorRow[]> {
  const rows = await db
    .selectFrom("admin_operators as o")
    .select((eb) => [
      "o.id",
      "o.email",
      "o.role",
      "o.password_hash",
      "o.disabled_at",
      "o.last_sign_in_at",
      "o.totp_enabled_at",
      eb
        .selectFrom("admin_sessions as s")
        .select((s) => s.fn.countAll<number | string>().as("n"))
        .whereRef("s.operator_id", "=", "o.id")
        .as("sessions"),
    ])
    .orderBy("o.email")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    state: r.disabled_at ? "disabled" : r.password_hash === NO_PASSWORD && !r.last_sign_in_at ? "invited" : "active",
    lastSignIn: r.last_sign_in_at ? formatSeoul(r.last_sign_in_at) : null,
    sessions: Number(r.sessions ?? 0),
    twoStep: !!r.totp_enabled_at,
  }));
}

/** A new one-time link for an operator (any earlier unused link of it stops working); answers the token (never stored). */
async function newPasswordLink(
  db: Kysely<Database>,
  operatorId: number,
  purpose: "invite" | "reset",
  by: number,
  now: Date,
): Promise<string> {
  const token = newSessionToken();
  await db.deleteFrom("admin_password_links").where("operator_id", "=", operatorId).where("used_at", "is", null).execute();
  await db
    .insertInto("admin_password_links")
    .values({
      operator_id: operatorId,
      token_hash: sha256(token),
      purpose,
      expires_at: new Date(now.getTime() + PASSWORD_LINK_MS).toISOString(),
      used_at: null,
      created_by: by,
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

/** Invites a new operator: the account exists without a password until the link is used. */
export async function inviteOperator(
  db: Kysely<Database>,
  who: SignedIn,
  input: { email: string; role: OperatorRole },
  now: Date,
): Promise<{ id: number; token: string }> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("admin_operators").select("id").where("email", "=", input.email).executeTakeFirst();
    if (existing) throw new OperatorRefused("exists");
    const at = now.toISOString();
    const { id } = await trx
      .insertInto("admin_operators")
      .values({ email: input.email, password_hash: NO_PASSWORD, role: input.role, created_at: at, updated_at: at, last_sign_in_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const token = await newPasswordLink(trx, id, "invite", who.operator.id, now);
    await audit(trx, who, "operator_invite", { kind: "operator", id }, `${input.email} role=${input.role}`, now);
    return { id, token };
  });
}

async function target(db: Kysely<Database>, who: SignedIn, id: number) {
  if (id === who.operator.id) throw new OperatorRefused("self");
  const row = await db.selectFrom("admin_operators").select(["id", "email", "role", "disabled_at"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new OperatorRefused("missing");
  return row;
}

/** An administrator may not take away the console's last active administrator. */
async function keepsAnAdmin(db: Kysely<Database>, losing: number): Promise<void> {
  const row = await db
    .selectFrom("admin_operators")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("role", "=", "admin")
    .where("disabled_at", "is", null)
    .where("id", "!=", losing)
    .executeTakeFirstOrThrow();
  if (Number(row.n) === 0) throw new OperatorRefused("last_admin");
}

export async function changeRole(db: Kysely<Database>, who: SignedIn, id: number, role: OperatorRole, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await target(trx, who, id);
    if (row.role === role) return;
    if (row.role === "admin") await keepsAnAdmin(trx, id);
    await trx.updateTable("admin_operators").set({ role, updated_at: now.toISOString() }).where("id", "=", id).execute();
    await audit(trx, who, "operator_role", { kind: "operator", id }, `${row.email} role=${role}`, now);
  });
}

/** Disables an operator: no sign-in; its sessions and its devices' push subscriptions end at once. Or enables it again. */
export async function setDisabled(db: Kysely<Database>, who: SignedIn, id: number, disabled: boolean, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await target(trx, who, id);
    const at = now.toISOString();
    if (disabled) {
      if (row.role === "admin") await keepsAnAdmin(trx, id);
      await trx
        .updateTable("admin_operators")
        .set({ disabled_at: row.disabled_at ?? at, updated_at: at })
        .where("id", "=", id)
        .execute();
      const sessions = await endOperatorSessions(trx, id);
      const devices = await trx.deleteFrom("push_subscriptions").where("operator_id", "=", id).executeTakeFirst();
      await audit(
        trx,
        who,
        "operator_disable",
        { kind: "operator", id },
        `${row.email} sessions=${sessions} devices=${Number(devices.numDeletedRows)}`,
        now,
      );
    } else {
      await trx.updateTable("admin_operators").set({ disabled_at: null, updated_at: at }).where("id", "=", id).execute();
      await audit(trx, who, "operator_enable", { kind: "operator", id }, row.email, now);
    }
  });
}

/** Resets an operator's password: the old one stops working, its sessions end, and a one-time link sets a new one. */
export async function resetPassword(db: Kysely<Database>, who: SignedIn, id: number, now: Date): Promise<{ token: string; email: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await target(trx, who, id);
    await trx
      .updateTable("admin_operators")
      .set({ password_hash: NO_PASSWORD, updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
    const sessions = await endOperatorSessions(trx, id);
    const token = await newPasswordLink(trx, id, "reset", who.operator.id, now);
    await audit(trx, who, "operator_reset", { kind: "operator", id }, `${row.email} sessions=${sessions}`, now);
    return { token, email: row.email };
  });
}

/**
 * Clears an operator's two-step sign-in (a lost phone and no recovery code):
 * its secret and recovery codes go, its sessions end; if it must use two-step
 * sign-in, it sets it up again after its next password.
 */
export async function resetTwoStep(db: Kysely<Database>, who: SignedIn, id: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await target(trx, who, id);
    await trx
      .updateTable("admin_operators")
      .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
    await trx.deleteFrom("admin_recovery_codes").where("operator_id", "=", id).execute();
    const sessions = await endOperatorSessions(trx, id);
    await audit(trx, who, "two_step_reset", { kind: "operator", id }, `${row.email} sessions=${sessions}`, now);
  });
}

export type LinkState =
  { state: "valid"; operatorId: number; email: string; purpose: "invite" | "reset" } | { state: "expired" | "used" | "unknown" };

/** What a one-time link is now: valid (and for whom), expired, already used, or unknown. */
export async function readPasswordLink(db: Kysely<Database>, token: string | undefined, now: Date): Promise<LinkState> {
  if (!token || token.length > 100) return { state: "unknown" };
  const row = await db
    .selectFrom("admin_password_links as l")
    .innerJoin("admin_operators as o", "o.id", "l.operator_id")
    .select(["l.operator_id", "l.purpose", "l.expires_at", "l.used_at", "o.email", "o.disabled_at"])
    .where("l.token_hash", "=", sha256(token))
    .executeTakeFirst();
  if (!row || row.disabled_at) return { state: "unknown" };
  if (row.used_at) return { state: "used" };
  if (Date.parse(row.expires_at) <= now.getTime()) return { state: "expired" };
  return { state: "valid", operatorId: row.operator_id, email: row.email, purpose: row.purpose };
}

/**
 * Uses a one-time link: sets the password when the link is still valid. The
 * link is spent by one conditional UPDATE, so two posts of the same link set
 * at most one password.
 */
export async function spendPasswordLink(
  db: Kysely<Database>,
  token: string | undefined,
  password: string,
  now: Date,
  scrypt: ScryptParams = DEFAULT_SCRYPT,
): Promise<LinkState> {
  const link = await readPasswordLink(db, token, now);
  if (link.state !== "valid") return link;
  const hash = await hashPassword(password, scrypt);
  return db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const spent = await trx
      .updateTable("admin_password_links")
      .set({ used_at: at })
      .where("token_hash", "=", sha256(token!))
      .where("used_at", "is", null)
      .where("expires_at", ">", at)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return { state: "used" } as const;
    await trx.updateTable("admin_operators").set({ password_hash: hash, updated_at: at }).where("id", "=", link.operatorId).execute();
    await endOperatorSessions(trx, link.operatorId);
    await audit(
      trx,
      { operator: { id: link.operatorId, email: link.email } },
      "password_set",
      { kind: "operator", id: link.operatorId },
      link.purpose,
      now,
    );
    return link;
  });
}
