import type { Kysely } from "kysely";
import type { Database, LenderConsentMethod } from "#db/schema.ts";
import { validate, type FieldErrors } from "#app/lib/schema.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { isDecided } from "#app/features/pipeline/stages.ts";
import {
  consentItems,
  lenderConsentInput,
  lenderConsentSchema,
  sameLender,
  type ConsentAnswer,
  type LenderConsentItem,
} from "#app/features/pipeline/lender-consent.ts";

/**
 * Consents to give a consultation to a lender (issue 52, item 1; ADR 0052):
 * asked by an operator for the status page, or recorded as given by phone
 * or on paper; answered by the visitor; looked up by the stage move.
 */
type Db = Kysely<Database>;

export interface LenderConsent {
  id: number;
  lender: string;
  items: LenderConsentItem[];
  retentionYears: number;
  method: LenderConsentMethod;
  reference: string | null;
  /** Who asked (on the site) or recorded it (phone, paper). */
  operator: string | null;
  askedAt: string;
  answer: ConsentAnswer | null;
  /** Korea time, formatted; null while unanswered. */
  answeredAt: string | null;
  lang: string | null;
  /** Korea time, formatted, when the person withdrew a given consent (개인정보 보호법 제37조); null while it stands. */
  withdrawnAt: string | null;
}

/** A consultation's consents to lenders, newest first (every operator may read them: the lender's name and how). */
export async function lenderConsents(db: Db, answerId: number): Promise<LenderConsent[]> {
  const rows = await db
    .selectFrom("lender_consents as c")
    .leftJoin("admin_operators as o", "o.id", "c.operator_id")
    .select([
      "c.id",
      "c.lender",
      "c.items",
      "c.retention_years",
      "c.method",
      "c.reference",
      "o.email",
      "c.asked_at",
      "c.answer",
      "c.answered_at",
      "c.lang",
      "c.withdrawn_at",
    ])
    .where("c.answer_id", "=", answerId)
    .orderBy("c.id", "desc")
    .limit(50)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    lender: r.lender,
    items: consentItems(r.items),
    retentionYears: Number(r.retention_years),
    method: r.method,
    reference: r.reference,
    operator: r.email ?? null,
    askedAt: formatSeoul(r.asked_at),
    answer: r.answer,
    answeredAt: r.answered_at ? formatSeoul(r.answered_at) : null,
    lang: r.lang,
    withdrawnAt: r.withdrawn_at ? formatSeoul(r.withdrawn_at) : null,
  }));
}

/** The consent given to `lender` for consultation #`answerId` that a move to the lender stage rests on (its id), or null. */
export async function givenConsentFor(db: Db, answerId: number, lender: string): Promise<number | null> {
  const given = await db
    .selectFrom("lender_consents")
    .select(["id", "lender"])
    .where("answer_id", "=", answerId)
    .where("answer", "=", "given")
    .where("withdrawn_at", "is", null)
    .orderBy("id", "desc")
    .execute();
  return given.find((c) => sameLender(c.lender, lender))?.id ?? null;
}

export type LenderConsentResult =
  | { ok: true; method: LenderConsentMethod }
  | { ok: false; error: "missing" | "decided" | "invalid"; fields?: FieldErrors; values?: Record<string, string> };

/**
 * The console's consent form, read with its one schema: asked on the status
 * page (the visitor answers there), or written as given by phone or on paper,
 * by the operator who records it. Refused on a decided or closed consultation.
 */
export async function lenderConsentAction(
  db: Db,
  who: { operator: { id: number; email: string } },
  answerId: number,
  form: URLSearchParams,
  now = new Date(),
): Promise<LenderConsentResult> {
  const input = lenderConsentInput(form);
  const parsed = validate(lenderConsentSchema, input);
  if (!parsed.success) return { ok: false, error: "invalid", fields: parsed.errors, values: input };
  const move = parsed.output;
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom("consultation_answers").select("status").where("id", "=", answerId).executeTakeFirst();
    if (!lead) return { ok: false, error: "missing" } as const;
    if (isDecided(lead.status)) return { ok: false, error: "decided", values: input } as const;
    const at = now.toISOString();
    const given = move.method !== "web";
    const { id } = await trx
      .insertInto("lender_consents")
      .values({
        answer_id: answerId,
        lender: move.lender,
        items: move.items.join(","),
        retention_years: move.retentionYears,
        method: move.method,
        reference: move.method === "web" ? null : move.reference,
        operator_id: who.operator.id,
        asked_at: at,
        answer: given ? "given" : null,
        answered_at: given ? at : null,
        lang: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(
      trx,
      who,
      "lender_consent",
      { kind: "consultation", id: answerId },
      `#${id} ${move.method} ${given ? "given" : "asked"}`,
      now,
    );
    return { ok: true, method: move.method } as const;
  });
}

/** What the status page shows of it: the open question, and the consents already given. */
export interface VisitorConsents {
  ask: { id: number; lender: string; items: LenderConsentItem[]; retentionYears: number } | null;
  /** `withdrawnAt`: a given consent the person withdrew, when (null while it stands). */
  answered: { id: number; lender: string; answer: ConsentAnswer; at: string; withdrawnAt: string | null }[];
}

/** The status page's view of a consultation's consents (no operator, no reference: only what the person gave or is asked). */
export async function visitorConsents(db: Db, answerId: number): Promise<VisitorConsents> {
  const rows = await db
    .selectFrom("lender_consents")
    .select(["id", "lender", "items", "retention_years", "answer", "answered_at", "withdrawn_at"])
    .where("answer_id", "=", answerId)
    .orderBy("id", "desc")
    .limit(20)
    .execute();
  const open = rows.find((r) => r.answer === null);
  return {
    ask: open ? { id: open.id, lender: open.lender, items: consentItems(open.items), retentionYears: Number(open.retention_years) } : null,
    answered: rows.flatMap((r) =>
      r.answer && r.answered_at ? [{ id: r.id, lender: r.lender, answer: r.answer, at: r.answered_at, withdrawnAt: r.withdrawn_at }] : [],
    ),
  };
}

/**
 * The visitor's answer to an open question, in the caller's transaction:
 * true when it was open (asked of this consultation and not answered yet),
 * false otherwise (nothing changes).
 */
export async function answerLenderConsent(
  trx: Db,
  answerId: number,
  consentId: number,
  answer: ConsentAnswer,
  lang: string,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable("lender_consents")
    .set({ answer, answered_at: now.toISOString(), lang })
    .where("id", "=", consentId)
    .where("answer_id", "=", answerId)
    .where("method", "=", "web")
    .where("answer", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The person withdraws a consent they gave (개인정보 보호법 제37조), in the
 * caller's transaction: true when it was given on this consultation and
 * still stood, false otherwise (nothing changes). From then no move to that
 * lender rests on it (`givenConsentFor`); however it was given (site, phone,
 * paper), the person may withdraw it on the status page.
 */
export async function withdrawLenderConsent(trx: Db, answerId: number, consentId: number, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable("lender_consents")
    .set({ withdrawn_at: now.toISOString() })
    .where("id", "=", consentId)
    .where("answer_id", "=", answerId)
    .where("answer", "=", "given")
    .where("withdrawn_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
