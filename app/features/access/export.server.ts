import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync, chmodSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { addDays, seoulDay, seoulRange, todayInSeoul } from "#app/lib/seoul-time.ts";
import { readStamp, writeSection } from "#app/business/sections.server.ts";

/**
 * The daily export of the access records (issue 52, ADR 0053; 고시 제8조③):
 * each whole Seoul day, once over, into `access-YYYY-MM-DD.jsonl` in a
 * directory outside the database — one JSON line per record with its hash,
 * then a line with the day's count and last hash. A file is never rewritten:
 * it is written under a temporary name, then linked to its final name (which
 * fails if that exists) and made read-only (0400). The database's user has no
 * way to reach it, so a chain rewritten in the database no longer matches the
 * files (`npm run access:check` compares them).
 */
type Db = Kysely<Database>;

const FILE = /^access-(\d{4}-\d{2}-\d{2})\.jsonl$/;
/** At most this many days per run (a first export of a long history finishes over a few runs). */
const MAX_DAYS = 400;

export function exportedDays(dir: string): string[] {
  try {
    return readdirSync(dir)
      .map((name) => FILE.exec(name)?.[1])
      .filter((d): d is string => !!d)
      .sort();
  } catch {
    return [];
  }
}

/** Exports every whole day not exported yet, up to yesterday (Seoul); answers the days written. */
export async function exportAccessDays(db: Db, dir: string, now = new Date()): Promise<{ day: string; count: number }[]> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const done = exportedDays(dir);
  const yesterday = addDays(todayInSeoul(now), -1);
  let day = done.length ? addDays(done.at(-1)!, 1) : null;
  if (!day) {
    const first = await db.selectFrom("access_records").select("at").orderBy("id").limit(1).executeTakeFirst();
    if (!first) return [];
    day = seoulDay(new Date(first.at).toISOString());
  }
  const written: { day: string; count: number }[] = [];
  for (let i = 0; day <= yesterday && i < MAX_DAYS; day = addDays(day, 1), i++) {
    const { start, end } = seoulRange(day, day);
    const rows = await db.selectFrom("access_records").selectAll().where("at", ">=", start!).where("at", "<", end!).orderBy("id").execute();
    const lines = rows.map((r) => JSON.stringify({ ...r, at: new Date(r.at).toISOString() }));
    lines.push(JSON.stringify({ day, count: rows.length, last_hash: rows.at(-1)?.hash ?? null }));
    writeOnce(join(dir, `access-${day}.jsonl`), `${lines.join("\n")}\n`);
    written.push({ day, count: rows.length });
  }
  return written;
}

function writeOnce(path: string, text: string) {
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, "wx", 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    chmodSync(temp, 0o400);
    linkSync(temp, path);
  } finally {
    unlinkSync(temp);
  }
}

/** Where `npm run access:export` records that it ran (business_settings), for the go-live check. */
const RUN_SECTION = "access_export";

/** Records a run of the daily export (whether or not it had a new day to write). */
export function recordAccessExport(db: Db, at: Date): Promise<void> {
  return writeSection(db, RUN_SECTION, { at: at.toISOString() }, at, null);
}

/** When the daily export last ran (ISO), or null when it never did: the go-live check's "is the timer on". */
export async function lastAccessExport(db: Db): Promise<string | null> {
  return (await readStamp(db, RUN_SECTION))?.at ?? null;
}

export interface ExportMismatch {
  file: string;
  id: number;
  reason: "changed" | "missing";
}

/**
 * Compares the exported files with the database: every exported record still
 * kept must be there with the same hash (those destroyed by retention, older
 * than the oldest kept, are skipped).
 */
export async function compareWithExports(db: Db, dir: string): Promise<{ files: number; records: number; mismatches: ExportMismatch[] }> {
  const oldest = await db.selectFrom("access_records").select("id").orderBy("id").limit(1).executeTakeFirst();
  const mismatches: ExportMismatch[] = [];
  let records = 0;
  const days = exportedDays(dir);
  for (const day of days) {
    const file = `access-${day}.jsonl`;
    const exported = readFileSync(join(dir, file), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id?: number; hash?: string })
      .filter((r): r is { id: number; hash: string } => typeof r.id === "number");
    const kept = exported.filter((r) => oldest && r.id >= oldest.id);
    records += kept.length;
    for (let i = 0; i < kept.length; i += 500) {
      const chunk = kept.slice(i, i + 500);
      const rows = await db
        .selectFrom("access_records")
        .select(["id", "hash"])
        .where(
          "id",
          "in",
          chunk.map((r) => r.id),
        )
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r.hash]));
      for (const r of chunk) {
        const hash = byId.get(r.id);
        if (hash === undefined) mismatches.push({ file, id: r.id, reason: "missing" });
        else if (hash !== r.hash) mismatches.push({ file, id: r.id, reason: "changed" });
      }
    }
  }
  return { files: days.length, records, mismatches };
}
