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
 *
 * Encrypted (issue 52 item 3, ADR 0054): given a recipient (BACKUP_RECIPIENT,
 * the path of an OpenPGP public key file), the dump is encrypted to it with
 * the system's `gpg` (`--recipient-file`, a throwaway keyring: nothing is
 * imported into the user's) and the clear dump is deleted; the manifest,
 * which holds counts only, says `"encryption": "openpgp"`. A restore then
 * needs the identity (the secret key file, kept off the server), imported
 * into a throwaway keyring for the one decryption. Backups older than
 * BACKUP_KEEP_DAYS (7) are deleted by `npm run backup` itself.
 */
import { execFile } from "node:child_process";
import {
  accessSync,
  chmodSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
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
  /** How the backup file is encrypted; absent: in clear (the go-live check refuses it). */
  encryption?: "openpgp";
}

/** How long backups are kept: one figure, here, in README and in the deploy guide (issue 52; 7 days < the shortest retention period, 1 month). */
export const BACKUP_KEEP_DAYS = 7;

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

/** A private directory for one gpg run (its keyring), removed by `dropHome`. */
const gpgHome = () => mkdtempSync(join(tmpdir(), "loan-guide-gpg-"));
/** Stops the agent gpg started for that keyring (a secret key's use starts one) and removes it. */
async function dropHome(home: string): Promise<void> {
  await run("gpgconf", ["--homedir", home, "--kill", "gpg-agent"]).catch(() => undefined);
  rmSync(home, { recursive: true, force: true });
}
const GPG = ["--batch", "--yes", "--no-tty", "--quiet"];

async function gpg(home: string, args: string[]): Promise<void> {
  try {
    await run("gpg", ["--homedir", home, ...GPG, ...args]);
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? "").trim();
    throw new Error(`gpg failed: ${stderr || (error as Error).message}`, { cause: error });
  }
}

/** Encrypts `plain` to the public key in the file `recipient` into `out` (OpenPGP, opens with any gpg). */
export async function encryptTo(recipient: string, plain: string, out: string): Promise<void> {
  if (!existsSync(recipient))
    throw new Error(`BACKUP_RECIPIENT ${recipient} does not exist: the path of the backup key's public part (.asc)`);
  const home = gpgHome();
  try {
    await gpg(home, ["--trust-model", "always", "--recipient-file", recipient, "--output", out, "--encrypt", plain]);
  } finally {
    await dropHome(home);
  }
}

/** Decrypts `file` with the secret key in the file `identity` into `out`. */
export async function decryptWith(identity: string, file: string, out: string): Promise<void> {
  if (!existsSync(identity)) throw new Error(`the identity ${identity} does not exist: the backup key's secret part`);
  const home = gpgHome();
  try {
    await gpg(home, ["--import", identity]);
    await gpg(home, ["--output", out, "--decrypt", file]);
  } finally {
    await dropHome(home);
  }
}

/**
 * Writes a consistent backup of the database at `url` to `out`, and its
 * manifest beside it; encrypted to `recipient` (a public key file) when given.
 */
export async function backup(url: string, out: string, { recipient }: { recipient?: string } = {}): Promise<BackupManifest> {
  if (existsSync(out)) throw new Error(`${out} exists: a backup never overwrites a file`);
  if (recipient && !existsSync(recipient))
    throw new Error(`BACKUP_RECIPIENT ${recipient} does not exist: the path of the backup key's public part (.asc)`);
  // The dump in clear lives only until it is encrypted, beside the backup (same directory, 0600).
  const dump = recipient ? `${out}.clear` : out;
  // Made empty and private first (VACUUM INTO and pg_dump write into an empty file), so no one else can read it at any moment.
  writeFileSync(dump, "", { mode: 0o600, flag: "wx" });
  let manifest: BackupManifest;
  try {
    manifest = isPostgres(url) ? await backupPostgres(url, dump) : await backupSqlite(url, dump);
    if (recipient) {
      writeFileSync(out, "", { mode: 0o600, flag: "wx" });
      await encryptTo(recipient, dump, out);
      manifest.encryption = "openpgp";
    }
  } catch (error) {
    rmSync(out, { force: true });
    throw error;
  } finally {
    if (recipient) rmSync(dump, { force: true });
  }
  chmodSync(out, 0o600);
  writeFileSync(manifestPath(out), JSON.stringify(manifest, null, 2) + "\n", { mode: 0o600 });
  return manifest;
}

/** Deletes the backups (and their manifests) in `dir` older than `days`; returns the files deleted. */
export function pruneBackups(dir: string, days = BACKUP_KEEP_DAYS, now = new Date()): string[] {
  const cutoff = now.getTime() - days * 86_400_000;
  const deleted: string[] = [];
  for (const name of readdirSync(dir)) {
    if (!/^loan-guide-\d{8}-\d{6}\.dump(\.json)?$/.test(name)) continue;
    const path = join(dir, name);
    if (statSync(path).mtimeMs < cutoff) {
      rmSync(path, { force: true });
      deleted.push(name);
    }
  }
  return deleted;
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
export async function restore(file: string, url: string, { identity }: { identity?: string } = {}): Promise<BackupManifest> {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  if (!existsSync(manifestPath(file))) throw new Error(`${manifestPath(file)} (the backup's manifest) does not exist`);
  const expected = JSON.parse(readFileSync(manifestPath(file), "utf8")) as BackupManifest;
  if (expected.dialect !== (isPostgres(url) ? "postgres" : "sqlite"))
    throw new Error(`the backup is of a ${expected.dialect} database; DATABASE_URL is not`);
  if (expected.encryption && !identity) throw new Error("the backup is encrypted: pass the backup key's secret part (--identity FILE)");
  let restored: BackupManifest;
  if (expected.encryption) {
    const work = mkdtempSync(join(tmpdir(), "loan-guide-restore-"));
    const clear = join(work, "backup.dump");
    try {
      await decryptWith(identity!, file, clear);
      restored = expected.dialect === "postgres" ? await restorePostgres(clear, url) : restoreSqlite(clear, url);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  } else {
    restored = expected.dialect === "postgres" ? await restorePostgres(file, url) : restoreSqlite(file, url);
  }
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
