import type { Kysely, Transaction } from "kysely";
import type { Database, RequestStage } from "#db/schema.ts";
import { CONSULTATION_QUESTIONS } from "#app/requests/kinds.ts";
import { contactAllowedFor, doNotContactSince, forbidContact, isDoNotContact } from "#app/requests/do-not-contact.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";
import { moveWithin, type Mover } from "#app/features/pipeline/pipeline.server.ts";
import { canMove, isDecided } from "#app/features/pipeline/stages.ts";
import { scheduleVisitorNews } from "#app/features/visitor-news/visitor-push.server.ts";
import { queueText, textChannelOn } from "#app/outbox/text.server.ts";
import { KOREAN_MOBILE } from "#app/requests/phone.ts";
import { quietWindow } from "#app/outbox/quiet.ts";
import { businessIdentityOrLast } from "#app/business/identity.server.ts";
import { isLocale, DEFAULT_LOCALE } from "#app/i18n/locales.ts";
import { MAX_UNANSWERED, nextAttemptAt } from "#app/features/pipeline/cadence.ts";
import { isCallingTime, type BusinessCalendar } from "#app/business/calendar.ts";
import { readCalendar } from "#app/business/calendar.server.ts";
import { fromSeoulLocal, UNANSWERED, type CallInput, type CallOutcome } from "#app/features/pipeline/calls.ts";

/**
 * Logging a call on a consultation (issue 26, item 2; ADR 0028): the attempt,
 * the first-contact time, the next call by the cadence inside the calling
 * hours of an open day of the business calendar (or when the visitor
 * asked), the lead's stage (new → contacting on
 * the first attempt; closed as unreachable after the last unanswered one
 * unless an agent keeps it open; closed as a wrong number), a phone number's
 * "do not contact" — all in one transaction, with its audit entry.
 */
type Db = Kysely<Database>;

/** A consultation's phone number as the visitor answered it; null when it has none (the status page masks it). */
export async function consultationPhoneAnswer(db: Db | Transaction<Database>, id: number): Promise<string | null> {
  const row = await db
    .selectFrom("consultation_answer_items")
    .select("answer_content")
    .where("answer_id", "=", id)
    .where("question_seq", "=", CONSULTATION_QUESTIONS.phone)
    .executeTakeFirst();
  return row?.answer_content ?? null;
}

/** A consultation's phone number (digits, as the visitor's answer holds it). */
export async function consultationPhone(db: Db | Transaction<Database>, id: number): Promise<string> {
  return ((await consultationPhoneAnswer(db, id)) ?? "").replace(/\D+/g, "");
}

/** The pipeline's readers ask it here; the list itself is the requests kit's (the rights page writes it too). */
export { isDoNotContact };

export type LogCallResult = { ok: true; next: string | null; closed: boolean } | { ok: false; error: "missing" | "callbackPast" };

/** Who logs it: the signed-in agent. */
type Caller = NonNullable<Mover>;

