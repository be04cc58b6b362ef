import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from "kysely";
import type { ConsultationCheckTable, Database } from "#db/schema.ts";
import type { AdminKey, AdminT } from "#app/features/console/i18n.ts";
import { consultationAnswers } from "#app/features/pipeline/consultation-answers.server.ts";
import { CONSULTATION_FIELDS, type RequestKind } from "#app/requests/kinds.ts";
import { REQUEST_TABLES } from "#app/requests/tables.server.ts";
import { sourceColumns, SOURCE_COLUMNS } from "#app/features/attribution/console.server.ts";
import { formatSeoul, seoulDay, seoulRange } from "#app/lib/seoul-time.ts";
import { toCsv, type CsvValue } from "#app/lib/csv.ts";

/**
 * CSV export of one kind of request over a Seoul date range: what an
 * operator downloads to work in a spreadsheet. Column titles are in the
 * operator's language; times in Seoul; oldest first, like a ledger. Only the
 * columns the operator chose (issue 52: name, phone and income are not chosen
 * by default); the route encrypts the file (ADR 0054).
 */
const EXPORT_MAX_ROWS = 50_000;

type Db = Kysely<Database>;
type Range = { start?: string; end?: string };

interface WorkflowRow {
  id: number;
  status: string;
  lang: string;
  operator_note: string;
  created_at: string;
  updated_at: string;
}

/** The range, the ledger order and the row cap, on any request table. */
function ledger<TB extends keyof Database, O>(q: SelectQueryBuilder<Database, TB, O>, { start, end }: Range) {
  if (start) q = q.where(sql<boolean>`created_at >= ${start}`);
  if (end) q = q.where(sql<boolean>`created_at < ${end}`);
  return q
    .orderBy(sql`created_at`)
    .orderBy(sql`id`)
    .limit(EXPORT_MAX_ROWS);
}

interface Table {
  columns: string[];
  rows: CsvValue[][];
  ids: number[];
}

const HEAD = ["id", "received", "status"];
const TAIL = ["lang", "note", "updated"];
const PROPOSAL_COLUMNS = ["organization", "phone", "email", "proposal"];
const PURCHASE_COLUMNS = ["name", "phone", "address", "inquiry"];
const AS_COLUMNS = ["name", "phone", "address", "symptom", "photos"];
const LOAN_COLUMNS = [
  "pipeline.col.closedReason",
  "pipeline.col.closedNote",
  "pipeline.col.lender",
  "pipeline.col.amount",
  "pipeline.col.approvedOn",
];

function table<R extends WorkflowRow>(t: AdminT, list: R[], middle: string[], values: (r: R) => CsvValue[]): Table {
  return {
    columns: [...HEAD, ...middle, ...TAIL],
    rows: list.map((r) => [
      r.id,
      formatSeoul(r.created_at),
      t(`pipeline.stage.${r.status}` as AdminKey),
      ...values(r),
      r.lang,
      r.operator_note,
      formatSeoul(r.updated_at),
    ]),
    ids: list.map((r) => r.id),
  };
}

async function proposals(db: Db, range: Range, t: AdminT): Promise<Table> {
  const list = await ledger(db.selectFrom("proposals").selectAll(), range).execute();
  return table(t, list, PROPOSAL_COLUMNS, (r) => [r.proposer_name, r.proposer_phone, r.proposer_email, r.proposal_content]);
}

async function counterInquiries(db: Db, kind: "as" | "purchase", range: Range, t: AdminT): Promise<Table> {
  const list = await ledger(db.selectFrom(kind === "as" ? "as_requests" : "purchase_requests").selectAll(), range).execute();
  if (kind === "purchase") {
    return table(t, list, PURCHASE_COLUMNS, (r) => [r.applicant_name, r.contact_phone, r.applicant_addr, r.inquiry_content]);
  }
  const photos = new Map<number, number>();
  for (let i = 0; i < list.length; i += 500) {
    const chunk = list.slice(i, i + 500).map((r) => r.id);
    const counts = await db
      .selectFrom("as_request_photos")
      .select(["as_request_id", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("as_request_id", "in", chunk)
      .groupBy("as_request_id")
      .execute();
    for (const c of counts) photos.set(c.as_request_id, Number(c.n));
  }
  return table(t, list, AS_COLUMNS, (r) => [r.applicant_name, r.contact_phone, r.applicant_addr, r.inquiry_content, photos.get(r.id) ?? 0]);
}

/** The eligibility check sent with a consultation (issue 27): empty cells when none came. */
const CHECK_COLUMNS = [
  "checkFits",
  "checkTotal",
  "checkEmployedMonths",
  "checkEmployment",
  "checkIncome",
  "checkAmount",
  "checkMonths",
  "checkResult",
];
const CONSULTATION_MIDDLE = [...CONSULTATION_FIELDS, "marketing", "consents", ...LOAN_COLUMNS, ...CHECK_COLUMNS];

/** Every column an export of `kind` can have, in the file's order (the operator chooses among them). */
export function exportColumns(kind: RequestKind): string[] {
  const middle =
    kind === "proposal" ? PROPOSAL_COLUMNS : kind === "consultation" ? CONSULTATION_MIDDLE : kind === "as" ? AS_COLUMNS : PURCHASE_COLUMNS;
  return [...HEAD, ...middle, ...TAIL, ...SOURCE_COLUMNS];
}

/** A column's title in the operator's language: the catalog's `field.<name>`, or a whole key (`pipeline.col.lender`). */
export const columnTitle = (t: AdminT, column: string) => t((column.includes(".") ? column : `field.${column}`) as AdminKey);

/** How many requests of `kind` the export over `days` holds (before any is read). */
export async function exportCount(db: Db, kind: RequestKind, days: { from?: string; to?: string }): Promise<number> {
  const { start, end } = seoulRange(days.from, days.to);
  const table = REQUEST_TABLES[kind];
  let q = db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as("n"));
  if (start) q = q.where(sql<boolean>`created_at >= ${start}`);
  if (end) q = q.where(sql<boolean>`created_at < ${end}`);
  return Math.min(Number((await q.executeTakeFirstOrThrow()).n), EXPORT_MAX_ROWS);
}

type CheckRow = Selectable<ConsultationCheckTable>;

async function consultationChecks(db: Db, ids: number[]): Promise<Map<number, CheckRow>> {
  const out = new Map<number, CheckRow>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("consultation_checks")
      .selectAll()
      .where("answer_id", "in", ids.slice(i, i + 500))
      .execute();
    for (const row of rows) out.set(row.answer_id, row);
  }
  return out;
}

