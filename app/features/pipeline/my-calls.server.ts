import { sql, type Kysely } from "kysely";
import type { Database, RequestStage } from "#db/schema.ts";
import { consultationsWithContact } from "#app/features/pipeline/inbox.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { consultationPhone, isDoNotContact } from "#app/features/pipeline/calls.server.ts";
import { DECIDED_STAGES } from "#app/features/pipeline/stages.ts";
import { formatSeoul, seoulMidnight } from "#app/lib/seoul-time.ts";
import { hhmm, isCallingTime, nextCallingMoment, type BusinessCalendar } from "#app/business/calendar.ts";
import { readCalendar } from "#app/business/calendar.server.ts";

/**
 * "My calls" (issue 26, item 3): an agent's queue, made for the phone —
 * calls due now (overdue first, with how late), then call-backs the visitor
 * asked for later today, then (outside the calling hours of the business
 * calendar) the leads waiting for the next opening, then unclaimed new
 * consultations, oldest first.
 */
type Db = Kysely<Database>;
const DAY = 86_400_000;

export interface QueuedCall {
  id: number;
  name: string;
  phone: string;
  stage: RequestStage;
  /** Seoul time of the call (due or asked); the request's arrival for a new one. */
  at: string;
  /** Minutes late (due calls only). */
  lateMinutes: number;
  asked: boolean;
}

export interface MyCalls {
  due: QueuedCall[];
  later: QueuedCall[];
  /** Outside the calling hours: my leads waiting for the next opening (a lead that arrived at night), due then. */
  atOpening: QueuedCall[];
  unclaimed: QueuedCall[];
  /**
   * Now is outside the calling hours of an open day (HH:MM, Korea time; a
   * weekend, a public holiday or a closure too): only those who asked for
   * this time may be called; the others wait until `next` (Seoul time).
   */
  outsideHours: { from: string; to: string; next: string } | null;
  /** Open leads of this agent (or unclaimed) left out because their number refused contact (금융소비자보호법 제21조의2). */
  refused: number;
}

const QUEUE_MAX = 50;

/** The end of the Seoul day `now` falls on. */
function endOfSeoulDay(now: Date): Date {
  return new Date(seoulMidnight(now) + DAY);
}

/** Leads whose phone number is on the "do not contact" list: never in a queue, whoever asked it and whenever. */
function callable(db: Db) {
  return consultationsWithContact(db).where((eb) =>
    eb.or([
      eb.not(eb.exists(eb.selectFrom("do_not_contact as d").select("d.id").whereRef("d.phone", "=", "p.answer_content"))),
      // The sender of this lead said on the form that it may be called (issue 48 item 5).
      eb.exists(
        eb
          .selectFrom("contact_exceptions as x")
          .select("x.id")
          .where("x.request_kind", "=", "consultation")
          .whereRef("x.request_id", "=", "a.id"),
      ),
    ]),
  );
}

