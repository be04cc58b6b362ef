import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database, RequestStage } from "#db/schema.ts";
import { CONSULTATION_QUESTIONS, REQUEST_KINDS, isRequestKind, isRequestStage, type RequestKind } from "#app/requests/kinds.ts";
import { formatSeoul, isIsoDay, seoulRange } from "#app/lib/seoul-time.ts";
import { paging } from "#app/lib/paging.ts";
import { CONTACT_COLUMNS } from "#app/requests/tables.server.ts";

/**
 * The inbox: every request of the four kinds in one list, newest first, with
 * filters (kind, status, Seoul dates) and a search by name or phone; and the
 * console's count of new requests per kind.
 */
export const INBOX_PAGE_SIZE = 50;
const QUERY_MAX = 100;

export interface InboxFilter {
  kind?: RequestKind;
  status?: RequestStage;
  /** Seoul calendar days, both included. */
  from?: string;
  to?: string;
  q?: string;
  /** "fits": the consultations whose eligibility check fits a loan first (issue 27), then newest first. */
  sort?: "fits";
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
    status: isRequestStage(status) ? status : undefined,
    from: isIsoDay(from) ? from : undefined,
    to: isIsoDay(to) ? to : undefined,
    q: q || undefined,
    sort: params.get("sort") === "fits" ? "fits" : undefined,
    page: Number.isInteger(page) && page > 0 ? Math.min(page, 100_000) : 1,
  };
}

export interface InboxRow {
  kind: RequestKind;
  id: number;
  status: RequestStage;
  name: string;
  phone: string;
  createdAt: string;
  received: string;
  /** No operator has opened it yet. */
  unread: boolean;
  /** The eligibility check sent with a consultation (issue 27): "fits N of M". */
  check: { fits: number; total: number } | null;
}

type Db = Kysely<Database>;

interface UnionRow {
  kind: string;
  id: number;
  status: RequestStage;
  name: string | null;
  phone: string | null;
  created_at: string;
  first_opened_at: string | null;
  fits: number | null;
  total: number | null;
}
type UnionPart = SelectQueryBuilder<Database, keyof Database, UnionRow>;

/** One SELECT per kind with the same columns: kind, id, status, name, phone, created_at. */
function kindQuery(db: Db, kind: RequestKind): UnionPart {
  return kindSelect(db, kind) as unknown as UnionPart;
}

/** The check columns of the kinds that have none (typed, so PostgreSQL unites them with the consultations' integers). */
const noCheck = sql<number | null>`cast(null as integer)`;

function kindSelect(db: Db, kind: RequestKind) {
  if (kind === "consultation")
    return consultationsWithContact(db)
      .leftJoin("consultation_checks as c", "c.answer_id", "a.id")
      .select([
        sql.lit("consultation").as("kind"),
        "a.id as id",
        "a.status as status",
        sql<string>`coalesce(${sql.ref("n.answer_content")}, '')`.as("name"),
        sql<string>`coalesce(${sql.ref("p.answer_content")}, '')`.as("phone"),
        "a.created_at as created_at",
        "a.first_opened_at as first_opened_at",
        "c.fits as fits",
        "c.total as total",
      ]);
  const { table, name, phone } = CONTACT_COLUMNS[kind];
  return db
    .selectFrom(table)
    .select([
      sql.lit(kind).as("kind"),
      "id",
      "status",
      sql.ref<string>(name).as("name"),
      sql.ref<string>(phone).as("phone"),
      "created_at",
      "first_opened_at",
      noCheck.as("fits"),
      noCheck.as("total"),
    ]);
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
  let ordered = query.select(["u.kind", "u.id", "u.status", "u.name", "u.phone", "u.created_at", "u.first_opened_at", "u.fits", "u.total"]);
  if (filter.sort === "fits") ordered = ordered.orderBy(sql`case when ${sql.ref("u.fits")} > 0 then 0 else 1 end`);
  const rows = await ordered
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
      status: r.status as RequestStage,
      name: r.name ?? "",
      phone: r.phone ?? "",
      createdAt: r.created_at,
      received: formatSeoul(r.created_at),
      unread: r.first_opened_at === null,
      check: r.fits === null || r.total === null ? null : { fits: Number(r.fits), total: Number(r.total) },
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
    const row = await db
      .selectFrom(q.as("u"))
      .where("u.status", "=", "new")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirst();
    out[kind] = Number(row?.n ?? 0);
  }
  return out;
}

/** Consultations (as `a`) with their name (`n`) and phone (`p`) answers: the inbox's and My calls' rows. */
export function consultationsWithContact(db: Kysely<Database>) {
  return db
    .selectFrom("consultation_answers as a")
    .leftJoin("consultation_answer_items as n", (j) =>
      j.onRef("n.answer_id", "=", "a.id").on("n.question_seq", "=", CONSULTATION_QUESTIONS.name),
    )
    .leftJoin("consultation_answer_items as p", (j) =>
      j.onRef("p.answer_id", "=", "a.id").on("p.question_seq", "=", CONSULTATION_QUESTIONS.phone),
    );
}
