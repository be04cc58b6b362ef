import { isSealed, seal, unseal } from "#app/lib/sealed.server.ts";
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { Database, OperatorRole } from "#db/schema.ts";
import { RECOVERY_CODE_COUNT, SECOND_STEP_MS, TOTP_DIGITS, TOTP_PERIOD_S, TOTP_WINDOW } from "#app/features/console/policy.ts";
import { clearCookie, setCookie } from "#app/lib/cookies.server.ts";
import { secondStepCookie } from "#app/features/console/cookies.server.ts";
import { sha256 } from "#app/features/console/session-crypto.server.ts";

/**
 * Two-step sign-in (ADR 0022): authenticator-app codes (RFC 6238 TOTP,
 * `otpauth`), ±TOTP_WINDOW steps, a step's code accepted once per operator
 * (the last used step is stored and only a later one is accepted, in one
 * conditional UPDATE); ten one-time recovery codes stored as SHA-256; the QR
 * code drawn on the server as SVG (`qrcode`), so no QR library reaches the
 * browser. Everyone must use it (issue 52); inside the business's networks only,
 * administrators may limit that to themselves.
 */
export type TwoStepPolicy = "admins" | "everyone";
export const TWO_STEP_POLICIES: readonly TwoStepPolicy[] = ["admins", "everyone"];
const POLICY_SETTING = "two_step_required";

/** `issuer`: who the authenticator app names beside the code (the brand's issuer, app/business/brand.ts); only the QR code carries it. */
function totp(secret: string, label = "", issuer = ""): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The time-step a code of `now` belongs to. */
export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S);
}

/** The code of a time-step (tests, and nothing else, need to make one). */
export function totpCode(secret: string, step: number): string {
  return totp(secret).generate({ timestamp: step * TOTP_PERIOD_S * 1000 });
}

/** The time-step whose code `code` is, within ±TOTP_WINDOW of now; null when it is none. */
export function matchTotp(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : totpStep(now) + delta;
}

/** The QR code an authenticator app scans, as an inline SVG (drawn here, on the server), named by `issuer`. */
export async function totpQrSvg(secret: string, email: string, issuer: string): Promise<{ svg: string; uri: string }> {
  const uri = totp(secret, email, issuer).toString();
  const svg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { svg, uri };
}

/**
 * Who must use two-step sign-in (issue 52, item 5; ADR 0052): everyone, by
 * default — 고시 제6조② asks it of every operator who connects from outside.
 * Administrators may make it theirs only ("admins") where no operator
 * connects from outside: while ADMIN_ALLOW_NETWORKS limits the console to
 * the business's networks (`insideOnly`). Without that list the exception
 * is not honoured, whatever was saved.
 */
export async function twoStepPolicy(db: Kysely<Database>, insideOnly = false): Promise<TwoStepPolicy> {
  if (!insideOnly) return "everyone";
  const row = await db.selectFrom("admin_settings").select("value").where("name", "=", POLICY_SETTING).executeTakeFirst();
  return row?.value === "admins" ? "admins" : "everyone";
}

export function twoStepRequired(policy: TwoStepPolicy, role: OperatorRole): boolean {
  return role === "admin" || policy === "everyone";
}

export async function setTwoStepPolicy(db: Kysely<Database>, policy: TwoStepPolicy, now: Date): Promise<void> {
  await db
    .insertInto("admin_settings")
    .values({ name: POLICY_SETTING, value: policy, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column("name").doUpdateSet({ value: policy, updated_at: now.toISOString() }))
    .execute();
}

/**
 * The secret being set up (made on first call, then the same until confirmed, so a reload keeps
 * the scanned QR code valid). Stored sealed under APP_SECRET (app/lib/sealed.server.ts), as the
 * confirmed one is: one that no longer opens (APP_SECRET changed without a rotation) is replaced.
 */
export async function pendingSecret(db: Kysely<Database>, operatorId: number, appSecret: string): Promise<string> {
  const read = async () =>
    (await db.selectFrom("admin_operators").select("totp_pending_secret").where("id", "=", operatorId).executeTakeFirstOrThrow())
      .totp_pending_secret;
  const stored = await read();
  const open = stored ? unseal(appSecret, "totp", stored) : null;
  if (open) return open;
  await db
    .updateTable("admin_operators")
    .set({ totp_pending_secret: seal(appSecret, "totp", newTotpSecret()) })
    .where("id", "=", operatorId)
    .where((eb) => (stored ? eb("totp_pending_secret", "=", stored) : eb("totp_pending_secret", "is", null)))
    .execute();
  return unseal(appSecret, "totp", (await read())!)!;
}

/** Formats as `xxxx-xxxx-xxxx-xxxx` (80 random bits, lower-case base32 without look-alikes). */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
  return chars.match(/.{4}/g)!.join("-");
}

export function normaliseCode(value: string): string {
  return value.toLowerCase().replace(/[\s-]+/g, "");
}

