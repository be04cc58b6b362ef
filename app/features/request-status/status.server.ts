import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { maskPhone } from "#app/requests/mask.ts";
import { CONTACT_COLUMNS } from "#app/requests/tables.server.ts";
import type { StatusLink } from "#app/requests/status-link.server.ts";
import type { StatusFacts } from "#app/features/request-status/view.ts";
import { UNANSWERED } from "#app/features/pipeline/calls.ts";
import { attemptsOf, consultationPhoneAnswer } from "#app/features/pipeline/calls.server.ts";

/**
 * The facts of a linked request that the status page may use (ADR 0033):
 * its status, times, masked phone and, for a consultation, the pipeline's
 * call schedule — read here and nowhere else, so the
 * page cannot show what it was not given. Null when the request is gone
 * (retention, an erasure by the privacy page) and the visitor did not
 * withdraw it here: the link then answers 404 like any unknown link.
 */
type Db = Kysely<Database>;

async function requestRow(db: Db, link: StatusLink) {
  const id = link.request_id;
  switch (link.request_kind) {
    case "consultation": {
      const row = await db
        .selectFrom("consultation_answers")
        .select(["status", "created_at", "lender", "next_call_at", "next_call_asked"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) return null;
      const phone = await consultationPhoneAnswer(db, id);
      const { next_call_at, next_call_asked, ...rest } = row;
      return { ...rest, phone, rights: null, calls: await callFacts(db, id, next_call_at, next_call_asked) };
    }
    case "proposal":
    case "as":
    case "purchase": {
      const { table, phone } = CONTACT_COLUMNS[link.request_kind];
      return (
        (await db
          .selectFrom(table)
          .select(["status", "created_at", sql.ref<string>(phone).as("phone")])
          .where("id", "=", id)
          .executeTakeFirst()) ?? null
      );
    }
    case "rights": {
      const row = await db
        .selectFrom("rights_requests")
        .select(["status", "created_at", "phone", "request_kind", "due_at", "answered_at"])
        .where("id", "=", id)
        .executeTakeFirst();
      return row ? { ...row, rights: { request: row.request_kind, dueAt: row.due_at, answeredAt: row.answered_at } } : null;
    }
  }
}

/**
 * What the page may know of the pipeline's calls (ADR 0028): when the last
 * attempt was, only if no one answered it, and the next call — the visitor's
 * own call-back time when one was asked (by phone or on this page). Never the
 * note, the outcome's words or who called.
 */
async function callFacts(db: Db, id: number, nextCallAt: string | null, asked: number) {
  const last = await attemptsOf(db, id).select(["c.at", "c.outcome"]).limit(1).executeTakeFirst();
  const callback = Number(asked) === 1 ? nextCallAt : null;
  return {
    callbackAt: callback,
    lastAttemptAt: last && UNANSWERED.includes(last.outcome) ? last.at : null,
    nextCallAt: callback ? null : nextCallAt,
  };
}

function erasedCounts(json: string | null): Record<string, number> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" ? (value as Record<string, number>) : null;
  } catch {
    return null;
  }
}

export async function statusFacts(db: Db, link: StatusLink): Promise<StatusFacts | null> {
  const base = {
    kind: link.request_kind,
    callbackAt: link.callback_at,
    withdrawnAt: link.withdrawn_at,
    erased: erasedCounts(link.erased),
  };
  if (link.withdrawn_at) return { ...base, status: "closed", createdAt: link.created_at, maskedPhone: null };
  const row = await requestRow(db, link);
  if (!row) return null;
  return {
    ...base,
    status: row.status,
    createdAt: row.created_at,
    maskedPhone: row.phone ? maskPhone(row.phone) : null,
    lender: "lender" in row ? row.lender : null,
    ...("calls" in row ? row.calls : {}),
    rights: "rights" in row ? row.rights : null,
  };
}
