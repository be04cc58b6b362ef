/**
 * Restores a backup of `npm run backup` into the empty database at
 * DATABASE_URL and checks it (rows per table against the backup's manifest,
 * migrations this code knows):
 *   npm run restore -- FILE
 * Exits 1, saying what differs, when anything does. See db/backup.ts.
 */
import { parseArgs } from "node:util";
import { restore } from "#db/backup.ts";
import { scriptSettings } from "#server/config.ts";

const { positionals } = parseArgs({ allowPositionals: true });
const [file] = positionals;
if (!file || positionals.length !== 1) {
  console.error("usage: npm run restore -- FILE");
  process.exit(2);
}
const settings = scriptSettings("restore");
try {
  const restored = await restore(file, settings.DATABASE_URL);
  console.log(
    JSON.stringify({ event: "restore.done", file, dialect: restored.dialect, migration: restored.migration, rows: restored.rows }),
  );
} catch (error) {
  console.error(JSON.stringify({ event: "restore.failed", message: (error as Error).message }));
  process.exitCode = 1;
}
