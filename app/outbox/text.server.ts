import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { seal, unseal } from "#app/lib/sealed.server.ts";
import { insertDelivery } from "#app/outbox/queue.server.ts";
import { allowedAt } from "#app/outbox/quiet.ts";
import { KOREAN_MOBILE } from "#app/requests/phone.ts";

/**
 * Text messages to a visitor's Korean mobile number (issue 49, ADR 0048):
 * 알림톡 first, SMS/LMS when 알림톡 fails or is not set up (text-channel.server.ts
 * delivers them through a TextProvider). Transactional only: the private
 * status link after a request, "we are about to call you from {phone}", and
 * one-time codes. No name, amount or visa in any text.
 *
 * This is the API the features call:
 *   queueText(db, { kind, to, locale, params, request? }, now?) → delivery id
 * - The number is personal data: it is kept sealed under APP_SECRET in the
 *   row's payload (with the parameters: a status link is a credential) and
 *   wiped when the row is delivered or given up; the row's recipient and every
 *   log line show it masked (010-****-5678).
 * - Quiet nights (21:00–08:00 Korea time): all but codes are held until 08:00.
 * - One per kind per request per window (DEDUPE_WINDOW_MS; the status link
 *   once per request), on every instance: the row's dedupe key is unique, and
 *   a second queueText answers the first row's id.
 * - Codes are due at once and never held or merged.
 */
export type TextKind = "status_link" | "call_notice" | "code";
export const TEXT_KINDS: readonly TextKind[] = ["status_link", "call_notice", "code"];

export interface TextMessage {
  kind: TextKind;
  /** Korean mobile digits, e.g. 01012345678. */
  to: string;
  locale: Locale;
  /** The template's parameters: `link` (status_link), `phone` (call_notice), `code` (code). */
  params: Record<string, string>;
  /** The request the text is about, when there is one (erasure and retention follow it). */
  request?: { kind: string; id: number };
}

export const TEXT_CHANNEL = "text";
/** One text per kind per request in this window; the status link once per request. */
export const DEDUPE_WINDOW_MS: Record<Exclude<TextKind, "code">, number | null> = {
  status_link: null,
  call_notice: 30 * 60_000,
};

/** 010-****-5678: what a row and a log line may show of a number. */
export function maskPhone(digits: string): string {
  const d = digits.replace(/\D/g, "");
  if (d.length < 8) return "***";
  return `${d.slice(0, 3)}-****-${d.slice(-4)}`;
}

/**
 * The process-wide state of the text API, on `globalThis`: server/main.ts runs
 * the outbox from source while the routes run from the app's bundle, two
 * copies of this module that must see one state (the sealing secret, whether
 * the channel is on, the worker's wake).
 */
const state = ((globalThis as { [key: symbol]: unknown })[Symbol.for("loan-guide.outbox.text")] ??= {
  secret: null,
  wake: null,
}) as { secret: string | null; wake: (() => void) | null };

/**
 * The APP_SECRET the numbers are sealed under: set once per process by the
 * composition (server/outbox.ts `createSending`), before any text is queued.
 */
export function setTextSecret(secret: string): void {
  state.secret = secret;
}

function secret(): string {
  const s = state.secret ?? process.env.APP_SECRET;
  if (!s) throw new Error("queueText: no APP_SECRET to seal the number with (server/outbox.ts createSending sets it)");
  return s;
}

/** The outbox's wake, so a queued text (a code) goes at once (text/channel.server.ts sets it when it registers the channel). */
export function onTextQueued(wake: (() => void) | null): void {
  state.wake = wake;
}

/** Whether this process has the text channel (SOLAPI configured): callers queue texts only then. */
export function textChannelOn(): boolean {
  return state.wake !== null;
}

/** What a text row's payload holds, sealed. */
export interface TextPayload {
  to: string;
  params: Record<string, string>;
}

export function openTextPayload(sealed: string | null, appSecret = secret()): TextPayload | null {
  if (!sealed) return null;
  const clear = unseal(appSecret, "text", sealed);
  if (!clear) return null;
  try {
    return JSON.parse(clear) as TextPayload;
  } catch {
    return null;
  }
}

function dedupeKey(message: TextMessage, now: Date): string | null {
  if (message.kind === "code" || !message.request) return null;
  const window = DEDUPE_WINDOW_MS[message.kind];
  const base = `text:${message.kind}:${message.request.kind}:${message.request.id}`;
  return window === null ? base : `${base}:${Math.floor(now.getTime() / window)}`;
}

/**
 * Queues a text (inside the caller's transaction when given one); answers the
 * delivery's id (the id of the one already queued when the dedupe key matches).
 * Throws on a number that is not a Korean mobile (validate before).
 */
export async function queueText(db: Kysely<Database> | Transaction<Database>, message: TextMessage, now = new Date()): Promise<number> {
  const to = message.to.replace(/\D/g, "");
  if (!KOREAN_MOBILE.test(to)) throw new Error("queueText: not a Korean mobile number");
  if (!TEXT_KINDS.includes(message.kind)) throw new Error("queueText: unknown kind");
  const at = now.toISOString();
  const due = message.kind === "code" ? now : allowedAt(now);
  const payload = seal(secret(), "text", JSON.stringify({ to, params: message.params } satisfies TextPayload));
  const id = await insertDelivery(
    db,
    { channel: TEXT_CHANNEL, recipient: maskPhone(to) },
    { kind: message.request?.kind ?? "none", id: message.request?.id ?? 0, lang: message.locale, createdAt: at },
    { payload, news: message.kind, dedupe_key: dedupeKey(message, now), next_attempt_at: due.toISOString() },
    now,
  );
  const wake = state.wake;
  if (wake) setImmediate(wake);
  return id;
}

/** What the console shows of a text: its kind, when it was queued, and how far it got. */
export interface TextSeen {
  kind: TextKind;
  at: string;
  /** waiting (queued, held or retrying), sent (handed to the provider), delivered or failed (the report), cancelled. */
  state: "waiting" | "sent" | "delivered" | "failed" | "cancelled";
  to: string;
}

/** The texts of one request, oldest first (the request's console page, issue 49 item 5). */
export async function textsOfRequest(db: Kysely<Database>, request: { kind: string; id: number }): Promise<TextSeen[]> {
  const rows = await db
    .selectFrom("alert_deliveries")
    .select(["news", "created_at", "status", "report_status", "recipient"])
    .where("channel", "=", TEXT_CHANNEL)
    .where("request_kind", "=", request.kind)
    .where("request_id", "=", request.id)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    kind: r.news as TextKind,
    at: r.created_at,
    to: r.recipient,
    state:
      r.status === "pending"
        ? "waiting"
        : r.status === "delivered"
          ? r.report_status === "delivered"
            ? "delivered"
            : r.report_status === "failed"
              ? "failed"
              : "sent"
          : r.status === "failed"
            ? "failed"
            : "cancelled",
  }));
}
