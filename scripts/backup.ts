/**
 * A consistent online backup of the database (DATABASE_URL, as the server):
 *   npm run backup -- --out FILE
 * SQLite: VACUUM INTO; PostgreSQL: pg_dump in custom format inside one
 * snapshot. Writes FILE and FILE.json (rows per table, latest migration);
 * restore with `npm run restore -- FILE`. See db/backup.ts and docs/deploy.md.
 */
import { parseArgs } from "node:util";
import { backup } from "#db/backup.ts";
import { scriptSettings } from "#server/config.ts";
import { connect } from "#db/connect.ts";
import { recordBackup } from "#app/features/go-live/backups.server.ts";

const { values } = parseArgs({ options: { out: { type: "string" } } });
if (!values.out) {
  console.error("usage: npm run backup -- --out FILE");
  process.exit(2);
}
const settings = scriptSettings("backup");
try {
  const manifest = await backup(settings.DATABASE_URL, values.out);
  const total = Object.values(manifest.rows).reduce((a, b) => a + b, 0);
  // The go-live check asks when the last backup was made (recorded after the copy, so not in it).
  const database = connect(settings.DATABASE_URL, { poolMax: 1 });
  try {
    await recordBackup(database.db, new Date(manifest.createdAt), values.out);
  } finally {
    await database.close();
  }
  console.log(
    JSON.stringify({
      event: "backup.done",
      file: values.out,
      dialect: manifest.dialect,
      migration: manifest.migration,
      tables: Object.keys(manifest.rows).length,
      rows: total,
    }),
  );
} catch (error) {
  console.error(JSON.stringify({ event: "backup.failed", message: (error as Error).message }));
  process.exitCode = 1;
}
