import type { Kysely } from "kysely";
import type { AccessKind, Database } from "#db/schema.ts";
import { readCalendar } from "#app/business/calendar.server.ts";
import { isWorkingTime } from "#app/business/calendar.ts";
import { addDays, formatSeoul, isIsoDay, seoulRange, todayInSeoul } from "#app/lib/seoul-time.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { ACCESS_FLAGS, ACCESS_KINDS, REVIEW_INTERVALS, type AccessFlag, type ReviewInterval } from "./review.ts";

/**
 * The privacy officer's review of the access records (issue 52 item 2; 고시
 * 제8조②): a period's records with filters and flags, and the dated
 * sign-off of the period; the interval the business reviews at, and whether
 * the last review is older than it (the inbox warns).
 */
type Db = Kysely<Database>;

/** More records shown to one operator within one Seoul hour than this is "unusual volume". */
export const VOLUME_PER_HOUR = 200;
/** A network counts as new for an operator unless it used it within this many days before. */
const NETWORK_MEMORY_DAYS = 90;
/** At most this many records of a period are read for the review (their flags counted over all of them). */
const REVIEW_MAX = 20_000;
const PAGE_SIZE = 100;

export interface AccessFilter {
  from: string;
  to: string;
  operator?: number;
  kind?: AccessKind;
  flag?: AccessFlag;
  page: number;
}

