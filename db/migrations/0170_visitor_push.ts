import type { Kysely } from "kysely";
import { withId } from "#db/migrations/dialect-types.ts";

/**
 * Web Push to visitors (issue 38, items 1–3): a phone's push subscription,
 * tied to one request's status link (deleted with the link, the request's
 * erasure and retention), and the kind of news a visitor delivery carries
 * on the alerts' outbox (`alert_deliveries` rows of channel "visitor", whose
 * recipient is the subscription's id). `news_at` is the time the news names
 * (the next try, the call-back): never a visitor's data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("visitor_push_subscriptions"))
    .addColumn("status_link_id", "integer", (c) => c.notNull().references("request_status_links.id").onDelete("cascade"))
    .addColumn("request_kind", "varchar(16)", (c) => c.notNull())
    .addColumn("request_id", "integer", (c) => c.notNull())
    .addColumn("endpoint", "varchar(2048)", (c) => c.notNull())
    .addColumn("p256dh", "varchar(200)", (c) => c.notNull())
    .addColumn("auth", "varchar(100)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addUniqueConstraint("visitor_push_subscriptions_link_endpoint_uq", ["status_link_id", "endpoint"])
    .execute();
  await db.schema
    .createIndex("visitor_push_subscriptions_request_idx")
    .on("visitor_push_subscriptions")
    .columns(["request_kind", "request_id"])
    .execute();
  await db.schema.alterTable("alert_deliveries").addColumn("news", "varchar(32)").execute();
  await db.schema.alterTable("alert_deliveries").addColumn("news_at", "varchar(32)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("alert_deliveries").dropColumn("news_at").execute();
  await db.schema.alterTable("alert_deliveries").dropColumn("news").execute();
  await db.schema.dropTable("visitor_push_subscriptions").ifExists().execute();
}
