import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { AdminKey, AdminT } from "#app/features/console/i18n.ts";
import { CONSULTATION_STAGES } from "#app/requests/kinds.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";
import { toCsv } from "#app/lib/csv.ts";
import { QUESTION_SEQ } from "#app/requests/questions.ts";
import type { ReportPeriod } from "#app/features/reports/period.ts";
import { periodBounds } from "#app/features/reports/reports.server.ts";
import { visaOf } from "#app/features/reports/figures.ts";

/**
 * The whole pipeline as a spreadsheet (issue 26, item 4): one line per
 * consultation of the period, oldest first, with the time it first reached
 * each stage (from the history), where it stands now and what it recorded.
 * No name, phone or note: it may travel further than the console.
 */
type Db = Kysely<Database>;

/** Every stage a consultation can move to (arriving is `received`). */
const MOVES = CONSULTATION_STAGES.filter((s) => s !== "new");

export async function pipelineCsv(db: Db, period: ReportPeriod, t: AdminT): Promise<{ csv: string; rows: number }> {
  const { start, end } = periodBounds(period);
  const firstAt = (stage: string) => sql<string | null>`min(case when h.to_stage = ${stage} then h.at end)`.as(`at_${stage}`);
  const rows = await db
    .selectFrom("consultation_answers as c")
    .leftJoin("consultation_answer_items as v", (join) =>
      join.onRef("v.answer_id", "=", "c.id").on("v.question_seq", "=", QUESTION_SEQ.visaType),
    )
    .leftJoin("request_stage_history as h", (join) => join.on("h.request_kind", "=", "consultation").onRef("h.request_id", "=", "c.id"))
    .where("c.created_at", ">=", start)
    .where("c.created_at", "<", end)
    .groupBy([
      "c.id",
      "c.created_at",
      "c.lang",
      "v.answer_content",
      "c.status",
      "c.closed_reason",
      "c.lender",
      "c.approved_amount",
      "c.approved_on",
    ])
    .select([
      "c.id",
      "c.created_at",
      "c.lang",
      "v.answer_content as visa",
      "c.status",
      "c.closed_reason",
      "c.lender",
      "c.approved_amount",
      "c.approved_on",
    ])
    .select(MOVES.map(firstAt))
    .orderBy("c.created_at")
    .orderBy("c.id")
    .execute();
  const header = [
    "id",
    t("reports.csv.received"),
    t("reports.csv.lang"),
    t("reports.csv.visa"),
    t("reports.csv.stage"),
    t("reports.csv.reason"),
    t("reports.csv.lender"),
    t("reports.csv.amount"),
    t("reports.csv.approvedOn"),
    ...MOVES.map((s) => t(`pipeline.stage.${s}` as AdminKey)),
  ];
  const lines = rows.map((r) => {
    const times = r as unknown as Record<string, string | Date | null>;
    return [
      r.id,
      formatSeoul(r.created_at),
      r.lang,
      visaOf(r.visa),
      t(`pipeline.stage.${r.status}` as AdminKey),
      r.closed_reason ? t(`pipeline.reason.${r.closed_reason}` as AdminKey) : "",
      r.lender ?? "",
      r.approved_amount === null ? "" : Number(r.approved_amount),
      r.approved_on ?? "",
      ...MOVES.map((s) => {
        const at = times[`at_${s}`];
        return at ? formatSeoul(at) : "";
      }),
    ];
  });
  return { csv: toCsv(header, lines), rows: rows.length };
}
