import { readFileSync } from "node:fs";
import { sql, type Kysely } from "kysely";
import { LEGAL_LANGS } from "#db/migrations/0140_legal_versions.ts";

/**
 * The loan product notice quotes the law from the statute folder (issue 48
 * item 4, ADR 0051): the seeded versions (created_by null: no operator wrote
 * or edited them) take content/legal/notice/<lang>.md as it is now, whose
 * withdrawal method ({lawWithdrawal}: 서면·전자우편·휴대전화 문자메시지 등,
 * and the costs it repays), 별표 1 warning ({lawExcessDebt}) and liability
 * ({lawLiability44}, {lawLiability45}) are placeholders filled from
 * content/statutes. Versions an operator wrote are never touched; the content
 * version moves so running instances drop the texts they kept.
 */
const CONTENT = new URL("../../content/legal/notice/", import.meta.url);

export async function up(db: Kysely<unknown>): Promise<void> {
  const at = new Date().toISOString();
  await db
    .updateTable("legal_versions" as never)
    .set({
      ...Object.fromEntries(LEGAL_LANGS.map((lang) => [`body_${lang}`, readFileSync(new URL(`${lang}.md`, CONTENT), "utf8")])),
      updated_at: at,
    } as never)
    .where(sql.ref("kind"), "=", "notice")
    .where(sql.ref("created_by"), "is", null)
    .execute();
  await sql`update content_versions set version = version + 1, updated_at = ${at} where name = 'campaigns'`.execute(db);
}

export async function down(): Promise<void> {
  // The earlier wording said a withdrawal could be made by phone: it is not restored.
}