/** `savings-bank: fits; regional-bank-student: visa, income`. */
function checkCells(row: CheckRow | undefined): CsvValue[] {
  if (!row) return CHECK_COLUMNS.map(() => "");
  const result = JSON.parse(row.result) as { key: string; fits: boolean; failures: string[] }[];
  return [
    row.fits,
    row.total,
    row.employed_months,
    row.employment,
    row.income,
    row.amount,
    row.months,
    result.map((p) => `${p.key}: ${p.fits ? "fits" : p.failures.join(", ")}`).join("; "),
  ];
}

async function consultations(db: Db, range: Range, t: AdminT): Promise<Table> {
  const list = await ledger(db.selectFrom("consultation_answers").selectAll(), range).execute();
  const ids = list.map((r) => r.id);
  const answers = await consultationAnswers(db, ids);
  const consents = new Map<number, string[]>();
  for (let i = 0; i < ids.length; i += 500) {
    const records = await db
      .selectFrom("consent_records")
      .select(["answer_id", "policy_kind", "policy_version", "agreed_yn", "withdrawn_at"])
      .where("answer_id", "in", ids.slice(i, i + 500))
      .orderBy("id")
      .execute();
    for (const c of records)
      consents.set(c.answer_id, [
        ...(consents.get(c.answer_id) ?? []),
        // A withdrawn consent says when (issue 16): the person asked through /privacy-rights.
        `${c.policy_kind} ${c.policy_version} ${c.agreed_yn}${c.withdrawn_at ? ` withdrawn ${seoulDay(c.withdrawn_at)}` : ""}`,
      ]);
  }
  const checks = await consultationChecks(db, ids);
  return table(t, list, CONSULTATION_MIDDLE, (r) => {
    const a = answers.get(r.id) ?? {};
    return [
      ...CONSULTATION_FIELDS.map((f) => a[f] ?? ""),
      r.marketing_yn,
      (consents.get(r.id) ?? []).join("; "),
      r.closed_reason ? t(`pipeline.reason.${r.closed_reason}`) : "",
      r.closed_note ?? "",
      r.lender ?? "",
      r.approved_amount ?? "",
      r.approved_on ?? "",
      ...checkCells(checks.get(r.id)),
    ];
  });
}

export async function exportRequests(
  db: Db,
  kind: RequestKind,
  days: { from?: string; to?: string },
  t: AdminT,
  chosen: readonly string[] = exportColumns(kind),
): Promise<{ filename: string; csv: string; ids: number[] }> {
  const range = seoulRange(days.from, days.to);
  const result =
    kind === "proposal"
      ? await proposals(db, range, t)
      : kind === "consultation"
        ? await consultations(db, range, t)
        : await counterInquiries(db, kind, range, t);
  // Where each request came from (issue 28): six columns at the end.
  const sources = await sourceColumns(db, kind, result.ids);
  result.columns.push(...SOURCE_COLUMNS);
  result.rows.forEach((row, i) => row.push(...sources[i]!));
  // Only the chosen columns, in the file's order.
  const keep = result.columns.map((c, i) => (chosen.includes(c) ? i : -1)).filter((i) => i >= 0);
  const header = keep.map((i) => columnTitle(t, result.columns[i]!));
  const rows = result.rows.map((row) => keep.map((i) => row[i]));
  const span = `${days.from ?? "all"}_${days.to ?? "all"}`;
  return { filename: `${kind}_${span}.csv`, csv: toCsv(header, rows), ids: result.ids };
}
