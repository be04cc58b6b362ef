import { readFileSync } from "node:fs";
import type { Kysely } from "kysely";
import { flagType, timeType, withId } from "#db/migrations/dialect-types.ts";

/**
 * Legal documents as dated versions (issue 36, item 3; ADR 0038). Each row is
 * one version of one of the four documents: its six texts (the Korean
 * original and the five visitors' languages, the Markdown subset of
 * app/features/legal/markdown.server.ts), whether the change is significant
 * (30 days' notice instead of 7, spec §9) and the Korea date it takes effect.
 * A version is in force from its date until the next version's; one that has
 * not taken effect yet may be edited or withdrawn, never one in force.
 *
 * The first versions are the texts of content/legal/<kind>/<lang>.md as they
 * are when the migration runs, with their historic dates: the terms in force
 * since 2022-12-20 (spec §9), the others the version dates the code had.
 */
export const LEGAL_KINDS = ["privacy", "service", "notice", "complaint"] as const;
export const LEGAL_LANGS = ["ko", "en", "vi", "id", "my", "mn"] as const;
export const FIRST_VERSIONS: Record<(typeof LEGAL_KINDS)[number], string> = {
  privacy: "2023-03-06",
  service: "2022-12-20",
  notice: "2023-05-08",
  complaint: "2023-05-08",
};

const CONTENT = new URL("../../content/legal/", import.meta.url);

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("legal_versions"))
    // privacy, service (the terms), notice (the loan product notice), complaint.
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    // YYYY-MM-DD, a Korea date: in force from its start (00:00 KST).
    .addColumn("effective_on", "varchar(10)", (c) => c.notNull())
    .addColumn("significant", flagType(db), (c) => c.notNull())
    .addColumn("body_ko", "text", (c) => c.notNull())
    .addColumn("body_en", "text", (c) => c.notNull())
    .addColumn("body_vi", "text", (c) => c.notNull())
    .addColumn("body_id", "text", (c) => c.notNull())
    .addColumn("body_my", "text", (c) => c.notNull())
    .addColumn("body_mn", "text", (c) => c.notNull())
    // The operator who wrote it (null: the first versions, from the files).
    .addColumn("created_by", "integer")
    .addColumn("created_by_email", "varchar(254)")
    .addColumn("created_at", timeType(db), (c) => c.notNull())
    .addColumn("updated_at", timeType(db), (c) => c.notNull())
    .addUniqueConstraint("legal_versions_kind_day", ["kind", "effective_on"])
    .execute();

  const at = new Date().toISOString();
  const read = (kind: string, lang: string) => readFileSync(new URL(`${kind}/${lang}.md`, CONTENT), "utf8");
  await db
    .insertInto("legal_versions" as never)
    .values(
      LEGAL_KINDS.map((kind) => ({
        kind,
        effective_on: FIRST_VERSIONS[kind],
        significant: 0,
        ...Object.fromEntries(LEGAL_LANGS.map((lang) => [`body_${lang}`, read(kind, lang)])),
        created_by: null,
        created_by_email: null,
        created_at: at,
        updated_at: at,
      })) as never,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("legal_versions").execute();
}
