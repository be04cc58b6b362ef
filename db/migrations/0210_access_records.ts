import { sql, type Kysely } from "kysely";
import { isPostgres, timeType, withId } from "#db/migrations/dialect-types.ts";

/**
 * Access records (issue 52 item 2, ADR 0053; 고시 제8조, 제2조3호): one row per
 * view of personal data — who (operator, role), when, from where (the full
 * address and its network), what (the kind of view, the records shown, a
 * masked search term) — each carrying the hash of the one before it, so a
 * changed or removed row breaks the chain. UPDATE is refused by a trigger on
 * both dialects. The officer's dated sign-offs of a period (access_reviews)
 * and the destruction ledger (issue 52 item 6; 표준지침 제10조): each
 * retention run and each erasure, its cutoffs and counts, by whom, and the
 * officer's confirmation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("access_records"))
    .addColumn("at", timeType(db), (c) => c.notNull())
    .addColumn("operator_id", "integer")
    .addColumn("operator_email", "varchar(254)", (c) => c.notNull())
    .addColumn("role", "varchar(16)", (c) => c.notNull())
    .addColumn("ip", "varchar(64)", (c) => c.notNull())
    // IPv4 /24 or IPv6 /48: what "a new network" compares.
    .addColumn("network", "varchar(64)", (c) => c.notNull())
    // request | photo | inbox | search | calls | export | privacy_list | privacy_copy
    .addColumn("kind", "varchar(24)", (c) => c.notNull())
    // "consultation:1-3,7;as:2": the records shown, in ranges.
    .addColumn("records", "text", (c) => c.notNull())
    .addColumn("record_count", "integer", (c) => c.notNull())
    // A search term masked (never the number or name in full) and what it looked like: phone | name.
    .addColumn("term", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("term_kind", "varchar(8)", (c) => c.notNull().defaultTo(""))
    .addColumn("detail", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("prev_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("hash", "varchar(64)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("access_records_at_idx").on("access_records").column("at").execute();
  await db.schema.createIndex("access_records_operator_idx").on("access_records").columns(["operator_id", "at"]).execute();
  if (isPostgres(db)) {
    await sql`create or replace function access_records_no_update() returns trigger language plpgsql as $$
      begin raise exception 'access_records are append-only'; end $$`.execute(db);
    await sql`create trigger access_records_no_update before update on access_records
      for each row execute function access_records_no_update()`.execute(db);
  } else {
    await sql`create trigger access_records_no_update before update on access_records
      begin select raise(abort, 'access_records are append-only'); end`.execute(db);
  }

  await withId(db, db.schema.createTable("access_reviews"))
    // YYYY-MM-DD, Seoul days, both included.
    .addColumn("period_from", "varchar(10)", (c) => c.notNull())
    .addColumn("period_to", "varchar(10)", (c) => c.notNull())
    .addColumn("reviewer_id", "integer")
    .addColumn("reviewer_email", "varchar(254)", (c) => c.notNull())
    .addColumn("records", "integer", (c) => c.notNull())
    .addColumn("flagged", "integer", (c) => c.notNull())
    .addColumn("findings", "text", (c) => c.notNull())
    .addColumn("follow_up", "text", (c) => c.notNull())
    .addColumn("signed_at", timeType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex("access_reviews_signed_idx").on("access_reviews").column("signed_at").execute();

  await withId(db, db.schema.createTable("destruction_ledger"))
    .addColumn("at", timeType(db), (c) => c.notNull())
    // retention | erasure
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    // An operator's e-mail, "system" (the daily job) or "cli" (npm run retention).
    .addColumn("actor", "varchar(254)", (c) => c.notNull())
    // JSON: { name: ISO instant } and { name: count }.
    .addColumn("cutoffs", "text", (c) => c.notNull())
    .addColumn("counts", "text", (c) => c.notNull())
    .addColumn("detail", "varchar(500)", (c) => c.notNull().defaultTo(""))
    // The hash the oldest kept access record then points to (the chain's new start), when access records were destroyed.
    .addColumn("chain_anchor", "varchar(64)")
    .addColumn("confirmed_at", timeType(db))
    .addColumn("confirmed_by", "varchar(254)")
    .execute();
  await db.schema.createIndex("destruction_ledger_at_idx").on("destruction_ledger").column("at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("destruction_ledger").ifExists().execute();
  await db.schema.dropTable("access_reviews").ifExists().execute();
  await db.schema.dropTable("access_records").ifExists().execute();
  if (isPostgres(db)) await sql`drop function if exists access_records_no_update()`.execute(db);
}
