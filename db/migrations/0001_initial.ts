import type { CreateTableBuilder, Kysely } from "kysely";
import { blobType, withId } from "#db/migrations/dialect-types.ts";

/** The request tables share the operator workflow columns. */
function requestColumns<T extends string>(table: CreateTableBuilder<T, never>) {
  return table
    .addColumn("submission_id", "varchar(64)", (c) => c.unique())
    .addColumn("lang", "varchar(8)", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("new"))
    .addColumn("operator_note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull());
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("banner_redirect_logs"))
    .addColumn("partner_name", "varchar(200)", (c) => c.notNull())
    .addColumn("redirect_url", "varchar(2048)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();

  await requestColumns(withId(db, db.schema.createTable("proposals")))
    .addColumn("proposer_name", "varchar(200)", (c) => c.notNull())
    .addColumn("proposer_phone", "varchar(32)", (c) => c.notNull())
    .addColumn("proposer_email", "varchar(320)", (c) => c.notNull())
    .addColumn("proposal_content", "text", (c) => c.notNull())
    .execute();

  for (const name of ["as_requests", "purchase_requests"]) {
    await requestColumns(withId(db, db.schema.createTable(name)))
      .addColumn("applicant_name", "varchar(200)", (c) => c.notNull())
      .addColumn("contact_phone", "varchar(32)", (c) => c.notNull())
      .addColumn("applicant_addr", "varchar(500)", (c) => c.notNull())
      .addColumn("inquiry_content", "text", (c) => c.notNull())
      .execute();
  }

  await withId(db, db.schema.createTable("as_request_photos"))
    .addColumn("as_request_id", "integer", (c) => c.notNull().references("as_requests.id").onDelete("cascade"))
    .addColumn("content_type", "varchar(64)", (c) => c.notNull())
    .addColumn("byte_size", "integer", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("data", blobType(db), (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();

  await requestColumns(withId(db, db.schema.createTable("consultation_answers")))
    .addColumn("marketing_yn", "varchar(1)", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("consultation_answer_items"))
    .addColumn("answer_id", "integer", (c) => c.notNull().references("consultation_answers.id").onDelete("cascade"))
    .addColumn("question_seq", "integer", (c) => c.notNull())
    .addColumn("answer_content", "varchar(500)", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("consent_records"))
    .addColumn("answer_id", "integer", (c) => c.notNull().references("consultation_answers.id").onDelete("cascade"))
    .addColumn("policy_kind", "varchar(32)", (c) => c.notNull())
    .addColumn("policy_version", "varchar(32)", (c) => c.notNull())
    .addColumn("agreed_yn", "varchar(1)", (c) => c.notNull())
    .addColumn("lang", "varchar(8)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("blog_links"))
    .addColumn("og_title", "varchar(500)")
    .addColumn("og_url", "varchar(2048)", (c) => c.notNull())
    .addColumn("og_image", "varchar(2048)")
    .addColumn("domain_addr", "varchar(255)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();

  await db.schema.createIndex("consultation_answer_items_answer_idx").on("consultation_answer_items").column("answer_id").execute();
  await db.schema.createIndex("consent_records_answer_idx").on("consent_records").column("answer_id").execute();
  await db.schema.createIndex("as_request_photos_request_idx").on("as_request_photos").column("as_request_id").execute();
  for (const table of ["proposals", "as_requests", "purchase_requests", "consultation_answers", "banner_redirect_logs"]) {
    await db.schema.createIndex(`${table}_created_idx`).on(table).column("created_at").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "blog_links",
    "consent_records",
    "consultation_answer_items",
    "consultation_answers",
    "as_request_photos",
    "purchase_requests",
    "as_requests",
    "proposals",
    "banner_redirect_logs",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
