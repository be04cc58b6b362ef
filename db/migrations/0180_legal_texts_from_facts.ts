import { readFileSync } from "node:fs";
import { sql, type Kysely } from "kysely";
import { LEGAL_KINDS, LEGAL_LANGS } from "#db/migrations/0140_legal_versions.ts";

/**
 * The legal texts from the business's facts (issue 47, item 5): the seeded
 * versions (created_by null; no operator ever wrote or edited them, and a
 * version in force cannot be edited) take the texts of
 * content/legal/<kind>/<lang>.md as they are now. Those carry placeholders
 * for every business fact (registration, dates, privacy officer, the live
 * products' span) and conditions ({?counter}, {?products}) instead of the
 * sample company's facts, and a privacy policy describing only what the site
 * does. A fresh install already seeded these texts in 0140; rewriting them is
 * then a no-op. Versions an operator wrote are never touched. The content
 * version moves, so every running instance drops the texts it kept.
 */
const CONTENT = new URL("../../content/legal/", import.meta.url);

export async function up(db: Kysely<unknown>): Promise<void> {
  const read = (kind: string, lang: string) => readFileSync(new URL(`${kind}/${lang}.md`, CONTENT), "utf8");
  const at = new Date().toISOString();
  for (const kind of LEGAL_KINDS) {
    await db
      .updateTable("legal_versions" as never)
      .set({ ...Object.fromEntries(LEGAL_LANGS.map((lang) => [`body_${lang}`, read(kind, lang)])), updated_at: at } as never)
      .where(sql.ref("kind"), "=", kind)
      .where(sql.ref("created_by"), "is", null)
      .execute();
  }
  await sql`update content_versions set version = version + 1, updated_at = ${at} where name = 'campaigns'`.execute(db);
}

export async function down(): Promise<void> {
  // The sample company's texts are not restored: they named facts of a business that is not this one.
}
