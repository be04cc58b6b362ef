import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { RequestStore } from "#app/requests/record.server.ts";
import { eraseRequests } from "#app/requests/erase.server.ts";
import { findStatusLinkWithStage, type StatusLink } from "#app/requests/status-link.server.ts";
import { isOfferedSlot } from "#app/business/calendar.ts";
import { readCalendar } from "#app/business/calendar.server.ts";
import { reclaim } from "#app/features/retention/retention.server.ts";
import { moveStage } from "#app/features/pipeline/pipeline.server.ts";
import { consultationPhone, isDoNotContact } from "#app/features/pipeline/calls.server.ts";
import { DECIDED_STAGES, isDecided } from "#app/features/pipeline/stages.ts";
import type { RequestStage } from "#db/schema.ts";
import { answerLenderConsent, withdrawLenderConsent } from "#app/features/pipeline/lender-consent.server.ts";
import { CONSENT_ANSWERS, type ConsentAnswer } from "#app/features/pipeline/lender-consent.ts";

/**
 * The visitor's two actions on the status page (issue 28), without a phone
 * call: choose another call-back time, or close the request and erase its
 * personal data. Each is refused on a request that is already decided or
 * closed, runs in one transaction, and is audited as the visitor's own act
 * (no operator; no personal data in the entry).
 */
export type ActionOutcome =
  | { ok: "rescheduled"; at: string }
  | { ok: "withdrawn" }
  | { ok: "consent"; answer: ConsentAnswer }
  | { ok: "consentWithdrawn"; id: number }
  | { error: "closed" | "slot" | "gone" | "confirm" | "consent" };

/** The audit log's name for the visitor acting on their own request. */
export const VISITOR = "(visitor)";
/** The alert kind that tells the agents a call-back moved (no personal data: the request's number and the time). */
export const CALLBACK_ALERT_KIND = "callback";

type Store = Pick<RequestStore, "db" | "alerts">;

async function auditVisitor(
  trx: Transaction<Database>,
  action: "visitor_reschedule" | "visitor_withdraw" | "visitor_consent",
  link: StatusLink,
  detail: string,
  now: Date,
) {
  await trx
    .insertInto("admin_audit_log")
    .values({
      operator_id: null,
      operator_email: VISITOR,
      action,
      record_kind: link.request_kind,
      record_id: link.request_id,
      detail,
      created_at: now.toISOString(),
    })
    .execute();
}

/**
 * The live link and whether its request may still be changed: one indexed
 * query whatever the token, so an unknown token and a real one of a closed
 * request are refused in the same time.
 */
async function openLink(
  store: Store,
  token: string,
  now: Date,
): Promise<{ link: StatusLink; stage: RequestStage } | { error: "gone" | "closed" }> {
  const found = await findStatusLinkWithStage(store.db, token, now);
  if (!found) return { error: "gone" };
  const { stage, ...link } = found;
  if (link.request_kind !== "consultation" || link.withdrawn_at) return { error: "closed" };
  if (!stage) return { error: "gone" };
  if (isDecided(stage)) return { error: "closed" };
  return { link, stage };
}

/** The transaction found the lead decided or closed meanwhile: nothing it wrote is kept. */
class LeadClosed extends Error {}

/**
 * "Call me at another time": a slot inside the calling hours of an open day
 * of the business calendar, within 7 days (never a weekend, a public holiday
 * or a closure).
 * It is the pipeline's call-back (ADR 0028), as if asked by phone: the
 * consultation's next call moves to the slot, marked as asked, and its
 * "call-back due" alert is armed again for the new time. The lead's agent is
 * told at once that it moved (only them; every operator while no one has the
 * lead) — the request's number and the time, no personal data. A number on
 * the do-not-contact list keeps no schedule, as a call-back logged by phone.
 */
export async function rescheduleCall(store: Store, token: string, slot: string, now = new Date()): Promise<ActionOutcome> {
  const open = await openLink(store, token, now);
  if ("error" in open) return open;
  const at = isOfferedSlot(await readCalendar(store.db), slot, now);
  if (!at) return { error: "slot" };
  const iso = at.toISOString();
  const { link } = open;
  try {
    await store.db.transaction().execute(async (trx) => {
      const forbidden = await isDoNotContact(trx, await consultationPhone(trx, link.request_id), {
        kind: "consultation",
        id: link.request_id,
      });
      const lead = await trx
        .updateTable("consultation_answers")
        .set({
          next_call_at: forbidden ? null : iso,
          next_call_asked: forbidden ? 0 : 1,
          callback_alert_for: null,
          updated_at: now.toISOString(),
        })
        .where("id", "=", link.request_id)
        .where("status", "not in", DECIDED_STAGES)
        .returning("assigned_operator_id")
        .executeTakeFirst();
      if (!lead) throw new LeadClosed();
      await trx.updateTable("request_status_links").set({ callback_at: iso }).where("id", "=", link.id).execute();
      await auditVisitor(trx, "visitor_reschedule", link, `callback_at=${iso}`, now);
      const event = { kind: CALLBACK_ALERT_KIND, id: link.request_id, lang: link.lang, createdAt: iso };
      if (lead.assigned_operator_id !== null) await store.alerts.notify(trx, [lead.assigned_operator_id], event);
      else await store.alerts.schedule(trx, event);
    });
  } catch (error) {
    if (error instanceof LeadClosed) return { error: "closed" };
    throw error;
  }
  store.alerts.wake();
  return { ok: "rescheduled", at: iso };
}

