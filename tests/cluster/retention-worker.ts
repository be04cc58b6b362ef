/**
 * One instance's daily retention tick, for `npm run test:cluster`: waits for
 * a line on stdin (so two processes start together), then runs
 * runScheduledRetention as the server's job does, under the name given, and
 * exits. Its log lines (retention.run or retention.skipped) are on stdout.
 *
 *   DATABASE_URL=postgres://… node tests/cluster/retention-worker.ts worker-a
 */
import { once } from "node:events";
import { connect } from "#db/connect.ts";
import { createLogger } from "#app/lib/logger.server.ts";
import { runScheduledRetention } from "#app/features/retention/retention.server.ts";

const instance = process.argv[2] ?? "worker";
const database = connect(process.env.DATABASE_URL);
const log = createLogger({ level: "info" });
try {
  // Connected before the signal, so both start from the same line.
  await database.ping();
  process.stdout.write("ready\n");
  await once(process.stdin, "data");
  // Ran, skipped or failed: the log line says which (the test reads it).
  await runScheduledRetention(database.db, log, { instance });
} finally {
  await database.close();
}
