import { sql, type Insertable, type Kysely } from "kysely";
import type { ClosedReason, ConsultationStage, Database, RequestStageHistoryTable } from "#db/schema.ts";
import { LOCALES } from "#app/i18n/locales.ts";
import { CLOSED_REASONS } from "#app/features/pipeline/stages.ts";
import { QUESTION_SEQ, VISA_OPTIONS } from "#app/requests/questions.ts";

/**
 * A year of consultations for the reports' speed (issue 26, item 4): `count`
 * requests spread evenly over the 365 days before `end`, each moved along
 * the road as far as a fixed pseudo-random draw says, with its visa answer
 * and its history. The same rows every run (no Math.random).
 */
const ROAD: ConsultationStage[] = ["contacting", "consulted", "documents", "with_lender", "approved"];
const CHUNK = 400;
const YEAR_MS = 365 * 86_400_000;

/** A small linear congruential generator: deterministic, good enough for spreading test rows. */
function draws(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Planned {
  created: number;
  moves: { to: ConsultationStage; at: number; reason: ClosedReason | null }[];
}

function plan(i: number, count: number, end: number, next: () => number): Planned {
  const created = end - YEAR_MS + Math.floor((i / count) * YEAR_MS);
  const steps = Math.floor(next() * (ROAD.length + 1));
  const moves: Planned["moves"] = ROAD.slice(0, steps).map((to, k) => ({ to, at: created + (k + 1) * 3_600_000, reason: null }));
  const ending = next();
  if (steps > 0 && steps < ROAD.length && ending < 0.4) {
    moves.push({
      to: "closed",
      at: created + (steps + 1) * 3_600_000,
      reason: CLOSED_REASONS[Math.floor(next() * CLOSED_REASONS.length)]!,
    });
  } else if (steps === 4 && ending < 0.6) moves.push({ to: "declined", at: created + 5 * 3_600_000, reason: null });
  return { created, moves };
}

export async function seedYearOfRequests(db: Kysely<Database>, count: number, end: Date): Promise<void> {
  const next = draws(26);
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += CHUNK) {
      const planned = Array.from({ length: Math.min(CHUNK, count - start) }, (_, k) => plan(start + k, count, end.getTime(), next));
      const ids = await trx
        .insertInto("consultation_answers")
        .values(
          planned.map((p, k) => {
            const last = p.moves.at(-1);
            return {
              lang: LOCALES[(start + k) % LOCALES.length]!,
              status: (last?.to ?? "new") as Exclude<ConsultationStage, never>,
              marketing_yn: "N" as const,
              submission_id: null,
              created_at: new Date(p.created).toISOString(),
              updated_at: new Date(last?.at ?? p.created).toISOString(),
              closed_reason: last?.reason ?? null,
            };
          }),
        )
        .returning("id")
        .execute();
      await trx
        .insertInto("consultation_answer_items")
        .values(
          ids.map(({ id }, k) => ({
            answer_id: id,
            question_seq: QUESTION_SEQ.visaType,
            answer_content: VISA_OPTIONS[(start + k) % VISA_OPTIONS.length]!,
          })),
        )
        .execute();
      const history: Insertable<RequestStageHistoryTable>[] = planned.flatMap((p, k) =>
        p.moves.map((m, n) => ({
          request_kind: "consultation" as const,
          request_id: ids[k]!.id,
          from_stage: n === 0 ? "new" : p.moves[n - 1]!.to,
          to_stage: m.to,
          operator_id: null,
          at: new Date(m.at).toISOString(),
          closed_reason: m.reason,
          lender: null,
          amount: null,
          approved_on: null,
        })),
      );
      for (let h = 0; h < history.length; h += CHUNK)
        await trx
          .insertInto("request_stage_history")
          .values(history.slice(h, h + CHUNK))
          .execute();
    }
  });
  // As autovacuum (PostgreSQL) would soon after a load this size: the planner's statistics.
  await sql`analyze`.execute(db);
}
