import { readFileSync } from "node:fs";
import { sql, type Kysely } from "kysely";
import { LEGAL_LANGS } from "#db/migrations/0140_legal_versions.ts";

/**
 * The privacy policy says what happens (issue 52, item 7): the seeded
 * versions of the privacy policy (created_by null: no operator wrote or
 * edited them) take content/legal/privacy/<lang>.md as it is now — §6 names
 * the processors the console lists ({processors}), a section on transfer
 * abroad appears when one is outside Korea ({?abroad}, 제28조의8), and the
 * visit records the site never kept are no longer declared. Versions an
 * operator wrote are never touched (a live site publishes a new dated
 * version in the console). The content version moves so every instance
 * drops the texts it kept.
 */
const CONTENT = new URL("../../content/legal/privacy/", import.meta.url);

export async function up(db: Kysely<unknown>): Promise<void> {
  const at = new Date().toISOString();
  await db
    .updateTable("legal_versions" as never)
    .set({
      ...Object.fromEntries(LEGAL_LANGS.map((lang) => [`body_${lang}`, readFileSync(new URL(`${lang}.md`, CONTENT), "utf8")])),
      updated_at: at,
    } as never)
    .where(sql.ref("kind"), "=", "privacy")
    .where(sql.ref("created_by"), "is", null)
    .execute();
  await sql`update content_versions set version = version + 1, updated_at = ${at} where name = 'campaigns'`.execute(db);
}

export async function down(): Promise<void> {
  // The earlier seeded text declared visit records the site never kept: it is not restored.
}
