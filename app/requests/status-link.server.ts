import { createHash, createHmac, randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database, RequestStage } from "#db/schema.ts";
import { linkExpiry } from "#app/requests/retention.ts";
import { STATUS_PATH_PREFIX, type StatusKind } from "#app/requests/kinds.ts";

/**
 * The private status link of a request (issue 28, ADR 0033). Its token is
 * 256 bits: an HMAC-SHA256, under the app's secret, of the request and 128
 * random bits (`salt`) drawn when the link was first issued. The database
 * keeps the salt and the token's SHA-256, never the token: a copy of the
 * database alone opens no status page, and a retried submission (the same
 * client-made id finds the same request) is given the same link again.
 */
type Db = Kysely<Database> | Transaction<Database>;

/** A token is 43 base64url characters (32 bytes). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function tokenOf(secret: string, kind: StatusKind, id: number, salt: string): string {
  return createHmac("sha256", secret).update(`status-link\n${kind}\n${id}\n${salt}`).digest("base64url");
}

/**
 * The status link's token of a request, issued once: the first call stores
 * its hash and salt, every later call for the same request makes the same
 * token again (also when two calls race: the unique request decides).
 */
export async function issueStatusToken(
  trx: Db,
  secret: string,
  request: { kind: StatusKind; id: number; lang: string; now: Date },
): Promise<string> {
  const existing = () =>
    trx
      .selectFrom("request_status_links")
      .select("salt")
      .where("request_kind", "=", request.kind)
      .where("request_id", "=", request.id)
      .executeTakeFirst();
  const found = await existing();
  if (found) return tokenOf(secret, request.kind, request.id, found.salt);
  const salt = randomBytes(16).toString("hex");
  const token = tokenOf(secret, request.kind, request.id, salt);
  const inserted = await trx
    .insertInto("request_status_links")
    .values({
      request_kind: request.kind,
      request_id: request.id,
      token_hash: hashToken(token),
      salt,
      lang: request.lang,
      created_at: request.now.toISOString(),
      expires_at: linkExpiry(request.kind, request.now),
    })
    .onConflict((oc) => oc.columns(["request_kind", "request_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return token;
  const winner = await existing();
  if (!winner) throw new Error("status link vanished");
  return tokenOf(secret, request.kind, request.id, winner.salt);
}

/** The token of a link already issued, made again from its salt (a visitor's notification links to its status page, issue 38). */
export function linkToken(secret: string, link: { request_kind: StatusKind; request_id: number; salt: string }): string {
  return tokenOf(secret, link.request_kind, link.request_id, link.salt);
}

/** A token that looks like one, for answers to bots (it opens nothing). */
export function decoyToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The status page's path (with the request's language) and its absolute URL. */
export function statusPath(token: string, lang: string): string {
  return `${STATUS_PATH_PREFIX}${token}?lang=${lang}`;
}

export function statusUrl(origin: string, token: string, lang: string): string {
  return `${origin}${statusPath(token, lang)}`;
}

export interface StatusLink {
  id: number;
  request_kind: StatusKind;
  request_id: number;
  lang: string;
  created_at: string;
  callback_at: string | null;
  withdrawn_at: string | null;
  erased: string | null;
}

const LINK_COLUMNS = [
  "l.id",
  "l.request_kind",
  "l.request_id",
  "l.lang",
  "l.created_at",
  "l.callback_at",
  "l.withdrawn_at",
  "l.erased",
] as const;

/** The live link row of a token: by the token's hash (a malformed token hashes to one that matches nothing). */
function liveLink(db: Db, token: string, now: Date) {
  const hash = hashToken(TOKEN_PATTERN.test(token) ? token : `invalid:${token.slice(0, 64)}`);
  return db.selectFrom("request_status_links as l").where("l.token_hash", "=", hash).where("l.expires_at", ">", now.toISOString());
}

/**
 * The link of a token, if it is live: one indexed query whatever the token
 * (malformed, unknown, expired or real), so the answer's time does not tell
 * them apart; only a live link comes back.
 */
export async function findStatusLink(db: Db, token: string, now = new Date()): Promise<StatusLink | null> {
  const row = await liveLink(db, token, now).select(LINK_COLUMNS).executeTakeFirst();
  return row ? { ...row, request_kind: row.request_kind as StatusKind } : null;
}

/**
 * The link of a token with its consultation's stage (null for another kind, or
 * a consultation that is gone), for the visitor's actions: still the one
 * indexed query, so a real link of a closed request is refused in the time an
 * unknown one is (tests/integration/request-status-timing.test.ts).
 */
export async function findStatusLinkWithStage(
  db: Db,
  token: string,
  now = new Date(),
): Promise<(StatusLink & { stage: RequestStage | null }) | null> {
  const row = await liveLink(db, token, now)
    .leftJoin("consultation_answers as a", (join) => join.onRef("a.id", "=", "l.request_id").on("l.request_kind", "=", "consultation"))
    .select([...LINK_COLUMNS, "a.status as stage"])
    .executeTakeFirst();
  return row ? { ...row, request_kind: row.request_kind as StatusKind, stage: row.stage ?? null } : null;
}
