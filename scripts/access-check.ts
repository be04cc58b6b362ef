/**
 * Checks the access records (issue 52, ADR 0053): `npm run access:check`.
 * Walks the hash chain in the database and says the first record where it
 * breaks; then compares the daily exports in ACCESS_EXPORT_DIR with it (a
 * chain rewritten whole in the database still differs from the files).
 * Exits 1 on any break or difference.
 */
import { connect, migrate } from "#db/connect.ts";
import { scriptSettings } from "#server/config.ts";
import { verifyChain } from "#app/features/access/access.server.ts";
import { compareWithExports } from "#app/features/access/export.server.ts";

const dir = process.env.ACCESS_EXPORT_DIR || "./access-records";
const settings = scriptSettings("access:check");
const database = connect(settings.DATABASE_URL, { poolMax: settings.DATABASE_POOL_MAX });
try {
  await migrate(database.db);
  const chain = await verifyChain(database.db);
  if (chain.ok) console.log(`access:check: chain whole, ${chain.checked} records`);
  else {
    const { id, reason, at } = chain.brokenAt;
    console.log(
      `access:check: chain broken at record ${id} (${at}): ${reason === "changed" ? "its content was changed" : "the record before it is missing or was replaced"}`,
    );
    process.exitCode = 1;
  }
  const exports = await compareWithExports(database.db, dir);
  for (const m of exports.mismatches.slice(0, 50))
    console.log(
      `access:check: record ${m.id} of ${m.file} ${m.reason === "changed" ? "differs from the export" : "is gone from the database"}`,
    );
  if (exports.mismatches.length) process.exitCode = 1;
  console.log(
    `access:check: ${exports.files} export files, ${exports.records} kept records compared, ${exports.mismatches.length} differences`,
  );
} finally {
  await database.close();
}
