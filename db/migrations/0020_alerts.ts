import type { Kysely } from "kysely";
import { withId } from "#db/migrations/dialect-types.ts";

/**
 * Alerts (issue 12): the outbox of deliveries, written in the same
 * transaction as the request it announces; operators' push subscriptions;
 * disabled operators; and when each request was first opened in the console.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("alert_deliveries"))
    // push | email | webhook
    .addColumn("channel", "varchar(16)", (c) => c.notNull())
    // The push subscription's id, the e-mail address, or the webhook (never a visitor's data).
    .addColumn("recipient", "varchar(320)", (c) => c.notNull())
    .addColumn("request_kind", "varchar(32)", (c) => c.notNull())
    .addColumn("request_id", "integer", (c) => c.notNull())
    .addColumn("request_lang", "varchar(8)", (c) => c.notNull())
    .addColumn("request_created_at", "varchar(32)", (c) => c.notNull())
    // pending | delivered | failed | cancelled
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "varchar(32)", (c) => c.notNull())
    // A worker's lease: set when claimed, cleared when the attempt ends. A lease that
    // runs out (the worker died mid-delivery) makes the row claimable again.
    .addColumn("claim_token", "varchar(64)")
    .addColumn("claimed_until", "varchar(32)")
    .addColumn("last_error", "varchar(500)")
    .addColumn("first_failed_at", "varchar(32)")
    .addColumn("delivered_at", "varchar(32)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("alert_deliveries_due_idx").on("alert_deliveries").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("alert_deliveries_channel_idx").on("alert_deliveries").columns(["channel", "created_at"]).execute();

  await withId(db, db.schema.createTable("push_subscriptions"))
    .addColumn("operator_id", "integer", (c) => c.notNull().references("admin_operators.id").onDelete("cascade"))
    .addColumn("endpoint", "varchar(2048)", (c) => c.notNull().unique())
    .addColumn("p256dh", "varchar(200)", (c) => c.notNull())
    .addColumn("auth", "varchar(100)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("push_subscriptions_operator_idx").on("push_subscriptions").column("operator_id").execute();

  await db.schema.alterTable("admin_operators").addColumn("disabled_at", "varchar(32)").execute();

  for (const table of ["proposals", "as_requests", "purchase_requests", "consultation_answers"]) {
    await db.schema.alterTable(table).addColumn("first_opened_at", "varchar(32)").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["proposals", "as_requests", "purchase_requests", "consultation_answers"]) {
    await db.schema.alterTable(table).dropColumn("first_opened_at").execute();
  }
  await db.schema.alterTable("admin_operators").dropColumn("disabled_at").execute();
  await db.schema.dropTable("push_subscriptions").ifExists().execute();
  await db.schema.dropTable("alert_deliveries").ifExists().execute();
}
