import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { CONSULTATION_QUESTIONS } from "#app/requests/kinds.ts";

/**
 * "Do not contact" (ADR 0028; 금융소비자보호법 제21조의2): a phone number
 * whose owner forbade further calls, whether an agent logged it on a call or
 * the person asked on the rights page. It stops every call to every request
 * from that number at once — the schedules of the requests already there —
 * and the pipeline schedules none for a later request from it (it asks
 * `isDoNotContact` before each). Here, below the pipeline and the rights
 * page, so both write the one list.
 */
type Db = Kysely<Database> | Transaction<Database>;

export async function isDoNotContact(db: Db, phone: string, request?: { kind: string; id: number }): Promise<boolean> {
  if (!phone) return false;
  if ((await db.selectFrom("do_not_contact").select("id").where("phone", "=", phone).executeTakeFirst()) === undefined) return false;
  return request === undefined || !(await contactAllowedFor(db, request));
}

/**
 * Whether the sender of this request, from a number that refused contact,
 * answered on the form that it may be called (issue 48 item 5; recorded by
 * `allowContactFor`): the refusal is lifted for that request only.
 */
export async function contactAllowedFor(db: Db, request: { kind: string; id: number }): Promise<boolean> {
  const row = await db
    .selectFrom("contact_exceptions")
    .select("id")
    .where("request_kind", "=", request.kind)
    .where("request_id", "=", request.id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records that this request may be called although its number refused contact (the sender said so on the form). */
export async function allowContactFor(trx: Db, request: { kind: string; id: number }, now: Date): Promise<void> {
  await trx
    .insertInto("contact_exceptions")
    .values({ request_kind: request.kind, request_id: request.id, at: now.toISOString() })
    .onConflict((oc) => oc.columns(["request_kind", "request_id"]).doNothing())
    .execute();
}

/**
 * Takes `phone` off the list (the person, with a code, or an administrator
 * with a reason; the caller audits it). Calls cleared by the refusal are not
 * scheduled again by themselves: the agents see the lead callable again.
 * Answers whether the number was on the list.
 */
export async function liftContactRefusal(trx: Db, phone: string): Promise<boolean> {
  if (!phone) return false;
  const result = await trx.deleteFrom("do_not_contact").where("phone", "=", phone).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Since when `phone` may not be called, and whether the person asked (the rights page) or an agent logged it; null: it may be. */
export async function doNotContactSince(db: Db, phone: string): Promise<{ at: string; byPerson: boolean } | null> {
  if (!phone) return null;
  const row = await db
    .selectFrom("do_not_contact")
    .select(["at", "operator_id"])
    .where("phone", "=", phone)
    .orderBy("id")
    .executeTakeFirst();
  return row ? { at: row.at, byPerson: row.operator_id === null } : null;
}

/**
 * Puts `phone` (digits) on the list — once; `operatorId` null when the person
 * asked themselves — and clears the next call of every consultation from it.
 * Answers how many consultations lost a scheduled call.
 */
export async function forbidContact(trx: Transaction<Database>, phone: string, operatorId: number | null, now: Date): Promise<number> {
  if (!phone) return 0;
  if (!(await isDoNotContact(trx, phone))) {
    await trx.insertInto("do_not_contact").values({ phone, operator_id: operatorId, at: now.toISOString() }).execute();
  }
  // A refusal said again (on a call, or with a code) also ends the exceptions its requests had.
  await trx
    .deleteFrom("contact_exceptions")
    .where("request_kind", "=", "consultation")
    .where("request_id", "in", consultationsOf(trx, phone))
    .execute();
  const result = await trx
    .updateTable("consultation_answers")
    .set({ next_call_at: null, next_call_asked: 0 })
    .where("id", "in", consultationsOf(trx, phone))
    .where("next_call_at", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

function consultationsOf(trx: Db, phone: string) {
  return trx
    .selectFrom("consultation_answer_items")
    .select("answer_id")
    .where("question_seq", "=", CONSULTATION_QUESTIONS.phone)
    .where("answer_content", "=", phone);
}
