import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { REQUEST_KINDS, type RequestKind } from "#app/requests/kinds.ts";
import { REQUEST_TABLES } from "#app/requests/tables.server.ts";
import { formatSeoul, fromSeoulLocal, seoulDay, seoulRange } from "#app/lib/seoul-time.ts";
import type { BreachFacts, BreachInput } from "#app/features/breach/schema.ts";

/**
 * Leaks of personal data (issue 52 item 4; docs/breach.md): the moment one
 * became known starts the 72-hour clock of 시행령 제39조① (notify each person)
 * and 제40조① (report to the PIPC or KISA when the thresholds are met); the
 * requests received in the affected period, of the affected kinds, are the
 * people affected; published, the status pages of those requests show a
 * banner and every public page the site notice, for at least 30 days
 * (시행령 제39조③).
 */
type Db = Kysely<Database>;

export const CLOCK_HOURS = 72;
/** The site notice stays at least this long after publication (시행령 제39조③: 30일 이상). */
export const NOTICE_DAYS = 30;
/** The reporting thresholds of 시행령 제40조①: 1천명 이상. */
export const REPORT_THRESHOLD = 1000;

export interface Incident {
  id: number;
  knownAt: string;
  /** Korea time, as the console shows it. */
  knownAtSeoul: string;
  deadline: string;
  deadlineSeoul: string;
  recordedBy: string;
  periodFrom: string;
  periodTo: string;
  kinds: RequestKind[];
  facts: BreachFacts;
  publishedAt: string | null;
  noticeUntil: string | null;
  reportedAt: string | null;
  closedAt: string | null;
}

type Row = Awaited<ReturnType<typeof rowsOf>>[number];
const rowsOf = (db: Db) => db.selectFrom("breach_incidents").selectAll().orderBy("id", "desc").execute();

function incidentOf(row: Row): Incident {
  const deadline = new Date(new Date(row.known_at).getTime() + CLOCK_HOURS * 3_600_000).toISOString();
  return {
    id: row.id,
    knownAt: new Date(row.known_at).toISOString(),
    knownAtSeoul: formatSeoul(row.known_at),
    deadline,
    deadlineSeoul: formatSeoul(deadline),
    recordedBy: row.recorded_by,
    periodFrom: seoulDay(row.period_from),
    periodTo: seoulDay(new Date(new Date(row.period_to).getTime() - 1)),
    kinds: row.kinds.split(",").filter((k): k is RequestKind => (REQUEST_KINDS as readonly string[]).includes(k)),
    facts: JSON.parse(row.facts) as BreachFacts,
    publishedAt: row.published_at ? new Date(row.published_at).toISOString() : null,
    noticeUntil: row.notice_until ? new Date(row.notice_until).toISOString() : null,
    reportedAt: row.reported_at ? new Date(row.reported_at).toISOString() : null,
    closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
  };
}

export async function incidents(db: Db): Promise<Incident[]> {
  return (await rowsOf(db)).map(incidentOf);
}

export async function incident(db: Db, id: number): Promise<Incident | null> {
  const row = await db.selectFrom("breach_incidents").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? incidentOf(row) : null;
}

