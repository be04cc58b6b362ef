import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

/**
 * One-time codes that prove a phone number (issue 49 item 4, issue 48 item 5;
 * ADR 0049). Six digits from the system's CSPRNG, valid five minutes, five
 * wrong answers and the code is spent; a code serves the one purpose it was
 * sent for. The database keeps no number, no address and no code: the number
 * and the address as HMACs under the app's secret (so the limits can count
 * them), the code as an HMAC bound to its purpose and number.
 *
 * Whether the number is known changes one thing only: whether the text is
 * queued. The row, the limits, the tries and the answer are the same, so the
 * page cannot tell anyone whose number it is.
 */
export const CODE_PURPOSES = ["find", "refuse", "lift", "erase"] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 5 * 60_000;
/** Wrong answers a code takes; the next is refused with 429. */
export const CODE_TRIES = 5;
/** Codes one number may be sent, whatever the purpose, in `NUMBER_WINDOW_MS`. */
export const CODES_PER_NUMBER = 3;
export const NUMBER_WINDOW_MS = 15 * 60_000;
/** Codes asked from one address, whatever the number, in `ADDRESS_WINDOW_MS`. */
export const CODES_PER_ADDRESS = 10;
export const ADDRESS_WINDOW_MS = 60 * 60_000;

export const CODE_PATTERN = /^\d{6}$/;

function key(secret: string, what: string, value: string): string {
  return createHmac("sha256", secret).update(`phone-proof:${what}\n${value}`).digest("hex");
}

function codeHash(secret: string, purpose: CodePurpose, phoneKey: string, code: string): string {
  return key(secret, "code", `${purpose}\n${phoneKey}\n${code}`);
}

/** Six digits, each equally likely. */
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
}

/** Seconds until a window that holds `oldest` lets one more through (at least 1). */
function secondsUntil(oldest: string, windowMs: number, now: Date): number {
  return Math.max(1, Math.ceil((Date.parse(oldest) + windowMs - now.getTime()) / 1000));
}

/** A spent code's refusal lasts until it would have expired; then a new one may be asked for. */
function lockedFor(expiresAt: string, now: Date): number {
  return Math.max(1, Math.ceil((Date.parse(expiresAt) - now.getTime()) / 1000));
}

export type SendOutcome = { ok: true } | { ok: false; retryAfter: number };

export interface CodeRequest {
  purpose: CodePurpose;
  /** A Korean mobile, digits (app/requests/phone.ts). */
  phone: string;
  /** The client's address (kept only as an HMAC). */
  ip: string;
  /** Whether a text goes out: the number is one the purpose applies to. */
  send: boolean;
  /** Codes this address may ask for in `ADDRESS_WINDOW_MS` (the server's CODES_PER_ADDRESS); default `CODES_PER_ADDRESS`. */
  perAddress?: number;
}

/**
 * Makes a code for `phone` and, when `request.send`, hands it to `deliver`
 * (the outbox's text channel) in the same transaction; over a limit (per
 * number, per address) nothing is made and the answer says how long to wait.
 */
export async function requestCode(
  db: Kysely<Database>,
  secret: string,
  request: CodeRequest,
  deliver: (db: Kysely<Database>, code: string, now: Date) => Promise<unknown>,
  now = new Date(),
): Promise<SendOutcome> {
  const phoneKey = key(secret, "phone", request.phone);
  const ipKey = key(secret, "ip", request.ip);
  const code = newCode();
  const perAddress = request.perAddress ?? CODES_PER_ADDRESS;
  return db.transaction().execute(async (trx) => {
    const waits: number[] = [];
    const byNumber = await trx
      .selectFrom("phone_codes")
      .select("created_at")
      .where("phone_key", "=", phoneKey)
      .where("created_at", ">", new Date(now.getTime() - NUMBER_WINDOW_MS).toISOString())
      .orderBy("created_at", "desc")
      .limit(CODES_PER_NUMBER)
      .execute();
    if (byNumber.length >= CODES_PER_NUMBER) waits.push(secondsUntil(byNumber.at(-1)!.created_at, NUMBER_WINDOW_MS, now));
    const byAddress = await trx
      .selectFrom("phone_codes")
      .select("created_at")
      .where("ip_key", "=", ipKey)
      .where("created_at", ">", new Date(now.getTime() - ADDRESS_WINDOW_MS).toISOString())
      .orderBy("created_at", "desc")
      .limit(perAddress)
      .execute();
    if (byAddress.length >= perAddress) waits.push(secondsUntil(byAddress.at(-1)!.created_at, ADDRESS_WINDOW_MS, now));
    if (waits.length > 0) return { ok: false, retryAfter: Math.max(...waits) };
    await trx
      .insertInto("phone_codes")
      .values({
        purpose: request.purpose,
        phone_key: phoneKey,
        ip_key: ipKey,
        code_hash: codeHash(secret, request.purpose, phoneKey, code),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
      })
      .execute();
    if (request.send) await deliver(trx, code, now);
    return { ok: true };
  });
}

export type CheckOutcome =
  | { ok: true }
  /** Wrong, or no live code (expired, spent, never sent): `left` wrong answers remain (0: ask for a new code). */
  | { ok: false; reason: "wrong"; left: number }
  /** The code took its five wrong answers: refused (429) until it would have expired. */
  | { ok: false; reason: "locked"; retryAfter: number };

/**
 * Checks `code` against the number's newest live code of `purpose`; a right
 * answer spends it (once, also when two answers race), a wrong one counts.
 */
export async function checkCode(
  db: Kysely<Database>,
  secret: string,
  answer: { purpose: CodePurpose; phone: string; code: string },
  now = new Date(),
): Promise<CheckOutcome> {
  const phoneKey = key(secret, "phone", answer.phone);
  const at = now.toISOString();
  const live = await db
    .selectFrom("phone_codes")
    .select(["id", "code_hash", "tries", "expires_at"])
    .where("phone_key", "=", phoneKey)
    .where("purpose", "=", answer.purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", at)
    .orderBy("id", "desc")
    .executeTakeFirst();
  const given = codeHash(secret, answer.purpose, phoneKey, CODE_PATTERN.test(answer.code) ? answer.code : "invalid");
  if (!live) {
    // The same work as a real comparison, so a missing code answers in the time a wrong one does.
    timingSafeEqual(Buffer.from(given), Buffer.from(given));
    return { ok: false, reason: "wrong", left: 0 };
  }
  if (Number(live.tries) >= CODE_TRIES) return { ok: false, reason: "locked", retryAfter: lockedFor(live.expires_at, now) };
  if (timingSafeEqual(Buffer.from(given), Buffer.from(live.code_hash))) {
    const spent = await db
      .updateTable("phone_codes")
      .set({ used_at: at })
      .where("id", "=", live.id)
      .where("used_at", "is", null)
      .where("tries", "<", CODE_TRIES)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) === 1) return { ok: true };
    return { ok: false, reason: "wrong", left: 0 };
  }
  const counted = await db
    .updateTable("phone_codes")
    .set((eb) => ({ tries: eb("tries", "+", 1) }))
    .where("id", "=", live.id)
    .where("tries", "<", CODE_TRIES)
    .returning("tries")
    .executeTakeFirst();
  if (!counted) return { ok: false, reason: "locked", retryAfter: lockedFor(live.expires_at, now) };
  return { ok: false, reason: "wrong", left: CODE_TRIES - Number(counted.tries) };
}

/** Codes past their time, deleted by retention's daily run (a day after they expired). */
export async function deleteOldCodes(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("phone_codes")
    .where("expires_at", "<", new Date(now.getTime() - 24 * 60 * 60_000).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