export async function logCall(
  db: Db,
  who: Caller,
  id: number,
  call: CallInput,
  now: Date,
  calendar?: BusinessCalendar,
): Promise<LogCallResult> {
  const callbackAt = call.outcome === "callback" ? fromSeoulLocal(call.callbackAt) : null;
  if (callbackAt && callbackAt.getTime() <= now.getTime()) return { ok: false, error: "callbackPast" };
  const open = calendar ?? (await readCalendar(db));
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("consultation_answers")
      .select(["status", "first_contact_at", "unanswered_calls", "keep_open"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return { ok: false, error: "missing" } as const;
    const at = now.toISOString();
    const phone = await consultationPhone(trx, id);
    if (call.outcome === "do_not_contact") await forbidCalls(trx, who, phone, id, now);
    const forbidden = await isDoNotContact(trx, phone, { kind: "consultation", id });

    await trx
      .insertInto("call_attempts")
      .values({
        request_kind: "consultation",
        request_id: id,
        operator_id: who.operator.id,
        outcome: call.outcome,
        note: call.note,
        callback_at: callbackAt?.toISOString() ?? null,
        at,
      })
      .execute();

    const unanswered = Number(row.unanswered_calls) + (UNANSWERED.includes(call.outcome) ? 1 : 0);
    const keepOpen = call.keepOpen === "1" || Number(row.keep_open) === 1;
    const exhausted = UNANSWERED.includes(call.outcome) && unanswered >= MAX_UNANSWERED && !keepOpen;
    const next = forbidden ? null : nextCall(call.outcome, unanswered, exhausted, now, callbackAt, open);
    await trx
      .updateTable("consultation_answers")
      .set({
        first_contact_at: row.first_contact_at ?? at,
        unanswered_calls: unanswered,
        keep_open: keepOpen ? 1 : 0,
        next_call_at: next?.toISOString() ?? null,
        next_call_asked: callbackAt && next ? 1 : 0,
        updated_at: at,
      })
      .where("id", "=", id)
      .execute();
    await audit(trx, who, "call", { kind: "consultation", id }, `outcome=${call.outcome}`, now);

    // The lead's stage follows: being worked from the first attempt on…
    let stage = row.status as RequestStage;
    if (stage === "new") {
      await moveWithin(trx, who, "consultation", id, "new", { to: "contacting" }, now);
      stage = "contacting";
    }
    // …closed when the number is wrong, or when the cadence has run out (by the system, not the agent).
    const close = call.outcome === "wrong_number" ? "wrong_number" : exhausted ? "unreachable" : null;
    if (close && canMove("consultation", stage, "closed")) {
      await moveWithin(trx, close === "unreachable" ? null : who, "consultation", id, stage, { to: "closed", reason: close }, now);
    }
    // The visitor's phone hears of a missed call and the next try, or of the call-back set (issue 38); a close says so itself.
    if (!close && next && UNANSWERED.includes(call.outcome))
      await scheduleVisitorNews(trx, { kind: "consultation", id }, "missed", { at: next.toISOString(), now });
    if (call.outcome === "callback" && next)
      await scheduleVisitorNews(trx, { kind: "consultation", id }, "callback", { at: next.toISOString(), now });
    return { ok: true, next: next ? formatSeoul(next) : null, closed: Boolean(close && canMove("consultation", stage, "closed")) } as const;
  });
}

/**
 * The agent taps to dial a lead in My calls (issue 38): the visitor's phone is
 * told that we are about to call, and from which number — by push to the
 * phones that subscribed, and by 알림톡 or text to the number given when the
 * text channel is on (issue 49; one per 30 minutes, never in the quiet night:
 * held until 08:00, "about to call" would not be true). Nothing for a lead
 * decided or closed, or a number that may not be called. Answers whether news was queued.
 */
export async function announceCall(db: Db, id: number, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("consultation_answers").select(["status", "lang"]).where("id", "=", id).executeTakeFirst();
    if (!row || isDecided(row.status as RequestStage)) return false;
    const phone = await consultationPhone(trx, id);
    if (await isDoNotContact(trx, phone, { kind: "consultation", id })) return false;
    const pushed = (await scheduleVisitorNews(trx, { kind: "consultation", id }, "calling", { now })) > 0;
    if (!textChannelOn() || !KOREAN_MOBILE.test(phone) || quietWindow(now)) return pushed;
    const { phone: from } = await businessIdentityOrLast(trx);
    const locale = isLocale(row.lang) ? row.lang : DEFAULT_LOCALE;
    await queueText(trx, { kind: "call_notice", to: phone, locale, params: { phone: from }, request: { kind: "consultation", id } }, now);
    return true;
  });
}

/**
 * The lead's own agent opens it from My calls (issue 38): within the calling
 * hours that is the moment before a call, and the visitor's phone hears it as
 * on the dial tap (opening and then dialling, or opening again, is one
 * notification: see scheduleVisitorNews). Outside the hours "in the next few
 * minutes" would not be true, and another operator's look is not a call.
 */
