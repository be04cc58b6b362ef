import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { isPostgres } from "#db/migrations/dialect-types.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { consultationPhone, isDoNotContact } from "#app/features/pipeline/calls.server.ts";
import { nextCallingMoment } from "#app/business/calendar.ts";
import { readCalendar } from "#app/business/calendar.server.ts";

/**
 * Who has a lead (issue 26, item 3; ADR 0028). A new consultation is given,
 * in the transaction that stores it, to the enabled operator on duty who was
 * given one longest ago (never first, then by id); an administrator gives a
 * lead to any enabled operator, or to no one. Every change is audited
 * (`assign`); the system gives the new ones.
 */
type Db = Kysely<Database> | Transaction<Database>;

/** The operators a new lead may go to: enabled and on duty. */
function onDuty(db: Db) {
  return db.selectFrom("admin_operators").where("on_duty", "=", 1).where("disabled_at", "is", null);
}

/**
 * The next in turn: never given one first, then the one given one longest
 * ago, then the lowest id. `is not null` orders the same on both dialects
 * (SQLite sorts nulls first, PostgreSQL last).
 */
function inTurn(db: Db) {
  return onDuty(db)
    .select("id")
    .orderBy(sql`last_assigned_at is not null`)
    .orderBy("last_assigned_at")
    .orderBy("id")
    .limit(1);
}

/**
 * On PostgreSQL two instances store at once: each takes the next operator in
 * turn whose row no other transaction is giving a lead to right now (SKIP
 * LOCKED), so neither picks an agent another is being given while someone
 * is free. When every one is being given a lead, it waits for them all (in
 * id order: no deadlock), then chooses with the turns they stamped — a
 * choice without waiting would read the same old turns for every waiting
 * lead and give them all to one agent. `NO KEY UPDATE`, not `UPDATE`: an
 * operator whose row is only key-locked (a session of theirs being written)
 * is not busy, and the sign-in does not wait for the turn.
 * SQLite runs one writing transaction at a time.
 */
async function nextInTurn(trx: Transaction<Database>): Promise<number | null> {
  if (isPostgres(trx as unknown as Kysely<unknown>)) {
    const free = await inTurn(trx).forNoKeyUpdate().skipLocked().executeTakeFirst();
    if (free) return free.id;
    const all = await onDuty(trx).select("id").orderBy("id").forNoKeyUpdate().execute();
    if (!all.length) return null;
  }
  return (await inTurn(trx).executeTakeFirst())?.id ?? null;
}

/**
 * The turn's stamp: the time of the request, and later than every turn
 * stamped before it, so that two leads in the same millisecond still take
 * turns instead of both going to the lowest id.
 */
async function turnStamp(trx: Transaction<Database>, now: Date): Promise<string> {
  const row = await onDuty(trx)
    .select((eb) => eb.fn.max("last_assigned_at").as("latest"))
    .executeTakeFirst();
  const latest = row?.latest ? Date.parse(row.latest) + 1 : 0;
  return new Date(Math.max(now.getTime(), latest)).toISOString();
}

/**
 * Gives a lead to `operatorId` (or to no one). A new lead given to someone
 * is due at `now` inside the calling hours — the first call is the one that
 * matters most — and at the next opening of the business calendar outside
 * them (a request sent at night or on a holiday is due when we open);
 * unless its number asked not to be contacted, then nothing is scheduled.
 */
async function give(trx: Transaction<Database>, id: number, operatorId: number | null, now: Date): Promise<void> {
  const due = operatorId !== null && !(await isDoNotContact(trx, await consultationPhone(trx, id), { kind: "consultation", id }));
  const at = due ? nextCallingMoment(await readCalendar(trx), now).toISOString() : null;
  await trx
    .updateTable("consultation_answers")
    .set({ assigned_operator_id: operatorId })
    .$if(due, (q) =>
      q.set({
        next_call_at: sql<string>`case when status = 'new' then coalesce(next_call_at, ${at}) else next_call_at end`,
      }),
    )
    .where("id", "=", id)
    .execute();
}

