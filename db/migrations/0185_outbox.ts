import type { Kysely } from "kysely";
import { sql } from "kysely";
import { timeType } from "#db/migrations/dialect-types.ts";

/**
 * One outbox for every message the site sends (issue 49 item 0, ADR 0048):
 * `alert_deliveries` becomes the outbox of app/outbox/, used by the operators'
 * alerts, visitors' push news, the password-link mails and text messages.
 *
 * - `payload`: what a row carries that the row's request cannot give back at
 *   send time, sealed under APP_SECRET (a password link, a phone number and
 *   a text's parameters); wiped once the row is delivered or given up.
 * - `dedupe_key`: unique when set: one text per kind per request per window,
 *   on every instance (a second insert conflicts and adds nothing).
 * - `provider_ref`, `report_status`, `reported_at`, `cost_won`: a text's
 *   message id at its provider and what the provider's delivery report said.
 *
 * Unsent password-link mails move over (channel "link_mail"); their old table
 * keeps only history and goes with retention.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("alert_deliveries").addColumn("payload", "text").execute();
  await db.schema.alterTable("alert_deliveries").addColumn("dedupe_key", "varchar(200)").execute();
  await db.schema.alterTable("alert_deliveries").addColumn("provider_ref", "varchar(100)").execute();
  await db.schema.alterTable("alert_deliveries").addColumn("report_status", "varchar(32)").execute();
  await db.schema.alterTable("alert_deliveries").addColumn("reported_at", timeType(db)).execute();
  await db.schema.alterTable("alert_deliveries").addColumn("cost_won", "integer").execute();
  await db.schema.createIndex("alert_deliveries_dedupe_uq").on("alert_deliveries").column("dedupe_key").unique().execute();
  await db.schema.createIndex("alert_deliveries_provider_ref_idx").on("alert_deliveries").column("provider_ref").execute();
  // Link mails still waiting: re-queued on the one outbox (their sealed link's purpose is unchanged).
  await sql`
    insert into alert_deliveries (channel, recipient, request_kind, request_id, request_lang, request_created_at,
      status, attempts, next_attempt_at, payload, created_at, updated_at)
    select 'link_mail', recipient, 'operator', 0, lang, created_at,
      'pending', attempts, next_attempt_at, purpose || ' ' || sealed_link, created_at, created_at
    from password_link_mails
    where sent_at is null and failed_at is null and sealed_link is not null`.execute(db);
  await sql`update password_link_mails set failed_at = next_attempt_at, sealed_link = null, last_error = 'moved to the outbox'
    where sent_at is null and failed_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("alert_deliveries_provider_ref_idx").ifExists().execute();
  await db.schema.dropIndex("alert_deliveries_dedupe_uq").ifExists().execute();
  for (const column of ["cost_won", "reported_at", "report_status", "provider_ref", "dedupe_key", "payload"])
    await db.schema.alterTable("alert_deliveries").dropColumn(column).execute();
}
