/**
 * A consistent online backup of the database (DATABASE_URL, as the server):
 *   npm run backup                   into BACKUP_DIR (default ./backups), named by the UTC time
 *   npm run backup -- --out FILE     into FILE
 * SQLite: VACUUM INTO; PostgreSQL: pg_dump in custom format inside one
 * snapshot. Writes the backup and FILE.json (rows per table, latest
 * migration), both 0600 (the directory it makes, 0700); restore with
 * `npm run restore -- FILE`. See db/backup.ts and docs/deploy.md.
 *
 * BACKUP_RECIPIENT (the path of an OpenPGP public key) encrypts the backup to
 * it (restore then needs `--identity`, the secret key). Without it the backup
 * is in clear, said on stderr, and the go-live check lists it (issue 52).
 * Into BACKUP_DIR, backups older than BACKUP_KEEP_DAYS (7) are then deleted.
 */
import { parseArgs } from "node:util";
import { backup, BACKUP_KEEP_DAYS, backupFileIn, DEFAULT_BACKUP_DIR, prepareBackupDir, pruneBackups } from "#db/backup.ts";
import { scriptSettings } from "#server/config.ts";
import { connect } from "#db/connect.ts";
import { recordBackup } from "#app/features/go-live/backups.server.ts";

// Whatever this process and pg_dump write is for this user alone.
process.umask(0o077);
let parsed;
try {
  parsed = parseArgs({ options: { out: { type: "string" } } });
} catch {
  console.error("usage: npm run backup [-- --out FILE]   (without --out: into BACKUP_DIR, default ./backups)");
  process.exit(2);
}
let out = parsed.values.out;
let dir: string | undefined;
if (!out) {
  const configured = process.env.BACKUP_DIR?.trim();
  dir = configured || DEFAULT_BACKUP_DIR;
  try {
    prepareBackupDir(dir);
  } catch (error) {
    console.error(
      `backup: ${(error as Error).message}. ${configured ? "Set BACKUP_DIR to a directory this user may write" : "Set BACKUP_DIR=/path/to/backups"}, or pass one file: npm run backup -- --out /path/to/backup.dump`,
    );
    process.exit(2);
  }
  out = backupFileIn(dir);
}
const settings = scriptSettings("backup");
const recipient = process.env.BACKUP_RECIPIENT?.trim() || undefined;
if (!recipient)
  console.error(
    JSON.stringify({
      event: "backup.unencrypted",
      message: "BACKUP_RECIPIENT is not set: this backup is in clear (the go-live check refuses it)",
    }),
  );
try {
  const manifest = await backup(settings.DATABASE_URL, out, { recipient });
  const total = Object.values(manifest.rows).reduce((a, b) => a + b, 0);
  // The go-live check asks when the last backup was made (recorded after the copy, so not in it).
  const database = connect(settings.DATABASE_URL, { poolMax: 1 });
  try {
    await recordBackup(database.db, new Date(manifest.createdAt), out, Boolean(manifest.encryption));
  } finally {
    await database.close();
  }
  const pruned = dir ? pruneBackups(dir, BACKUP_KEEP_DAYS) : [];
  console.log(
    JSON.stringify({
      event: "backup.done",
      file: out,
      dialect: manifest.dialect,
      migration: manifest.migration,
      tables: Object.keys(manifest.rows).length,
      rows: total,
      encryption: manifest.encryption ?? "none",
      keepDays: BACKUP_KEEP_DAYS,
      deleted: pruned,
    }),
  );
} catch (error) {
  console.error(JSON.stringify({ event: "backup.failed", message: (error as Error).message }));
  process.exitCode = 1;
}
