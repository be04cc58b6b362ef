import type { Kysely } from "kysely";
import { blobType, timeType } from "#db/migrations/dialect-types.ts";

/**
 * The business's own settings (issue 36): one row per section, its value a
 * JSON document checked by the console's schema on the way in. `identity`
 * holds the names, registrations, addresses and contacts; no row means the
 * sample values of app/business/identity.ts, which the go-live check names.
 * Uploaded files (the registration certificate) are kept in the database
 * like the campaign images, under a name made of their bytes' hash, so
 * every instance serves them and a URL never changes what it shows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("business_settings")
    .addColumn("section", "varchar(32)", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", timeType(db), (c) => c.notNull())
    .addColumn("updated_by", "varchar(254)")
    .execute();
  await db.schema
    .createTable("business_files")
    .addColumn("name", "varchar(96)", (c) => c.primaryKey())
    .addColumn("content_type", "varchar(64)", (c) => c.notNull())
    .addColumn("data", blobType(db), (c) => c.notNull())
    .addColumn("created_at", timeType(db), (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("business_files").execute();
  await db.schema.dropTable("business_settings").execute();
}