export async function announceOnOpen(db: Db, operatorId: number, id: number, now = new Date()): Promise<boolean> {
  const lead = await db.selectFrom("consultation_answers").select("assigned_operator_id").where("id", "=", id).executeTakeFirst();
  if (!lead || Number(lead.assigned_operator_id) !== operatorId) return false;
  if (!isCallingTime(await readCalendar(db), now)) return false;
  return announceCall(db, id, now);
}

/** When to call next after this outcome: by the cadence, when asked, or not at all (someone was reached). */
function nextCall(
  outcome: CallOutcome,
  unanswered: number,
  exhausted: boolean,
  now: Date,
  callbackAt: Date | null,
  calendar: BusinessCalendar,
): Date | null {
  if (outcome === "callback") return callbackAt;
  if (!UNANSWERED.includes(outcome) || exhausted) return null;
  return nextAttemptAt(unanswered, now, calendar);
}

/** Records that `phone` may not be called, and stops every schedule of every consultation from it. */
async function forbidCalls(trx: Transaction<Database>, who: Caller, phone: string, id: number, now: Date): Promise<void> {
  if (!phone) return;
  await forbidContact(trx, phone, who.operator.id, now);
  await audit(trx, who, "call", { kind: "consultation", id }, "do_not_contact", now);
}

export interface CallEntry {
  id: number;
  at: string;
  operator: string | null;
  outcome: CallOutcome;
  note: string;
  callbackAt: string | null;
}

/** What the detail page shows of a consultation's calls. */
export interface CallState {
  attempts: CallEntry[];
  nextCall: string | null;
  nextCallAsked: boolean;
  overdue: boolean;
  firstContact: string | null;
  unanswered: number;
  keepOpen: boolean;
  doNotContact: boolean;
  /** When the number was put on the list (Seoul time) and whether the person asked on the rights page; null while it may be called. */
  doNotContactSince: { at: string; byPerson: boolean } | null;
}

/** A consultation's call attempts (`c`), newest first; the caller selects what it may read. */
export function attemptsOf(db: Db, id: number) {
  return db
    .selectFrom("call_attempts as c")
    .where("c.request_kind", "=", "consultation")
    .where("c.request_id", "=", id)
    .orderBy("c.at", "desc")
    .orderBy("c.id", "desc");
}

export async function callState(db: Db, id: number, now = new Date()): Promise<CallState | null> {
  const row = await db
    .selectFrom("consultation_answers")
    .select(["first_contact_at", "next_call_at", "next_call_asked", "unanswered_calls", "keep_open"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const attempts = await attemptsOf(db, id)
    .leftJoin("admin_operators as o", "o.id", "c.operator_id")
    .select(["c.id", "c.at", "o.email", "c.outcome", "c.note", "c.callback_at"])
    .limit(50)
    .execute();
  return {
    attempts: attempts.map((a) => ({
      id: a.id,
      at: formatSeoul(a.at),
      operator: a.email ?? null,
      outcome: a.outcome,
      note: a.note,
      callbackAt: a.callback_at ? formatSeoul(a.callback_at) : null,
    })),
    nextCall: row.next_call_at ? formatSeoul(row.next_call_at) : null,
    nextCallAsked: Number(row.next_call_asked) === 1,
    overdue: row.next_call_at !== null && row.next_call_at < now.toISOString(),
    firstContact: row.first_contact_at ? formatSeoul(row.first_contact_at) : null,
    unanswered: Number(row.unanswered_calls),
    keepOpen: Number(row.keep_open) === 1,
    ...(await doNotContactOf(db, await consultationPhone(db, id), id)),
  };
}

async function doNotContactOf(db: Db, phone: string, id: number) {
  const since = (await contactAllowedFor(db, { kind: "consultation", id })) ? null : await doNotContactSince(db, phone);
  return { doNotContact: since !== null, doNotContactSince: since ? { at: formatSeoul(since.at), byPerson: since.byPerson } : null };
}

/** Used by tests and My calls: the raw schedule of a consultation. */
export async function schedule(db: Db, id: number) {
  return db
    .selectFrom("consultation_answers")
    .select(["status", "first_contact_at", "next_call_at", "next_call_asked", "unanswered_calls", "keep_open", "closed_reason"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}