/**
 * "I no longer need this", after its confirmation step: the request closes as
 * withdrawn and its personal data is erased by the privacy page's erasure
 * (answers, consent records, alert deliveries); the link stays and says what
 * was deleted. Its source (no personal data) stays for the reports.
 */
export async function withdrawRequest(store: Store, token: string, confirmed: boolean, now = new Date()): Promise<ActionOutcome> {
  const open = await openLink(store, token, now);
  if ("error" in open) return open;
  if (!confirmed) return { error: "confirm" };
  const { link, stage } = open;
  // The pipeline's own move (issue 26): closed as "withdrew", in its history (no personal data, it stays for
  // the reports); inside the same transaction the request's personal data is erased and the link remembers it.
  const moved = await moveStage(
    store.db,
    null,
    "consultation",
    link.request_id,
    stage,
    { to: "closed", reason: "withdrew" },
    now,
    async (trx) => {
      const counts = await eraseRequests(trx, { consultation: [link.request_id] });
      await trx
        .updateTable("request_status_links")
        .set({ withdrawn_at: now.toISOString(), erased: JSON.stringify(counts), callback_at: null })
        .where("id", "=", link.id)
        .execute();
      await auditVisitor(trx, "visitor_withdraw", link, "withdrawn; personal data erased", now);
    },
  );
  if (!moved.ok) return { error: moved.error === "missing" ? "gone" : "closed" };
  // Deleted means gone from the files too, as retention makes it (SQLite's WAL checkpointed, PostgreSQL's tables vacuumed).
  await reclaim(store.db, [
    "consultation_answer_items",
    "consent_records",
    "consultation_answers",
    "alert_deliveries",
    "visitor_push_subscriptions",
  ]);
  return { ok: "withdrawn" };
}

/**
 * The visitor's answer to the consent an operator asked for (issue 52, item
 * 1; 법 제17조②): given or refused, on this page, in its language; refused
 * (`consent`) when that question is not open on this request (answered
 * already, or another's). Audited as the visitor's own act; the lender's
 * name is no personal data of theirs, but the entry keeps the consent's number only.
 */
export async function answerConsent(
  store: Store,
  token: string,
  id: number,
  answer: ConsentAnswer,
  now = new Date(),
): Promise<ActionOutcome> {
  const open = await openLink(store, token, now);
  if ("error" in open) return open;
  const { link } = open;
  const answered = await store.db.transaction().execute(async (trx) => {
    if (!(await answerLenderConsent(trx, link.request_id, id, answer, link.lang, now))) return false;
    await auditVisitor(trx, "visitor_consent", link, `#${id} ${answer}`, now);
    return true;
  });
  return answered ? { ok: "consent", answer: answer } : { error: "consent" };
}

/**
 * The person withdraws a consent they gave to one lender (개인정보 보호법
 * 제37조): refused (`consent`) when it is not a standing given consent of
 * this request. Audited as the visitor's own act, by the consent's number.
 */
export async function withdrawConsent(store: Store, token: string, id: number, now = new Date()): Promise<ActionOutcome> {
  const open = await openLink(store, token, now);
  if ("error" in open) return open;
  const { link } = open;
  const withdrawn = await store.db.transaction().execute(async (trx) => {
    if (!(await withdrawLenderConsent(trx, link.request_id, id, now))) return false;
    await auditVisitor(trx, "visitor_consent", link, `#${id} withdrawn`, now);
    return true;
  });
  return withdrawn ? { ok: "consentWithdrawn", id } : { error: "consent" };
}

/** The consent's number a form names (`consent`), or null when it is not one. */
export function consentIdOf(form: Record<string, string>): number | null {
  return /^[1-9]\d{0,8}$/.test(form.consent ?? "") ? Number(form.consent) : null;
}

/** The consent form's fields, or null when they are not a question's number and an answer (a 400). */
export function consentFields(form: Record<string, string>): { id: number; answer: ConsentAnswer } | null {
  const id = consentIdOf(form);
  const answer = CONSENT_ANSWERS.find((a) => a === form.answer);
  return id && answer ? { id, answer } : null;
}
