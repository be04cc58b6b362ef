/**
 * Backups that restore (issue 15, point 3): `npm run backup -- --out FILE`
 * and `npm run restore -- FILE`.
 *
 * - SQLite: `VACUUM INTO` writes a consistent copy while the site keeps
 *   serving (one statement, one read transaction).
 * - PostgreSQL: `pg_dump --format=custom` (found on the PATH, or in Debian's
 *   /usr/lib/postgresql/<version>/bin), run inside a snapshot this process
 *   exported, so the row counts it records are those of the very data dumped
 *   while writes go on.
 *
 * Beside the backup, `FILE.json` records the dialect, the time, the latest
 * migration and the rows of every table. A restore goes only into an empty
 * database, then counts the rows again and compares them, and checks the
 * migrations are those this code knows: any difference is an error.
 */
import { execFile } from "node:child_process";
import {
  accessSync,
  chmodSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { migrations } from "#db/migrations/index.ts";

const run = promisify(execFile);

export interface BackupManifest {
  dialect: "sqlite" | "postgres";
  createdAt: string;
  /** The newest migration applied in the backed-up database. */
  migration: string | null;
  /** Rows per table at the moment of the backup. */
  rows: Record<string, number>;
}

export const manifestPath = (file: string) => `${file}.json`;
const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1) ?? null;
const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);
const sqlitePath = (url: string) => {
  if (!url.startsWith("file:")) throw new Error("DATABASE_URL must start with file: or postgres://");
  return url.slice("file:".length);
};
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A PostgreSQL client program: on the PATH, else the newest of Debian's installed versions. */
export function pgProgram(name: "pg_dump" | "pg_restore"): string {
  for (const dir of (process.env.PATH ?? "").split(":")) if (dir && existsSync(`${dir}/${name}`)) return `${dir}/${name}`;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) if (existsSync(`${root}/${version}/bin/${name}`)) return `${root}/${version}/bin/${name}`;
  throw new Error(`${name} was not found on the PATH (Debian: apt-get install postgresql-client)`);
}

// ---------- SQLite ----------

function sqliteCounts(database: DatabaseSync): { rows: Record<string, number>; migration: string | null } {
  const tables = database
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
    .all() as {
    name: string;
  }[];
  const rows: Record<string, number> = {};
  for (const { name } of tables)
    rows[name] = Number((database.prepare(`select count(*) as n from ${quote(name)}`).get() as { n: number }).n);
  const migration = tables.some((t) => t.name === "kysely_migration")
    ? ((database.prepare("select max(name) as name from kysely_migration").get() as { name: string | null }).name ?? null)
    : null;
  return { rows, migration };
}

async function backupSqlite(url: string, out: string): Promise<BackupManifest> {
  const source = new DatabaseSync(sqlitePath(url), { readOnly: true });
  try {
    source.exec("pragma busy_timeout = 10000");
    source.prepare("vacuum into ?").run(out);
  } finally {
    source.close();
  }
  const copy = new DatabaseSync(out, { readOnly: true });
  try {
    return { dialect: "sqlite", createdAt: new Date().toISOString(), ...sqliteCounts(copy) };
  } finally {
    copy.close();
  }
}

function restoreSqlite(file: string, url: string): BackupManifest {
  const target = sqlitePath(url);
  if (existsSync(target) && statSync(target).size > 0) {
    const existing = new DatabaseSync(target, { readOnly: true });
    const tables = sqliteCounts(existing);
    existing.close();
    if (Object.keys(tables.rows).length > 0) throw new Error(`${target} is not empty: restore goes into an empty database only`);
  }
  const check = new DatabaseSync(file, { readOnly: true });
  const integrity = (check.prepare("pragma integrity_check").get() as { integrity_check: string }).integrity_check;
  check.close();
  if (integrity !== "ok") throw new Error(`the backup is damaged: ${integrity}`);
  for (const suffix of ["-wal", "-shm"]) rmSync(target + suffix, { force: true });
  copyFileSync(file, target);
  const restored = new DatabaseSync(target, { readOnly: true });
  try {
    return { dialect: "sqlite", createdAt: new Date().toISOString(), ...sqliteCounts(restored) };
  } finally {
    restored.close();
  }
}

// ---------- PostgreSQL ----------

async function pgCounts(client: pg.Client): Promise<{ rows: Record<string, number>; migration: string | null }> {
  const { rows: tables } = await client.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
  );
  const rows: Record<string, number> = {};
  for (const { name } of tables)
    rows[name] = Number((await client.query<{ n: string }>(`select count(*) as n from ${quote(name)}`)).rows[0]!.n);
  const migration = tables.some((t) => t.name === "kysely_migration")
    ? ((await client.query<{ name: string | null }>("select max(name) as name from kysely_migration")).rows[0]!.name ?? null)
    : null;
  return { rows, migration };
}

