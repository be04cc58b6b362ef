import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { CONSULTATION_QUESTIONS, type StatusKind } from "#app/requests/kinds.ts";
import { CONTACT_COLUMNS } from "#app/requests/tables.server.ts";
import { linkToken } from "#app/requests/status-link.server.ts";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The requests sent with a phone number (digits), of every kind: a
 * consultation keeps it as its answer to the phone question, the other forms
 * in their contact column, a rights request in its own (structure review
 * 2026-11-28 §3 "The phone of request X").
 */
export async function requestsOfPhone(db: Db, phone: string): Promise<{ kind: StatusKind; id: number }[]> {
  if (!phone) return [];
  const found: { kind: StatusKind; id: number }[] = [];
  const answers = await db
    .selectFrom("consultation_answer_items")
    .select("answer_id")
    .where("question_seq", "=", CONSULTATION_QUESTIONS.phone)
    .where("answer_content", "=", phone)
    .execute();
  for (const row of answers) found.push({ kind: "consultation", id: row.answer_id });
  for (const kind of ["proposal", "as", "purchase"] as const) {
    const { table, phone: column } = CONTACT_COLUMNS[kind];
    const rows = await db.selectFrom(table).select("id").where(sql.ref<string>(column), "=", phone).execute();
    for (const row of rows) found.push({ kind, id: row.id });
  }
  const rights = await db.selectFrom("rights_requests").select("id").where("phone", "=", phone).execute();
  for (const row of rights) found.push({ kind: "rights", id: row.id });
  return found;
}

/** Whether any request was sent with the number. */
export async function phoneIsKnown(db: Db, phone: string): Promise<boolean> {
  return (await requestsOfPhone(db, phone)).length > 0;
}

export interface PhoneStatusLink {
  kind: StatusKind;
  id: number;
  token: string;
  lang: string;
  created_at: string;
}

/**
 * The live status links of the requests sent with a number (not expired, not
 * withdrawn), newest first, each with its token made again from its salt
 * (ADR 0033: the same link the completion page showed, not a new one).
 */
export async function statusLinksOfPhone(db: Db, secret: string, phone: string, now = new Date()): Promise<PhoneStatusLink[]> {
  const requests = await requestsOfPhone(db, phone);
  if (requests.length === 0) return [];
  const links: PhoneStatusLink[] = [];
  for (const kind of new Set(requests.map((r) => r.kind))) {
    const ids = requests.filter((r) => r.kind === kind).map((r) => r.id);
    const rows = await db
      .selectFrom("request_status_links")
      .select(["request_kind", "request_id", "salt", "lang", "created_at"])
      .where("request_kind", "=", kind)
      .where("request_id", "in", ids)
      .where("expires_at", ">", now.toISOString())
      .where("withdrawn_at", "is", null)
      .execute();
    for (const row of rows) {
      links.push({
        kind,
        id: row.request_id,
        token: linkToken(secret, { request_kind: kind, request_id: row.request_id, salt: row.salt }),
        lang: row.lang,
        created_at: row.created_at,
      });
    }
  }
  return links.sort((a, b) => b.created_at.localeCompare(a.created_at));
}
