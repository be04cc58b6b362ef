import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { isLocale, DEFAULT_LOCALE, LOCALES, type Locale } from "#app/i18n/locales.ts";
import type { Outbox } from "#app/outbox/outbox.server.ts";
import type { Delivery } from "#app/outbox/queue.server.ts";
import type { SendResult } from "#app/outbox/result.ts";
import { maskPhone, onTextQueued, openTextPayload, TEXT_CHANNEL, TEXT_KINDS, type TextKind } from "#app/outbox/text.server.ts";
import { smsType, unencodable } from "#app/outbox/text/ks-x-1001.ts";
import type { TextProvider } from "#app/outbox/text/provider.ts";
import { KOREAN_MOBILE } from "#app/requests/phone.ts";

/**
 * The text channel of the outbox (issue 49, ADR 0048): one row, one text.
 * 알림톡 first when the Kakao channel and a template for the row's kind and
 * language are set; SMS/LMS when 알림톡 is refused or not set up. A provider
 * that is away (5xx, timeout) is tried again on the outbox's schedule — no
 * fallback then, it would fail the same way. The texts are the site's
 * catalogs (`locales/<lang>/texts.json`): `<kind>.alimtalk` in the native
 * script, `<kind>.sms` in KS X 1001 (ks-x-1001.ts, checked in CI).
 * Every log line shows the number masked (the row's recipient).
 */
export interface TextSettings {
  /** The sender number, pre-registered with the provider (발신번호 사전등록). */
  from: string;
  /** The Kakao channel's id at the provider (SOLAPI pfId); null: SMS/LMS only. */
  kakaoChannelId: string | null;
  /** Kakao-approved template ids by kind and language (ALIMTALK_TEMPLATES). */
  templates: Partial<Record<TextKind, Partial<Record<Locale, string>>>>;
}

export type Translate = (locale: Locale, key: string, vars?: Record<string, string | number>) => string;

/** `status_link.en=KA01TP…,call_notice.vi=KA01TP…` → templates; anything else is refused by name. */
export function parseTemplates(value: string): TextSettings["templates"] {
  const out: TextSettings["templates"] = {};
  for (const part of value
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([a-z_]+)\.([a-z]{2})=(\S+)$/.exec(part);
    const kind = match?.[1] as TextKind | undefined;
    const locale = match?.[2];
    if (!match || !kind || !TEXT_KINDS.includes(kind) || !isLocale(locale))
      throw new Error(`"${part}" is not kind.lang=templateId (kinds ${TEXT_KINDS.join(", ")}; languages ${LOCALES.join(", ")})`);
    (out[kind] ??= {})[locale] = match[3]!;
  }
  return out;
}

/** The template's variables by their names in the Kakao template: `#{link}`. */
function variables(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [`#{${k}}`, v]));
}

export interface TextChannelOptions {
  provider: TextProvider;
  settings: TextSettings;
  secret: string;
  log: Logger;
  /** The site's translation (a plain Node process gets it from the bundle); else the catalog module under Vite. */
  texts?: Translate;
}

async function catalogTexts(): Promise<Translate> {
  return (await import("#app/i18n/catalog.server.ts")).serverT;
}

