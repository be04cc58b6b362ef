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

export async function isDoNotContact(db: Db, phone: string): Promise<boolean> {
  if (!phone) return false;
  return (await db.selectFrom("do_not_contact").select("id").where("phone", "=", phone).executeTakeFirst()) !== undefined;
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
  const result = await trx
    .updateTable("consultation_answers")
    .set({ next_call_at: null, next_call_asked: 0 })
    .where(
      "id",
      "in",
      trx
        .selectFrom("consultation_answer_items")
        .select("answer_id")
        .where("question_seq", "=", CONSULTATION_QUESTIONS.phone)
        .where("answer_content", "=", phone),
    )
    .where("next_call_at", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