/** The filter from a query; the default period is the last 30 days up to today (Seoul). */
export function readAccessFilter(params: URLSearchParams, now = new Date()): AccessFilter {
  const today = todayInSeoul(now);
  let from = params.get("from") ?? "";
  let to = params.get("to") ?? "";
  if (!isIsoDay(to)) to = today;
  if (!isIsoDay(from)) from = addDays(to, -30);
  if (from > to) [from, to] = [to, from];
  const operator = Number(params.get("operator"));
  const kind = params.get("kind") as AccessKind;
  const flag = params.get("flag") as AccessFlag;
  const page = Number(params.get("page"));
  return {
    from,
    to,
    operator: Number.isInteger(operator) && operator > 0 ? operator : undefined,
    kind: ACCESS_KINDS.includes(kind) ? kind : undefined,
    flag: ACCESS_FLAGS.includes(flag) ? flag : undefined,
    page: Number.isInteger(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

export interface AccessRow {
  id: number;
  at: string;
  operator: string;
  role: string;
  ip: string;
  kind: AccessKind;
  records: string;
  count: number;
  term: string;
  detail: string;
  flags: AccessFlag[];
}

export interface AccessReview {
  rows: AccessRow[];
  total: number;
  page: number;
  pages: number;
  /** Over the whole period (before the operator, kind and flag filters). */
  periodTotal: number;
  /** Records of the period with at least one flag. */
  flaggedTotal: number;
  flagCounts: Record<AccessFlag, number>;
  truncated: boolean;
}

/** The period's records, flagged; filtered and paged for the page. */
export async function reviewAccess(db: Db, filter: AccessFilter): Promise<AccessReview> {
  const { start, end } = seoulRange(filter.from, filter.to);
  const rows = await db
    .selectFrom("access_records")
    .select([
      "id",
      "at",
      "operator_id",
      "operator_email",
      "role",
      "ip",
      "network",
      "kind",
      "records",
      "record_count",
      "term",
      "term_kind",
      "detail",
    ])
    .where("at", ">=", start!)
    .where("at", "<", end!)
    .orderBy("id")
    .limit(REVIEW_MAX + 1)
    .execute();
  const truncated = rows.length > REVIEW_MAX;
  if (truncated) rows.pop();
  const calendar = await readCalendar(db);
  // Networks each operator used in the days before the period.
  const since = new Date(new Date(start!).getTime() - NETWORK_MEMORY_DAYS * 86_400_000).toISOString();
  const known = new Set(
    (
      await db
        .selectFrom("access_records")
        .select(["operator_email", "network"])
        .distinct()
        .where("at", ">=", since)
        .where("at", "<", start!)
        .execute()
    ).map((r) => `${r.operator_email} ${r.network}`),
  );
  const perHour = new Map<string, number>();
  const hourKey = (email: string, at: string) => `${email} ${new Date(at).toISOString().slice(0, 13)}`;
  for (const r of rows) perHour.set(hourKey(r.operator_email, r.at), (perHour.get(hourKey(r.operator_email, r.at)) ?? 0) + r.record_count);
  const flagged: AccessRow[] = rows.map((r) => {
    const flags: AccessFlag[] = [];
    if (r.kind === "export" || r.kind === "privacy_copy") flags.push("export");
    if ((perHour.get(hourKey(r.operator_email, r.at)) ?? 0) > VOLUME_PER_HOUR) flags.push("volume");
    if (!isWorkingTime(calendar, new Date(r.at))) flags.push("off_hours");
    const network = `${r.operator_email} ${r.network}`;
    if (!known.has(network)) {
      flags.push("new_network");
      known.add(network);
    }
    if (r.term_kind === "phone") flags.push("phone_search");
    return {
      id: r.id,
      at: formatSeoul(new Date(r.at).toISOString()),
      operator: r.operator_email,
      role: r.role,
      ip: r.ip,
      kind: r.kind,
      records: r.records.length > 200 ? `${r.records.slice(0, 199)}…` : r.records,
      count: r.record_count,
      term: r.term,
      detail: r.detail,
      flags,
      operatorId: r.operator_id,
    } as AccessRow & { operatorId: number | null };
  });
  const flagCounts = Object.fromEntries(ACCESS_FLAGS.map((f) => [f, flagged.filter((r) => r.flags.includes(f)).length])) as Record<
    AccessFlag,
    number
  >;
  const shown = flagged
    .filter((r) => !filter.operator || (r as AccessRow & { operatorId: number | null }).operatorId === filter.operator)
    .filter((r) => !filter.kind || r.kind === filter.kind)
    .filter((r) => !filter.flag || r.flags.includes(filter.flag))
    .reverse();
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const page = Math.min(filter.page, pages);
  return {
    rows: shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(({ operatorId: _, ...r }: AccessRow & { operatorId?: unknown }) => r),
    total: shown.length,
    page,
    pages,
    periodTotal: flagged.length,
    flaggedTotal: flagged.filter((r) => r.flags.length).length,
    flagCounts,
    truncated,
  };
}

/** The operators the filter offers: everyone who has an account. */
export async function operatorChoices(db: Db): Promise<{ id: number; email: string }[]> {
  return db.selectFrom("admin_operators").select(["id", "email"]).orderBy("email").execute();
}

export interface SignedReview {
  id: number;
  from: string;
  to: string;
  reviewer: string;
  records: number;
  flagged: number;
  findings: string;
  followUp: string;
  signedAt: string;
}

/** Signs a period off: what was reviewed (its count and flagged count, as the page showed them), findings and follow-up, by whom, when. */
export async function signOff(
  db: Db,
  who: Pick<SignedIn, "operator">,
  input: { from: string; to: string; findings: string; followUp: string },
  now = new Date(),
): Promise<number> {
  const review = await reviewAccess(db, { from: input.from, to: input.to, page: 1 });
  const row = await db
    .insertInto("access_reviews")
    .values({
      period_from: input.from,
      period_to: input.to,
      reviewer_id: who.operator.id,
      reviewer_email: who.operator.email,
      records: review.periodTotal,
      flagged: review.flaggedTotal,
      findings: input.findings,
      follow_up: input.followUp,
      signed_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function listReviews(db: Db, limit = 24): Promise<SignedReview[]> {
  const rows = await db.selectFrom("access_reviews").selectAll().orderBy("signed_at", "desc").orderBy("id", "desc").limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    from: r.period_from,
    to: r.period_to,
    reviewer: r.reviewer_email,
    records: r.records,
    flagged: r.flagged,
    findings: r.findings,
    followUp: r.follow_up,
    signedAt: formatSeoul(new Date(r.signed_at).toISOString()),
  }));
}

const INTERVAL_SETTING = "access_review_interval";

export async function reviewInterval(db: Db): Promise<ReviewInterval> {
  const row = await db.selectFrom("admin_settings").select("value").where("name", "=", INTERVAL_SETTING).executeTakeFirst();
  return (REVIEW_INTERVALS as readonly string[]).includes(row?.value ?? "") ? (row!.value as ReviewInterval) : "monthly";
}

export async function setReviewInterval(db: Db, value: ReviewInterval, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const updated = await db
    .updateTable("admin_settings")
    .set({ value, updated_at: at })
    .where("name", "=", INTERVAL_SETTING)
    .executeTakeFirst();
  if (!Number(updated.numUpdatedRows))
    await db.insertInto("admin_settings").values({ name: INTERVAL_SETTING, value, updated_at: at }).execute();
}

export const INTERVAL_DAYS: Record<ReviewInterval, number> = { weekly: 7, monthly: 31, quarterly: 92 };

/**
 * Whether the access records are overdue for review: the last sign-off (or,
 * with none, the first record) is older than the interval. Null when not.
 */
export async function reviewOverdue(db: Db, now = new Date()): Promise<{ since: string | null; interval: ReviewInterval } | null> {
  const interval = await reviewInterval(db);
  const limit = now.getTime() - INTERVAL_DAYS[interval] * 86_400_000;
  const last = await db.selectFrom("access_reviews").select("signed_at").orderBy("signed_at", "desc").limit(1).executeTakeFirst();
  if (last)
    return new Date(last.signed_at).getTime() < limit ? { since: formatSeoul(new Date(last.signed_at).toISOString()), interval } : null;
  const first = await db.selectFrom("access_records").select("at").orderBy("id").limit(1).executeTakeFirst();
  return first && new Date(first.at).getTime() < limit ? { since: null, interval } : null;
}
