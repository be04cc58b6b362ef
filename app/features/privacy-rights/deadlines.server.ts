import { data, type RouterContextProvider } from "react-router";
import type { Kysely } from "kysely";
import { services } from "#app/lib/services.server.ts";
import { consoleForm, positiveId } from "#app/features/console/console.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import type { Database, RightsRequestKind } from "#db/schema.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";
import { daysLeft, isAnswerMethod, type AnswerMethod } from "#app/features/privacy-rights/deadlines.ts";

/**
 * The console's list of rights requests and complaints still to answer
 * (issue 28, point 5): overdue ones first (most overdue first), then by the
 * days left; each answer recorded closes one.
 */
/** What recording an answer gives the page. */
export type DeadlineResult = { ok: "answered" } | { error: "missing" | "method" };

export interface DeadlineRow {
  id: number;
  request: RightsRequestKind;
  phone: string;
  message: string | null;
  received: string;
  due: string;
  daysLeft: number;
  overdue: boolean;
}

export async function openDeadlines(db: Kysely<Database>, now = new Date()): Promise<DeadlineRow[]> {
  const rows = await db
    .selectFrom("rights_requests")
    .select(["id", "request_kind", "phone", "message", "created_at", "due_at"])
    .where("answered_at", "is", null)
    .where("status", "!=", "closed")
    .where("due_at", "is not", null)
    .orderBy("due_at", "asc")
    .orderBy("id", "asc")
    .limit(500)
    .execute();
  return rows.map((r) => {
    const left = daysLeft(r.due_at!, now);
    return {
      id: r.id,
      request: r.request_kind,
      phone: r.phone,
      message: r.message,
      received: formatSeoul(r.created_at),
      due: formatSeoul(r.due_at!).slice(0, 10),
      daysLeft: left,
      overdue: new Date(r.due_at!) < now,
    };
  });
}

/** How many are past their deadline now (the inbox warns while any is). */
export async function overdueCount(db: Kysely<Database>, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom("rights_requests")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("answered_at", "is", null)
    .where("status", "!=", "closed")
    .where("due_at", "<", now.toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Records the answer — when, by whom, how — and closes the request. False when it was already answered or is gone. */
export async function recordAnswer(
  db: Kysely<Database>,
  id: number,
  answer: { by: string; method: AnswerMethod; note: string },
  now = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable("rights_requests")
    .set({
      answered_at: at,
      answered_by: answer.by,
      answer_method: answer.method,
      answer_note: answer.note || null,
      status: "closed",
      updated_at: at,
    })
    .where("id", "=", id)
    .where("answered_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The deadlines page's post: the answer's method and note; when and by whom come from the session. Audited. */
export async function answerFromForm(request: Request, context: Readonly<RouterContextProvider>) {
  const { form, who } = await consoleForm(request, context, 4 * 1024);
  const { db } = services(context);
  const id = positiveId(form.get("id"));
  const method = form.get("method");
  if (!isAnswerMethod(method)) return data<DeadlineResult>({ error: "method" }, { status: 400 });
  const note = String(form.get("note") ?? "").slice(0, 1000);
  if (!id || !(await recordAnswer(db, id, { by: who.operator.email, method, note }))) {
    return data<DeadlineResult>({ error: "missing" }, { status: 400 });
  }
  await audit(db, who, "rights_answer", { kind: "rights", id }, `method ${method}`);
  return data<DeadlineResult>({ ok: "answered" });
}