async function backupPostgres(url: string, out: string): Promise<BackupManifest> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // One snapshot for the counts and for pg_dump: what is counted is what is dumped.
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows[0]!.id;
    const counted = await pgCounts(client);
    await run(pgProgram("pg_dump"), ["--format=custom", "--no-owner", "--no-privileges", `--snapshot=${snapshot}`, `--file=${out}`, url]);
    await client.query("commit");
    return { dialect: "postgres", createdAt: new Date().toISOString(), ...counted };
  } finally {
    await client.end();
  }
}

async function restorePostgres(file: string, url: string): Promise<BackupManifest> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const before = await pgCounts(client);
    if (Object.keys(before.rows).length > 0) throw new Error("the target database is not empty: restore goes into an empty database only");
    await run(pgProgram("pg_restore"), [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${url}`,
      file,
    ]);
    return { dialect: "postgres", createdAt: new Date().toISOString(), ...(await pgCounts(client)) };
  } finally {
    await client.end();
  }
}

// ---------- both ----------

/** Writes a consistent backup of the database at `url` to `out`, and its manifest beside it. */
export async function backup(url: string, out: string): Promise<BackupManifest> {
  if (existsSync(out)) throw new Error(`${out} exists: a backup never overwrites a file`);
  // Made empty and private first (VACUUM INTO and pg_dump write into an empty file), so no one else can read it at any moment.
  writeFileSync(out, "", { mode: 0o600, flag: "wx" });
  let manifest: BackupManifest;
  try {
    manifest = isPostgres(url) ? await backupPostgres(url, out) : await backupSqlite(url, out);
  } catch (error) {
    rmSync(out, { force: true });
    throw error;
  }
  chmodSync(out, 0o600);
  writeFileSync(manifestPath(out), JSON.stringify(manifest, null, 2) + "\n", { mode: 0o600 });
  return manifest;
}

/** Where `npm run backup` writes when no `--out` is given and BACKUP_DIR is not set. */
export const DEFAULT_BACKUP_DIR = "./backups";

/** A backup's file in `dir`, named by its UTC time as the daily timer names it: loan-guide-YYYYMMDD-HHMMSS.dump. */
export function backupFileIn(dir: string, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return join(dir, `loan-guide-${stamp}.dump`);
}

/**
 * Makes the backup directory (0700, only this user) when it does not exist
 * and checks this process may write in it; throws, saying why, when not.
 */
export function prepareBackupDir(dir: string): void {
  try {
    if (mkdirSync(dir, { recursive: true, mode: 0o700 }) !== undefined) chmodSync(dir, 0o700);
    if (!statSync(dir).isDirectory()) throw new Error("not a directory");
    accessSync(dir, constants.W_OK);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new Error(`cannot write backups in ${dir} (${reason})`, { cause: error });
  }
}

/**
 * Restores `file` into the empty database at `url` and checks it: the rows of
 * every table as the manifest recorded them, and migrations this code knows.
 * Returns the restored counts; throws with the differences.
 */
export async function restore(file: string, url: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  if (!existsSync(manifestPath(file))) throw new Error(`${manifestPath(file)} (the backup's manifest) does not exist`);
  const expected = JSON.parse(readFileSync(manifestPath(file), "utf8")) as BackupManifest;
  if (expected.dialect !== (isPostgres(url) ? "postgres" : "sqlite"))
    throw new Error(`the backup is of a ${expected.dialect} database; DATABASE_URL is not`);
  const restored = expected.dialect === "postgres" ? await restorePostgres(file, url) : restoreSqlite(file, url);
  const problems: string[] = [];
  for (const table of new Set([...Object.keys(expected.rows), ...Object.keys(restored.rows)]))
    if (expected.rows[table] !== restored.rows[table])
      problems.push(`${table}: ${restored.rows[table] ?? "missing"} rows restored, ${expected.rows[table] ?? "none"} backed up`);
  if (restored.migration !== expected.migration) problems.push(`migration ${restored.migration} restored, ${expected.migration} backed up`);
  if (restored.migration && LATEST_MIGRATION && restored.migration > LATEST_MIGRATION)
    problems.push(
      `migration ${restored.migration} is newer than this code's ${LATEST_MIGRATION}: restore with the version that made the backup`,
    );
  if (problems.length) throw new Error(`the restored database differs from the backup:\n  ${problems.join("\n  ")}`);
  return restored;
}
