import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { addDays, isIsoDay, seoulDayStart, todayInSeoul } from "#app/lib/seoul-time.ts";

/**
 * "Live at once, everywhere" (issue 14, ADR 0021): every change to the
 * campaigns moves a counter in the database, in the same transaction; every
 * instance reads it at most every 2 s and drops its cached pages when it
 * moved, or when a banner's or the popup's window opened or closed since.
 * The blog links move the same counter (ADR 0025): one row for all the
 * content cached pages show (named `campaigns` since migration 0050), and
 * so do the loan products (issue 27), whose scheduled versions' effective-from
 * instants count as windows that open.
 */
export const CONTENT_CHECK_MS = 2000;
const NAME = "campaigns";

/** Moves the counter (inside the transaction of the change). */
export async function bumpContentVersion(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db
    .updateTable("content_versions")
    .set({ version: sql<number>`version + 1`, updated_at: now.toISOString() })
    .where("name", "=", NAME)
    .execute();
}

/** The counter alone (what a cache keyed on the content version compares). */
export async function readContentVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("content_versions").select("version").where("name", "=", NAME).executeTakeFirst();
  return Number(row?.version ?? 0);
}

export interface ContentState {
  version: number;
  /** The next instant a window opens or closes (ISO), or null. */
  nextChange: string | null;
}

export async function readContentState(db: Kysely<Database>, now = new Date()): Promise<ContentState> {
  const row = await db.selectFrom("content_versions").select("version").where("name", "=", NAME).executeTakeFirst();
  const at = now.toISOString();
  const times: string[] = [];
  for (const table of ["campaign_banners", "campaign_popup"] as const) {
    const rows = await db
      .selectFrom(table)
      .select(["active_from", "active_until"])
      .where("enabled", "=", 1)
      .where((eb) => eb.or([eb("active_from", ">", at), eb("active_until", ">", at)]))
      .execute();
    for (const r of rows) for (const t of [r.active_from, r.active_until]) if (t && t > at) times.push(t);
  }
  const scheduled = await db
    .selectFrom("loan_product_versions")
    .select((eb) => eb.fn.min("effective_from").as("at"))
    .where("status", "=", "published")
    .where("effective_from", ">", at)
    .executeTakeFirst();
  if (scheduled?.at) times.push(scheduled.at);
  // A legal document's next version takes effect at the start of its Korea day (issue 36).
  const legal = await db
    .selectFrom("legal_versions")
    .select((eb) => eb.fn.min("effective_on").as("day"))
    .where("effective_on", ">", todayInSeoul(now))
    .executeTakeFirst();
  if (legal?.day) times.push(seoulDayStart(legal.day).toISOString());
  // A loan ad leaves the site at the Korean midnight after its approval's last valid day (issue 35).
  for (const table of ["campaign_banners", "campaign_popup", "loan_product_versions"] as const) {
    const rows = await db.selectFrom(table).select(["confirm_until", "review_until"]).execute();
    for (const r of rows)
      for (const day of [r.confirm_until, r.review_until])
        if (day && isIsoDay(day)) {
          const end = seoulDayStart(addDays(day, 1)).toISOString();
          if (end > at) times.push(end);
        }
  }
  times.sort();
  return { version: Number(row?.version ?? 0), nextChange: times[0] ?? null };
}

/**
 * Checks every `intervalMs` (never two checks at once) and calls `onChange`
 * when the content moved. A failing check (database restarting) is retried
 * at the next tick. The timer never keeps the process alive.
 */
export function watchContent(
  db: Kysely<Database>,
  onChange: () => void,
  options: { intervalMs?: number; now?: () => Date; onError?: (error: unknown) => void } = {},
): { check(): Promise<void>; stop(): void } {
  const now = options.now ?? (() => new Date());
  let known: ContentState | null = null;
  let running: Promise<void> | null = null;
  const check = () =>
    (running ??= (async () => {
      try {
        const at = now();
        const state = await readContentState(db, at);
        const windowPassed = known?.nextChange != null && at.toISOString() >= known.nextChange;
        if (known && (state.version !== known.version || windowPassed)) onChange();
        known = state;
      } catch (error) {
        options.onError?.(error);
      } finally {
        running = null;
      }
    })());
  void check();
  const timer = setInterval(() => void check(), options.intervalMs ?? CONTENT_CHECK_MS);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
