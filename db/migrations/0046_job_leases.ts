import type { Kysely } from "kysely";

/**
 * Scheduled work runs once per schedule across instances (issue 15): the
 * instance that takes a job's lease runs it; the others see the lease and
 * skip. `holder` names the instance (host:pid) for the log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("job_leases")
    .addColumn("name", "varchar(64)", (c) => c.primaryKey())
    .addColumn("holder", "varchar(200)", (c) => c.notNull())
    .addColumn("until", "varchar(32)", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("job_leases").ifExists().execute();
}
