import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { SAMPLE_BLOG_LINKS } from "#db/sample-blog-links.ts";

/** Sample blog/link items for a fresh database (db/connect.ts `migrate`, once), so the blog feed is not empty. */
export async function seed(db: Kysely<Database>): Promise<void> {
  const existing = await db
    .selectFrom("blog_links")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  if (Number(existing?.n ?? 0) > 0) return;
  const base = Date.UTC(2026, 0, 5);
  await db
    .insertInto("blog_links")
    .values(
      SAMPLE_BLOG_LINKS.map((item, i) => {
        const at = new Date(base + i * 86_400_000).toISOString();
        return { ...item, created_at: at, updated_at: at };
      }),
    )
    .execute();
}
