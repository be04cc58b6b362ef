import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { digitsOnly } from "#app/lib/schema.ts";
import { CONSULTATION_QUESTIONS } from "#app/requests/kinds.ts";

/**
 * What a person's rights do to the data (issue 16, point 4), by the phone
 * number they gave: every kind of request stores it in its own column (a
 * consultation as its sixth answer), typed with or without dashes, so rows
 * are matched on the number's digits.
 */
type Db = Kysely<Database> | Transaction<Database>;

/** The ids of the rows of `rows` whose phone has the digits of `phone`. */
const matching = (rows: { id: number; phone: string }[], phone: string) =>
  rows.filter((r) => digitsOnly(r.phone) === phone).map((r) => r.id);

/** Every request under a number, by kind. */
export async function requestsOf(db: Db, phone: string) {
  const digits = digitsOnly(phone);
  const [consultations, proposals, as, purchases, rights] = await Promise.all([
    db
      .selectFrom("consultation_answer_items")
      .select(["answer_id as id", "answer_content as phone"])
      .where("question_seq", "=", CONSULTATION_QUESTIONS.phone)
      .execute(),
    db.selectFrom("proposals").select(["id", "proposer_phone as phone"]).execute(),
    db.selectFrom("as_requests").select(["id", "contact_phone as phone"]).execute(),
    db.selectFrom("purchase_requests").select(["id", "contact_phone as phone"]).execute(),
    db.selectFrom("rights_requests").select(["id", "phone"]).execute(),
  ]);
  return {
    consultation: matching(consultations, digits),
    proposal: matching(proposals, digits),
    as: matching(as, digits),
    purchase: matching(purchases, digits),
    rights: matching(rights, digits),
  };
}

export type ErasureCounts = Record<keyof Awaited<ReturnType<typeof requestsOf>>, number>;

/**
 * Erases everything stored under a phone number, in one transaction: every
 * request of every kind with it, the consultations' answers and consent
 * records, the A/S photos, the rights requests themselves, and the alert
 * deliveries that pointed at them. Returns how many requests of each kind
 * went: the audit log records the counts, never the number.
 */
export async function eraseByPhone(db: Kysely<Database>, phone: string): Promise<ErasureCounts> {
  return db.transaction().execute(async (trx) => eraseRequests(trx, await requestsOf(trx, phone)));
}

/**
 * Erases the given requests and everything that belongs to them (answers,
 * consent records, photos, alert deliveries, the visitor's push subscriptions), inside the caller's
 * transaction: the one erasure of a person's data, used by the privacy page
 * (by phone number) and by a visitor's own "I no longer need this" on the
 * status page (one request, issue 28).
 */
export async function eraseRequests(trx: Db, ids: Partial<Record<keyof ErasureCounts, number[]>>): Promise<ErasureCounts> {
  const all: Record<keyof ErasureCounts, number[]> = {
    consultation: ids.consultation ?? [],
    proposal: ids.proposal ?? [],
    as: ids.as ?? [],
    purchase: ids.purchase ?? [],
    rights: ids.rights ?? [],
  };
  const some = (list: number[]) => list.length > 0;
  if (some(all.consultation)) {
    await trx.deleteFrom("consent_records").where("answer_id", "in", all.consultation).execute();
    await trx.deleteFrom("lender_consents").where("answer_id", "in", all.consultation).execute();
    await trx.deleteFrom("consultation_answer_items").where("answer_id", "in", all.consultation).execute();
    // The agents' call notes may name the person: they go too (the stage history holds nothing personal and stays).
    await trx.deleteFrom("call_attempts").where("request_kind", "=", "consultation").where("request_id", "in", all.consultation).execute();
    await trx.deleteFrom("consultation_answers").where("id", "in", all.consultation).execute();
  }
  if (some(all.proposal)) await trx.deleteFrom("proposals").where("id", "in", all.proposal).execute();
  if (some(all.as)) {
    await trx.deleteFrom("as_request_photos").where("as_request_id", "in", all.as).execute();
    await trx.deleteFrom("as_requests").where("id", "in", all.as).execute();
  }
  if (some(all.purchase)) await trx.deleteFrom("purchase_requests").where("id", "in", all.purchase).execute();
  if (some(all.rights)) await trx.deleteFrom("rights_requests").where("id", "in", all.rights).execute();
  for (const [kind, list] of Object.entries(all)) {
    if (!some(list)) continue;
    await trx.deleteFrom("alert_deliveries").where("request_kind", "=", kind).where("request_id", "in", list).execute();
    // The visitor's phones' push subscriptions (issue 38): the endpoint and keys go with the request.
    await trx.deleteFrom("visitor_push_subscriptions").where("request_kind", "=", kind).where("request_id", "in", list).execute();
  }
  return Object.fromEntries(Object.entries(all).map(([kind, list]) => [kind, list.length])) as ErasureCounts;
}

