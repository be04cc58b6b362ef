import { hostname } from "node:os";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

/**
 * Scheduled work, once per schedule across every instance on one database
 * (issue 15): a job runs only in the instance that takes its lease, a row
 * in `job_leases` that one UPDATE claims when the last lease has run out
 * (atomic on PostgreSQL and SQLite alike). The others skip, and the log says
 * which instance ran it.
 */

/** This process, as the log and the leases name it. */
export const INSTANCE = `${hostname()}:${process.pid}`;

export type LeaseResult = { taken: true } | { taken: false; holder: string };

/**
 * Takes the lease `name` for `ms` when it has run out, or whatever its time
 * when it is held by one of `reclaim` (the holder renewing its own lease, a
 * holder known to be gone).
 */
export async function takeLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  ms: number,
  now = new Date(),
  reclaim: string[] = [],
): Promise<LeaseResult> {
  const at = now.toISOString();
  await db
    .insertInto("job_leases")
    .values({ name, holder: "", until: new Date(0).toISOString() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const claimed = await db
    .updateTable("job_leases")
    .set({ holder, until: new Date(now.getTime() + ms).toISOString() })
    .where("name", "=", name)
    .where((eb) => (reclaim.length ? eb.or([eb("until", "<=", at), eb("holder", "in", reclaim)]) : eb("until", "<=", at)))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 1) return { taken: true };
  const current = await db.selectFrom("job_leases").select("holder").where("name", "=", name).executeTakeFirst();
  return { taken: false, holder: current?.holder ?? "" };
}
