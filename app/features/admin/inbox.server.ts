import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database, RequestStatus } from "#db/schema.ts";
import { CONSULTATION_QUESTIONS, REQUEST_KINDS, isRequestKind, isRequestStatus, type RequestKind } from "#app/features/admin/kinds.ts";
import { formatSeoul, isIsoDay, seoulRange } from "#app/features/admin/time.ts";
import { paging } from "#app/features/admin/paging.ts";

/**
 * The inbox: every request of the four kinds in one list, newest first, with
 * filters (kind, status, Seoul dates) and a search by name or phone; one
 * request's detail; the status workflow with an operator note.
 */
export const INBOX_PAGE_SIZE = 50;
export const NOTE_MAX = 2000;
const QUERY_MAX = 100;

export interface InboxFilter {
  kind?: RequestKind;
  status?: RequestStatus;
  /** Seoul calendar days, both included. */
  from?: string;
  to?: string;
  q?: string;
  page: number;
}

/** Reads a filter from a URL's query; anything unreadable is ignored, never an error. */
export function readInboxFilter(params: URLSearchParams): InboxFilter {
  const kind = params.get("kind");
  const status = params.get("status");
  const from = params.get("from");
  const to = params.get("to");
  const q = (params.get("q") ?? "").trim().slice(0, QUERY_MAX);
  const page = Number(params.get("page"));
  return {
    kind: isRequestKind(kind) ? kind : undefined,
    status: isRequestStatus(status) ? status : undefined,
    from: isIsoDay(from) ? from : undefined,
    to: isIsoDay(to) ? to : undefined,
    q: q || undefined,
    page: Number.isInteger(page) && page > 0 ? Math.min(page, 100_000) : 1,
  };
}

export interface InboxRow {
  kind: RequestKind;
  id: number;
  status: RequestStatus;
  name: string;
  phone: string;
  createdAt: string;
  received: string;
  /** No operator has opened it yet. */
  unread: boolean;
}

type Db = Kysely<Database>;

interface UnionRow {
  kind: string;
  id: number;
  status: RequestStatus;
  name: string | null;
  phone: string | null;
  created_at: string;
  first_opened_at: string | null;
}
type UnionPart = SelectQueryBuilder<Database, keyof Database, UnionRow>;

/** One SELECT per kind with the same columns: kind, id, status, name, phone, created_at. */
function kindQuery(db: Db, kind: RequestKind): UnionPart {
  return kindSelect(db, kind) as unknown as UnionPart;
}

function kindSelect(db: Db, kind: RequestKind) {
  switch (kind) {
    case "proposal":
      return db.selectFrom("proposals").select([sql.lit("proposal").as("kind"), "id", "status", "proposer_name as name", "proposer_phone as phone", "created_at", "first_opened_at"]);
    case "as":
      return db.selectFrom("as_requests").select([sql.lit("as").as("kind"), "id", "status", "applicant_name as name", "contact_phone as phone", "created_at", "first_opened_at"]);
    case "purchase":
      return db.selectFrom("purchase_requests").select([sql.lit("purchase").as("kind"), "id", "status", "applicant_name as name", "contact_phone as phone", "created_at", "first_opened_at"]);
    case "consultation":
      return db
        .selectFrom("consultation_answers as a")
        .leftJoin("consultation_answer_items as n", (j) => j.onRef("n.answer_id", "=", "a.id").on("n.question_seq", "=", CONSULTATION_QUESTIONS.name))
        .leftJoin("consultation_answer_items as p", (j) => j.onRef("p.answer_id", "=", "a.id").on("p.question_seq", "=", CONSULTATION_QUESTIONS.phone))
        .select([
          sql.lit("consultation").as("kind"),
          "a.id as id",
          "a.status as status",
          sql<string>`coalesce(${sql.ref("n.answer_content")}, '')`.as("name"),
          sql<string>`coalesce(${sql.ref("p.answer_content")}, '')`.as("phone"),
          "a.created_at as created_at",
          "a.first_opened_at as first_opened_at",
        ]);
  }
}