/** One text row: 알림톡, else SMS/LMS. */
export async function deliverText(row: Delivery, options: TextChannelOptions): Promise<SendResult> {
  const { provider, settings, log } = options;
  const payload = openTextPayload(row.payload, options.secret);
  if (!payload) return { ok: false, reason: "the number does not open (another APP_SECRET?)", gone: true };
  const kind = row.news as TextKind;
  if (!TEXT_KINDS.includes(kind)) return { ok: false, reason: `unknown text kind ${row.news}`, gone: true };
  const locale = isLocale(row.request_lang) ? row.request_lang : DEFAULT_LOCALE;
  const t = options.texts ?? (await catalogTexts());
  const templateId = settings.templates[kind]?.[locale];
  if (settings.kakaoChannelId && templateId) {
    const result = await provider.sendAlimtalk({
      to: payload.to,
      from: settings.from,
      channelId: settings.kakaoChannelId,
      templateId,
      text: t(locale, `texts.${kind}.alimtalk`, payload.params),
      variables: variables(payload.params),
    });
    if (result.ok) {
      log.info("text.sent", { delivery: row.id, to: row.recipient, kind, via: "ATA" });
      return { ok: true, ref: result.ref, costWon: result.costWon };
    }
    if (result.retry) return { ok: false, reason: result.reason };
    log.info("text.alimtalk_refused", { delivery: row.id, to: row.recipient, kind, reason: result.reason });
  }
  const text = t(locale, `texts.${kind}.sms`, payload.params);
  const type = smsType(text);
  const bad = unencodable(text);
  if (!type || bad.length)
    return { ok: false, reason: !type ? "SMS text longer than an LMS" : `SMS text not in KS X 1001: ${bad.join("")}`, final: true };
  const result = await provider.sendSms({ to: payload.to, from: settings.from, text, type });
  if (!result.ok) return { ok: false, reason: result.reason, final: !result.retry };
  log.info("text.sent", { delivery: row.id, to: row.recipient, kind, via: type });
  return { ok: true, ref: result.ref, costWon: result.costWon };
}

/** Texts handed over in the last three days still without a final report: asks the provider, records what it says. */
export async function pollTextReports(db: Kysely<Database>, provider: TextProvider, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - 3 * 86_400_000).toISOString();
  const rows = await db
    .selectFrom("alert_deliveries")
    .select(["id", "provider_ref"])
    .where("channel", "=", TEXT_CHANNEL)
    .where("status", "=", "delivered")
    .where("provider_ref", "is not", null)
    .where((eb) => eb.or([eb("report_status", "is", null), eb("report_status", "=", "pending")]))
    .where("created_at", ">=", since)
    .orderBy("id")
    .limit(100)
    .execute();
  if (!rows.length) return 0;
  const reports = await provider.reports(rows.map((r) => r.provider_ref!));
  let changed = 0;
  for (const report of reports) {
    if (report.status === "pending") continue;
    const result = await db
      .updateTable("alert_deliveries")
      .set({
        report_status: report.status,
        reported_at: report.at ?? now.toISOString(),
        ...(report.reason ? { last_error: report.reason } : {}),
      })
      .where("channel", "=", TEXT_CHANNEL)
      .where("provider_ref", "=", report.ref)
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  return changed;
}

/** How often the delivery reports are read (each instance; the updates are idempotent). */
export const REPORT_POLL_MS = 60_000;

/** Registers the text channel on the outbox, and reads the delivery reports every REPORT_POLL_MS. */
export function registerTexts(outbox: Outbox, options: TextChannelOptions & { reportPollMs?: number }): void {
  const timer = setInterval(() => {
    pollTextReports(outbox.db, options.provider).catch((error: unknown) =>
      options.log.warn("text.reports_failed", { reason: error instanceof Error ? error.message.slice(0, 200) : "error" }),
    );
  }, options.reportPollMs ?? REPORT_POLL_MS);
  timer.unref();
  onTextQueued(() => outbox.wake());
  outbox.register(
    TEXT_CHANNEL,
    (row) => deliverText(row, options),
    () => {
      clearInterval(timer);
      onTextQueued(null);
    },
  );
}

/**
 * The test text of `npm run alerts:test -- --text <number>` and the go-live check: to the operator's
 * own number, never a visitor's; Korean like the console's default language, and in KS X 1001.
 */
export const TEST_TEXT = "[K-Loan Guide] 문자 채널 시험 발송입니다. 회신하지 마세요.";

/** One test SMS now, straight through the provider (not queued): answers how it went, the number masked. */
export async function sendTestText(provider: TextProvider, settings: TextSettings, to: string): Promise<SendResult> {
  const digits = to.replace(/\D/g, "");
  if (!KOREAN_MOBILE.test(digits)) return { ok: false, reason: `${maskPhone(digits)} is not a Korean mobile number` };
  const result = await provider.sendSms({ to: digits, from: settings.from, text: TEST_TEXT, type: smsType(TEST_TEXT) ?? "LMS" });
  return result.ok ? { ok: true, ref: result.ref } : { ok: false, reason: result.reason };
}