function rows(db: Db) {
  return callable(db).select([
    "a.id",
    "a.status",
    "a.next_call_at",
    "a.next_call_asked",
    "a.created_at",
    "n.answer_content as name",
    "p.answer_content as phone",
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof rows>["execute"]>>[number];

function queued(r: Row, now: Date, at: string): QueuedCall {
  return {
    id: r.id,
    name: r.name ?? "",
    phone: r.phone ?? "",
    stage: r.status,
    at: formatSeoul(at),
    lateMinutes: r.next_call_at ? Math.max(0, Math.floor((now.getTime() - Date.parse(r.next_call_at)) / 60_000)) : 0,
    asked: Number(r.next_call_asked) === 1,
  };
}

export async function myCalls(db: Db, operatorId: number, now = new Date(), calendar?: BusinessCalendar): Promise<MyCalls> {
  const open = calendar ?? (await readCalendar(db));
  const at = now.toISOString();
  const due = await rows(db)
    .where("a.assigned_operator_id", "=", operatorId)
    .where("a.next_call_at", "<=", at)
    .orderBy("a.next_call_at")
    .orderBy("a.id")
    .limit(QUEUE_MAX)
    .execute();
  const later = await rows(db)
    .where("a.assigned_operator_id", "=", operatorId)
    .where("a.next_call_at", ">", at)
    .where("a.next_call_at", "<", endOfSeoulDay(now).toISOString())
    .where("a.next_call_asked", "=", 1)
    .orderBy("a.next_call_at")
    .limit(QUEUE_MAX)
    .execute();
  const opening = nextCallingMoment(open, now);
  const atOpening =
    opening.getTime() > now.getTime()
      ? await rows(db)
          .where("a.assigned_operator_id", "=", operatorId)
          .where("a.next_call_at", ">", at)
          .where("a.next_call_at", "<=", opening.toISOString())
          .where("a.next_call_asked", "=", 0)
          .orderBy("a.next_call_at")
          .orderBy("a.id")
          .limit(QUEUE_MAX)
          .execute()
      : [];
  const unclaimed = await rows(db)
    .where("a.assigned_operator_id", "is", null)
    .where("a.status", "=", "new")
    .orderBy("a.created_at")
    .orderBy("a.id")
    .limit(QUEUE_MAX)
    .execute();
  return {
    due: due.map((r) => queued(r, now, r.next_call_at!)),
    later: later.map((r) => ({ ...queued(r, now, r.next_call_at!), lateMinutes: 0 })),
    atOpening: atOpening.map((r) => ({ ...queued(r, now, r.next_call_at!), lateMinutes: 0 })),
    unclaimed: unclaimed.map((r) => ({ ...queued(r, now, r.created_at), lateMinutes: 0 })),
    outsideHours: isCallingTime(open, now)
      ? null
      : { from: hhmm(open.calling.start), to: hhmm(open.calling.end), next: formatSeoul(opening) },
    refused: await refusedCount(db, operatorId),
  };
}

/** How many open leads of this agent, or new unclaimed ones, the "do not contact" list keeps out of the queue. */
async function refusedCount(db: Db, operatorId: number): Promise<number> {
  const row = await consultationsWithContact(db)
    .innerJoin("do_not_contact as d", "d.phone", "p.answer_content")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("contact_exceptions as x")
            .select("x.id")
            .where("x.request_kind", "=", "consultation")
            .whereRef("x.request_id", "=", "a.id"),
        ),
      ),
    )
    .where("a.status", "not in", DECIDED_STAGES)
    .where((eb) =>
      eb.or([
        eb("a.assigned_operator_id", "=", operatorId),
        eb.and([eb("a.assigned_operator_id", "is", null), eb("a.status", "=", "new")]),
      ]),
    )
    .select((eb) => eb.fn.count<number | string>("a.id").distinct().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * An agent takes an unclaimed lead (false: someone else has it). A new lead
 * claimed is due at once inside the calling hours — the first call is the
 * one that matters most — and at the next opening outside them (a lead
 * claimed at night is never "due now").
 */
export async function claim(db: Db, who: { operator: { id: number; email: string } }, id: number, now = new Date()): Promise<boolean> {
  const due = nextCallingMoment(await readCalendar(db), now).toISOString();
  return db.transaction().execute(async (trx) => {
    // A number that refused contact gets no call, even when an agent takes its lead.
    const forbidden = await isDoNotContact(trx, await consultationPhone(trx, id), { kind: "consultation", id });
    const result = await trx
      .updateTable("consultation_answers")
      .set({
        assigned_operator_id: who.operator.id,
        ...(forbidden ? {} : { next_call_at: sql<string>`coalesce(next_call_at, ${due})` }),
      })
      .where("id", "=", id)
      .where("assigned_operator_id", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await audit(trx, who, "assign", { kind: "consultation", id }, `claim operator=${who.operator.id}`, now);
    return true;
  });
}
