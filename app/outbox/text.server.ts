import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { seal, unseal } from "#app/lib/sealed.server.ts";
import { insertDelivery } from "#app/outbox/queue.server.ts";
import { allowedAt } from "#app/outbox/quiet.ts";

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
/** A Korean mobile number as the carriers number it (010, 011, 016–019). */
export const KOREAN_MOBILE_DIGITS = /^01[016789]\d{7,8}$/;
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

let sealingSecret: string | null = null;

/**
 * The APP_SECRET the numbers are sealed under: set once per process by the
 * composition (server/outbox.ts `createSending`), before any text is queued.
 */
export function setTextSecret(secret: string): void {
  sealingSecret = secret;
}

function secret(): string {
  const s = sealingSecret ?? process.env.APP_SECRET;
  if (!s) throw new Error("queueText: no APP_SECRET to seal the number with (server/outbox.ts createSending sets it)");
  return s;
}

let wakeWorker: (() => void) | null = null;
/** The outbox's wake, so a queued text (a code) goes at once (text/channel.server.ts sets it when it registers the channel). */
export function onTextQueued(wake: (() => void) | null): void {
  wakeWorker = wake;
}

/** Whether this process has the text channel (SOLAPI configured): callers queue texts only then. */
export function textChannelOn(): boolean {
  return wakeWorker !== null;
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
  if (!KOREAN_MOBILE_DIGITS.test(to)) throw new Error("queueText: not a Korean mobile number");
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
  if (wakeWorker) setImmediate(wakeWorker);
  return id;
}