/**
 * Withdraws the marketing consent of every consultation under a number: its
 * consent record keeps the day it was withdrawn (the CSV export shows it).
 * Returns how many consents were withdrawn now.
 */
export async function withdrawMarketing(db: Kysely<Database>, phone: string, now = new Date()): Promise<number> {
  const { consultation } = await requestsOf(db, phone);
  if (consultation.length === 0) return 0;
  const result = await db
    .updateTable("consent_records")
    .set({ withdrawn_at: now.toISOString() })
    .where("answer_id", "in", consultation)
    .where("policy_kind", "=", "marketing")
    .where("withdrawn_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * A copy of everything stored under a number (the right of access), for the
 * person after their identity was checked: every request of every kind with
 * its rows, a consultation's answers and consent records, and each A/S
 * photo's size and type (the pictures themselves are sent separately if
 * asked for). Returns the copy and how many requests of each kind it holds.
 */
export async function copyByPhone(db: Kysely<Database>, phone: string) {
  const ids = await requestsOf(db, phone);
  const rowsOf = async <T>(list: number[], read: (list: number[]) => Promise<T[]>) => (list.length ? read(list) : []);
  const copy = {
    consultations: await rowsOf(ids.consultation, (list) =>
      db.selectFrom("consultation_answers").selectAll().where("id", "in", list).execute(),
    ),
    consultationAnswers: await rowsOf(ids.consultation, (list) =>
      db
        .selectFrom("consultation_answer_items")
        .selectAll()
        .where("answer_id", "in", list)
        .orderBy("answer_id")
        .orderBy("question_seq")
        .execute(),
    ),
    consents: await rowsOf(ids.consultation, (list) =>
      db.selectFrom("consent_records").selectAll().where("answer_id", "in", list).execute(),
    ),
    // Consents to give the consultation to a lender (issue 52): to whom, what, how and when.
    lenderConsents: await rowsOf(ids.consultation, (list) =>
      db
        .selectFrom("lender_consents")
        .select([
          "id",
          "answer_id",
          "lender",
          "items",
          "retention_years",
          "method",
          "reference",
          "asked_at",
          "answer",
          "answered_at",
          "lang",
        ])
        .where("answer_id", "in", list)
        .execute(),
    ),
    proposals: await rowsOf(ids.proposal, (list) => db.selectFrom("proposals").selectAll().where("id", "in", list).execute()),
    asRequests: await rowsOf(ids.as, (list) => db.selectFrom("as_requests").selectAll().where("id", "in", list).execute()),
    asPhotos: await rowsOf(ids.as, (list) =>
      db
        .selectFrom("as_request_photos")
        .select(["id", "as_request_id", "content_type", "byte_size", "width", "height", "created_at"])
        .where("as_request_id", "in", list)
        .execute(),
    ),
    purchaseRequests: await rowsOf(ids.purchase, (list) =>
      db.selectFrom("purchase_requests").selectAll().where("id", "in", list).execute(),
    ),
    rightsRequests: await rowsOf(ids.rights, (list) => db.selectFrom("rights_requests").selectAll().where("id", "in", list).execute()),
  };
  const counts = Object.fromEntries(Object.entries(ids).map(([kind, list]) => [kind, list.length])) as ErasureCounts;
  return { copy, counts };
}