/** `%text%` for LIKE, with the wildcards in `text` escaped. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listInbox(db: Db, filter: InboxFilter): Promise<{ rows: InboxRow[]; total: number; page: number; pages: number }> {
  const kinds = filter.kind ? [filter.kind] : [...REQUEST_KINDS];
  const parts = kinds.map((kind) => kindQuery(db, kind));
  let union = parts[0]!;
  for (const part of parts.slice(1)) union = union.unionAll(part);

  let query = db.selectFrom(union.as("u"));
  const { start, end } = seoulRange(filter.from, filter.to);
  if (start) query = query.where("u.created_at", ">=", start);
  if (end) query = query.where("u.created_at", "<", end);
  if (filter.status) query = query.where("u.status", "=", filter.status);
  if (filter.q) {
    const text = contains(filter.q.toLowerCase());
    const digits = filter.q.replace(/[\s()+-]/g, "");
    const byName = sql<boolean>`lower(${sql.ref("u.name")}) like ${text} escape '\\'`;
    query = /^\d{3,}$/.test(digits)
      ? query.where((eb) => eb.or([byName, sql<boolean>`${sql.ref("u.phone")} like ${contains(digits)} escape '\\'`]))
      : query.where(byName);
  }

  const { total, page, pages, limit, offset } = paging(
    await query.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst(),
    filter.page,
    INBOX_PAGE_SIZE,
  );
  const rows = await query
    .select(["u.kind", "u.id", "u.status", "u.name", "u.phone", "u.created_at", "u.first_opened_at"])
    .orderBy("u.created_at", "desc")
    .orderBy("u.kind")
    .orderBy("u.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return {
    rows: rows.map((r) => ({
      kind: r.kind as RequestKind,
      id: Number(r.id),
      status: r.status as RequestStatus,
      name: r.name ?? "",
      phone: r.phone ?? "",
      createdAt: r.created_at,
      received: formatSeoul(r.created_at),
      unread: r.first_opened_at === null,
    })),
    total,
    page,
    pages,
  };
}

/** How many requests of each kind are new: the console's at-a-glance numbers. */
export async function newCounts(db: Db): Promise<Record<RequestKind, number>> {
  const out = {} as Record<RequestKind, number>;
  for (const kind of REQUEST_KINDS) {
    const q = kindQuery(db, kind);
    const row = await db.selectFrom(q.as("u")).where("u.status", "=", "new").select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst();
    out[kind] = Number(row?.n ?? 0);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Detail

/** One labelled value of a request; `label` is the console catalog's `field.<label>`. */
interface DetailField {
  label: string;
  value: string;
  /** Long text (kept as typed, line breaks shown). */
  long?: boolean;
}

export interface RequestDetail {
  kind: RequestKind;
  id: number;
  status: RequestStatus;
  note: string;
  lang: string;
  received: string;
  updated: string;
  fields: DetailField[];
  photos: { id: number; width: number; height: number; contentType: string; byteSize: number }[];
  consents: { kind: string; version: string; agreed: boolean; at: string }[];
}

const TABLE: Record<RequestKind, "proposals" | "as_requests" | "purchase_requests" | "consultation_answers"> = {
  proposal: "proposals",
  as: "as_requests",
  purchase: "purchase_requests",
  consultation: "consultation_answers",
};

/** An expiry typed as YYYYMMDD reads better as YYYY-MM-DD. */
function readableDate(value: string): string {
  return /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}` : value;
}

export async function consultationAnswers(db: Db, ids: number[]): Promise<Map<number, Record<string, string>>> {
  const out = new Map<number, Record<string, string>>();
  const bySeq = new Map<number, string>(Object.entries(CONSULTATION_QUESTIONS).map(([name, seq]) => [seq, name]));
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    if (!chunk.length) continue;
    const items = await db.selectFrom("consultation_answer_items").select(["answer_id", "question_seq", "answer_content"]).where("answer_id", "in", chunk).execute();
    for (const item of items) {
      const name = bySeq.get(Number(item.question_seq));
      if (!name) continue;
      const record = out.get(item.answer_id) ?? {};
      record[name] = name === "expiry" ? readableDate(item.answer_content) : item.answer_content;
      out.set(item.answer_id, record);
    }
  }
  return out;
}

export async function requestDetail(db: Db, kind: RequestKind, id: number): Promise<RequestDetail | null> {
  const base = await db.selectFrom(TABLE[kind]).select(["id", "status", "operator_note", "lang", "created_at", "updated_at"]).where("id", "=", id).executeTakeFirst();
  if (!base) return null;
  const detail: RequestDetail = {
    kind,
    id: base.id,
    status: base.status,
    note: base.operator_note,
    lang: base.lang,
    received: formatSeoul(base.created_at),
    updated: formatSeoul(base.updated_at),
    fields: [],
    photos: [],
    consents: [],
  };
  if (kind === "proposal") {
    const row = await db.selectFrom("proposals").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    detail.fields = [
      { label: "organization", value: row.proposer_name },
      { label: "phone", value: row.proposer_phone },
      { label: "email", value: row.proposer_email },
      { label: "proposal", value: row.proposal_content, long: true },
    ];
  } else if (kind === "as" || kind === "purchase") {
    const row = await db.selectFrom(TABLE[kind] as "as_requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    detail.fields = [
      { label: "name", value: row.applicant_name },
      { label: "phone", value: row.contact_phone },
      { label: "address", value: row.applicant_addr },
      { label: kind === "as" ? "symptom" : "inquiry", value: row.inquiry_content, long: true },
    ];
    if (kind === "as") {
      const photos = await db
        .selectFrom("as_request_photos")
        .select(["id", "width", "height", "content_type", "byte_size"])
        .where("as_request_id", "=", id)
        .orderBy("id")
        .execute();
      detail.photos = photos.map((p) => ({ id: p.id, width: p.width, height: p.height, contentType: p.content_type, byteSize: p.byte_size }));
    }
  } else {
    const answer = await db.selectFrom("consultation_answers").select(["marketing_yn"]).where("id", "=", id).executeTakeFirstOrThrow();
    const values = (await consultationAnswers(db, [id])).get(id) ?? {};
    detail.fields = [
      ...Object.keys(CONSULTATION_QUESTIONS).map((name) => ({ label: name, value: values[name] ?? "" })),
      { label: "marketing", value: answer.marketing_yn },
    ];
    const consents = await db
      .selectFrom("consent_records")
      .select(["policy_kind", "policy_version", "agreed_yn", "created_at"])
      .where("answer_id", "=", id)
      .orderBy("id")
      .execute();
    detail.consents = consents.map((c) => ({ kind: c.policy_kind, version: c.policy_version, agreed: c.agreed_yn === "Y", at: formatSeoul(c.created_at) }));
  }
  return detail;
}

/** The first time any operator opens a request (the inbox's unread marker, the response-time figure). */
export async function markOpened(db: Db, kind: RequestKind, id: number, now = new Date()): Promise<void> {
  await db.updateTable(TABLE[kind]).set({ first_opened_at: now.toISOString() }).where("id", "=", id).where("first_opened_at", "is", null).execute();
}

/** Moves a request along the workflow and keeps the operator's note. False when it does not exist. */
export async function updateRequest(db: Db, kind: RequestKind, id: number, status: RequestStatus, note: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable(TABLE[kind])
    .set({ status, operator_note: note.slice(0, NOTE_MAX), updated_at: now.toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function photo(db: Db, id: number): Promise<{ contentType: string; data: Uint8Array } | null> {
  const row = await db.selectFrom("as_request_photos").select(["content_type", "data"]).where("id", "=", id).executeTakeFirst();
  return row ? { contentType: row.content_type, data: row.data } : null;
}

export { TABLE as REQUEST_TABLES };
