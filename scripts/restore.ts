/**
 * Restores a backup of `npm run backup` into the empty database at
 * DATABASE_URL and checks it (rows per table against the backup's manifest,
 * migrations this code knows):
 *   npm run restore -- FILE
 *   npm run restore -- --identity KEY FILE   an encrypted backup (KEY: the secret key file, or BACKUP_IDENTITY)
 * Exits 1, saying what differs, when anything does. See db/backup.ts.
 */
import { parseArgs } from "node:util";
import { restore } from "#db/backup.ts";
import { scriptSettings } from "#server/config.ts";

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { identity: { type: "string" } } });
} catch {
  parsed = undefined;
}
const [file] = parsed?.positionals ?? [];
if (!parsed || !file || parsed.positionals.length !== 1) {
  console.error("usage: npm run restore -- [--identity SECRET_KEY_FILE] FILE");
  process.exit(2);
}
const identity = parsed.values.identity ?? (process.env.BACKUP_IDENTITY?.trim() || undefined);
const settings = scriptSettings("restore");
try {
  const restored = await restore(file, settings.DATABASE_URL, { identity });
  console.log(
    JSON.stringify({ event: "restore.done", file, dialect: restored.dialect, migration: restored.migration, rows: restored.rows }),
  );
} catch (error) {
  console.error(JSON.stringify({ event: "restore.failed", message: (error as Error).message }));
  process.exitCode = 1;
}