/**
 * Gives a consultation just stored to the next operator in turn, in its
 * transaction; answers who (null: no one is on duty, the lead waits to be
 * claimed). Call it only for a request this submission created: a retry
 * neither gets a second agent nor moves the turn.
 */
export async function assignInTurn(trx: Transaction<Database>, id: number, now: Date): Promise<number | null> {
  const operatorId = await nextInTurn(trx);
  if (operatorId === null) return null;
  const stamp = await turnStamp(trx, now);
  await trx.updateTable("admin_operators").set({ last_assigned_at: stamp }).where("id", "=", operatorId).execute();
  await give(trx, id, operatorId, now);
  await audit(trx, null, "assign", { kind: "consultation", id }, `round-robin operator=${operatorId}`, now);
  return operatorId;
}

export interface Assignee {
  id: number;
  email: string;
}

/** What the detail page shows: who has the lead, and (administrators) whom it may go to. */
export interface Assignment {
  operator: Assignee | null;
  /** The enabled operators; null for an agent, who cannot reassign. */
  choices: Assignee[] | null;
}

export async function leadAssignment(db: Db, id: number, canReassign: boolean): Promise<Assignment> {
  const row = await db
    .selectFrom("consultation_answers as a")
    .leftJoin("admin_operators as o", "o.id", "a.assigned_operator_id")
    .select(["o.id", "o.email"])
    .where("a.id", "=", id)
    .executeTakeFirst();
  const operator = row && row.id !== null && row.email !== null ? { id: row.id, email: row.email } : null;
  const choices = canReassign
    ? await db.selectFrom("admin_operators").select(["id", "email"]).where("disabled_at", "is", null).orderBy("email").execute()
    : null;
  return { operator, choices };
}

/** The reassign form's answer: done (to whom), or why not. */
export type ReassignResult = { ok: true; to: string | null } | { ok: false; error: "unknown" | "missing" };

/** The form's value: an operator's id, or "none" for no one. */
function target(value: string | null): number | null | undefined {
  if (value === "none") return null;
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  return Number(value);
}

/**
 * An administrator gives the lead to an enabled operator, or to no one
 * (`to=none`): audited `assign` with `from=<id|none> to=<id|none>`. An
 * unknown or disabled operator changes nothing ("unknown").
 */
export async function reassign(
  db: Kysely<Database>,
  who: { operator: { id: number; email: string } },
  id: number,
  to: string | null,
  now = new Date(),
): Promise<ReassignResult> {
  const operatorId = target(to);
  if (operatorId === undefined) return { ok: false, error: "unknown" };
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom("consultation_answers").select("assigned_operator_id").where("id", "=", id).executeTakeFirst();
    if (!lead) return { ok: false, error: "missing" } as const;
    const operator =
      operatorId === null
        ? null
        : await trx
            .selectFrom("admin_operators")
            .select("email")
            .where("id", "=", operatorId)
            .where("disabled_at", "is", null)
            .executeTakeFirst();
    if (operator === undefined) return { ok: false, error: "unknown" } as const;
    await give(trx, id, operatorId, now);
    const from = lead.assigned_operator_id ?? "none";
    await audit(trx, who, "assign", { kind: "consultation", id }, `from=${from} to=${operatorId ?? "none"}`, now);
    return { ok: true, to: operator?.email ?? null } as const;
  });
}

/** The switch on My account: whether the operator receives new leads in turn. */
export async function isOnDuty(db: Db, operatorId: number): Promise<boolean> {
  const row = await db.selectFrom("admin_operators").select("on_duty").where("id", "=", operatorId).executeTakeFirst();
  return Number(row?.on_duty) === 1;
}

/** Turns the switch; audited (`duty_on` / `duty_off`) when it changed. */
export async function setOnDuty(
  db: Kysely<Database>,
  who: { operator: { id: number; email: string } },
  on: boolean,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("admin_operators")
      .set({ on_duty: on ? 1 : 0 })
      .where("id", "=", who.operator.id)
      .where("on_duty", "=", on ? 0 : 1)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0)
      await audit(trx, who, on ? "duty_on" : "duty_off", { kind: "operator", id: who.operator.id }, "", now);
  });
}