/** Records a leak from the console's form; the clock runs from `known_at` (Korea time). Names the field when a time is not one (or in the future). */
export async function recordIncident(db: Db, input: BreachInput, by: string, now = new Date()): Promise<number | "known_at" | "period"> {
  const known = fromSeoulLocal(input.known_at);
  if (!known || known.getTime() > now.getTime() + 60_000) return "known_at";
  if (input.period_from > input.period_to) return "period";
  const range = seoulRange(input.period_from, input.period_to);
  const facts: BreachFacts = { items: input.items, cause: input.cause, detail: input.detail, measures: input.measures };
  const row = await db
    .insertInto("breach_incidents")
    .values({
      known_at: known.toISOString(),
      recorded_by: by,
      period_from: range.start!,
      period_to: range.end!,
      kinds: input.kinds.join(","),
      facts: JSON.stringify(facts),
      published_at: null,
      notice_until: null,
      reported_at: null,
      closed_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The 72-hour clock: hours and minutes left (negative: overdue), and whether the notices went out. */
export function clockOf(found: Incident, now = new Date()): { minutesLeft: number; overdue: boolean } {
  const minutesLeft = Math.floor((new Date(found.deadline).getTime() - now.getTime()) / 60_000);
  return { minutesLeft, overdue: minutesLeft < 0 };
}

/** The requests affected: received in the period, of the kinds. Counts by kind. */
export async function affectedCounts(
  db: Db,
  found: Pick<Incident, "kinds" | "periodFrom" | "periodTo">,
): Promise<Record<RequestKind, number>> {
  const { start, end } = seoulRange(found.periodFrom, found.periodTo);
  const out = Object.fromEntries(REQUEST_KINDS.map((k) => [k, 0])) as Record<RequestKind, number>;
  for (const kind of found.kinds) {
    const row = await db
      .selectFrom(REQUEST_TABLES[kind])
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("created_at", ">=", start!)
      .where("created_at", "<", end!)
      .executeTakeFirstOrThrow();
    out[kind] = Number(row.n);
  }
  return out;
}

/** The columns of the affected list; `name` and `phone` are personal (unticked by default, issue 52 item 3). */
export const AFFECTED_COLUMNS = ["kind", "id", "received", "status", "lang", "name", "phone"] as const;

/** The list of affected requests (oldest first), each with the chosen columns. */
export async function affectedList(
  db: Db,
  found: Pick<Incident, "kinds" | "periodFrom" | "periodTo">,
  columns: readonly string[],
): Promise<{ header: string[]; rows: (string | number)[][]; refs: { kind: RequestKind; id: number }[] }> {
  const { start, end } = seoulRange(found.periodFrom, found.periodTo);
  const rows: (string | number)[][] = [];
  const refs: { kind: RequestKind; id: number }[] = [];
  for (const kind of found.kinds) {
    const list = await listOf(db, kind, start!, end!);
    for (const r of list) {
      const cells: Record<string, string | number> = {
        kind,
        id: r.id,
        received: formatSeoul(r.created_at),
        status: r.status,
        lang: r.lang,
        name: r.name,
        phone: r.phone,
      };
      rows.push(AFFECTED_COLUMNS.filter((c) => columns.includes(c)).map((c) => cells[c] ?? ""));
      refs.push({ kind, id: r.id });
    }
  }
  return { header: AFFECTED_COLUMNS.filter((c) => columns.includes(c)), rows, refs };
}

async function listOf(db: Db, kind: RequestKind, start: string, end: string) {
  if (kind === "consultation") {
    const list = await db
      .selectFrom("consultation_answers")
      .select(["id", "created_at", "status", "lang"])
      .where("created_at", ">=", start)
      .where("created_at", "<", end)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    const items = list.length
      ? await db
          .selectFrom("consultation_answer_items")
          .select(["answer_id", "question_seq", "answer_content"])
          .where(
            "answer_id",
            "in",
            list.map((r) => r.id),
          )
          .where("question_seq", "in", [5, 6])
          .execute()
      : [];
    const of = (id: number, seq: number) => items.find((i) => i.answer_id === id && i.question_seq === seq)?.answer_content ?? "";
    return list.map((r) => ({ ...r, name: of(r.id, 5), phone: of(r.id, 6) }));
  }
  if (kind === "proposal") {
    const list = await db
      .selectFrom("proposals")
      .select(["id", "created_at", "status", "lang", "proposer_name as name", "proposer_phone as phone"])
      .where("created_at", ">=", start)
      .where("created_at", "<", end)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return list;
  }
  return db
    .selectFrom(kind === "as" ? "as_requests" : "purchase_requests")
    .select(["id", "created_at", "status", "lang", "applicant_name as name", "contact_phone as phone"])
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Publishes the status-page banner and the site notice (for 30 days at least). */
export async function publishIncident(db: Db, id: number, now = new Date()): Promise<boolean> {
  const until = new Date(now.getTime() + NOTICE_DAYS * 86_400_000).toISOString();
  const updated = await db
    .updateTable("breach_incidents")
    .set({ published_at: now.toISOString(), notice_until: until, updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("published_at", "is", null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function markReported(db: Db, id: number, now = new Date()): Promise<boolean> {
  const updated = await db
    .updateTable("breach_incidents")
    .set({ reported_at: now.toISOString(), updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("reported_at", "is", null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Closes the record: the status-page banner goes; the site notice keeps its 30 days. */
export async function closeIncident(db: Db, id: number, now = new Date()): Promise<boolean> {
  const updated = await db
    .updateTable("breach_incidents")
    .set({ closed_at: now.toISOString(), updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("closed_at", "is", null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The published notices the public pages show now (newest first). */
export async function siteNotices(db: Db, now = new Date()): Promise<Incident[]> {
  const rows = await db
    .selectFrom("breach_incidents")
    .selectAll()
    .where("published_at", "is not", null)
    .where("notice_until", ">", now.toISOString())
    .orderBy("id", "desc")
    .execute();
  return rows.map(incidentOf);
}

/** The published, open incident that affects a request of `kind` received at `createdAt`, if any (the status page's banner). */
export async function incidentFor(db: Db, kind: string, createdAt: string): Promise<Incident | null> {
  const at = new Date(createdAt).toISOString();
  const rows = await db
    .selectFrom("breach_incidents")
    .selectAll()
    .where("published_at", "is not", null)
    .where("closed_at", "is", null)
    .where("period_from", "<=", at)
    .where("period_to", ">", at)
    .orderBy("id", "desc")
    .execute();
  return rows.map(incidentOf).find((i) => (i.kinds as string[]).includes(kind)) ?? null;
}

/** Whether the count calls for a report to the PIPC or KISA by itself (시행령 제40조①1: 1천명 이상); the other grounds are the operator's judgement. */
export const reportByCount = (total: number) => total >= REPORT_THRESHOLD;