/** Replaces an operator's recovery codes with ten new ones; answers them (shown once, stored as SHA-256). */
export async function newRecoveryCodes(db: Kysely<Database>, operatorId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.deleteFrom("admin_recovery_codes").where("operator_id", "=", operatorId).execute();
  await db
    .insertInto("admin_recovery_codes")
    .values(
      codes.map((code) => ({
        operator_id: operatorId,
        code_hash: sha256(normaliseCode(code)),
        used_at: null,
        created_at: now.toISOString(),
      })),
    )
    .execute();
  return codes;
}

export async function unusedRecoveryCodes(db: Kysely<Database>, operatorId: number): Promise<number> {
  const row = await db
    .selectFrom("admin_recovery_codes")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("operator_id", "=", operatorId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Accepts a time-step for an operator once: only a step later than the last
 * accepted one is, in one conditional UPDATE (concurrent uses of the same
 * code: one wins).
 */
async function claimStep(db: Kysely<Database>, operatorId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable("admin_operators")
    .set({ totp_last_step: step })
    .where("id", "=", operatorId)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The second step of a sign-in: an authenticator code (once per step) or an
 * unused recovery code (then spent). Answers which one worked, or null;
 * "key" when the authenticator secret is sealed with another APP_SECRET.
 */
export async function checkSecondStep(
  db: Kysely<Database>,
  operatorId: number,
  input: string,
  now: Date,
  appSecret: string,
): Promise<"totp" | "recovery" | "key" | null> {
  const code = normaliseCode(input).slice(0, 64);
  const row = await db.selectFrom("admin_operators").select(["totp_secret"]).where("id", "=", operatorId).executeTakeFirst();
  if (!row?.totp_secret) return null;
  if (/^\d{6}$/.test(code)) {
    // Sealed under APP_SECRET: the database alone gives no code (ADR 0022).
    const secret = unseal(appSecret, "totp", row.totp_secret);
    // Sealed, but not with this APP_SECRET: no code can be checked until `npm run secrets:rotate` (issue 47, item 7).
    if (secret === null && isSealed(row.totp_secret)) return "key";
    const step = secret ? matchTotp(secret, code, now) : null;
    return step !== null && (await claimStep(db, operatorId, step)) ? "totp" : null;
  }
  if (code.length !== 16) return null;
  const spent = await db
    .updateTable("admin_recovery_codes")
    .set({ used_at: now.toISOString() })
    .where("operator_id", "=", operatorId)
    .where("code_hash", "=", sha256(code))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1 ? "recovery" : null;
}

/**
 * Confirms the set-up: the code must come from the pending secret; then that
 * secret is the operator's, its step is used, and ten recovery codes are
 * made. Answers the codes (to show once), or null for a wrong code.
 */
export async function confirmSetup(
  db: Kysely<Database>,
  operatorId: number,
  input: string,
  now: Date,
  appSecret: string,
): Promise<string[] | null> {
  const row = await db.selectFrom("admin_operators").select("totp_pending_secret").where("id", "=", operatorId).executeTakeFirst();
  // The sealed value moves as it is from pending to confirmed (both are sealed for "totp").
  const secret = row?.totp_pending_secret;
  const open = secret ? unseal(appSecret, "totp", secret) : null;
  if (!secret || !open) return null;
  const step = matchTotp(open, normaliseCode(input), now);
  if (step === null) return null;
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable("admin_operators")
      .set({ totp_secret: secret, totp_pending_secret: null, totp_enabled_at: now.toISOString(), totp_last_step: step })
      .where("id", "=", operatorId)
      .where("totp_pending_secret", "=", secret)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return null;
    return newRecoveryCodes(trx, operatorId, now);
  });
}

/**
 * Who passed the password step, with which password (a stamp of its hash: a
 * password reset or change in the meantime voids the step), where to go
 * after, until when (in the signed `admin_second_step` cookie).
 */
interface SecondStep {
  id: number;
  pw: string;
  next: string;
  until: number;
}

/** A short fingerprint of a password hash (not the hash), for the second-step cookie. */
export function passwordStamp(passwordHash: string): string {
  return sha256(`second-step:${passwordHash}`).slice(0, 16);
}

export async function secondStepHeader(
  secret: string,
  secure: boolean,
  pending: { operatorId: number; passwordStamp: string; next: string },
  now: Date,
): Promise<string> {
  const value: SecondStep = {
    id: pending.operatorId,
    pw: pending.passwordStamp,
    next: pending.next,
    until: now.getTime() + SECOND_STEP_MS,
  };
  return setCookie(secondStepCookie(secret), value, secure);
}

export async function readSecondStep(
  secret: string,
  request: Request,
  now: Date,
): Promise<{ id: number; passwordStamp: string; next: string } | null> {
  const value = (await secondStepCookie(secret).parse(request.headers.get("cookie"))) as Partial<SecondStep> | null;
  if (!value || typeof value !== "object" || !Number.isInteger(value.id) || typeof value.next !== "string" || typeof value.pw !== "string")
    return null;
  if (typeof value.until !== "number" || value.until <= now.getTime()) return null;
  return { id: value.id!, passwordStamp: value.pw, next: value.next };
}

export function clearSecondStepHeader(secret: string, secure: boolean): Promise<string> {
  return clearCookie(secondStepCookie(secret), secure);
}
