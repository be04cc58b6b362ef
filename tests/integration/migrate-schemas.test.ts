import { describe, expect, it } from "vitest";
import { freshDatabase } from "#tests/support/databases.ts";

/**
 * Kysely finds its migration tables in any schema unless told which: a second
 * schema migrated while another one exists must still get its own tables.
 */
describe.skipIf(!process.env.TEST_POSTGRES_URL)("migrations on PostgreSQL with several schemas", () => {
  it("migrates a schema while another migrated schema exists", async () => {
    const first = await freshDatabase("postgres");
    try {
      const second = await freshDatabase("postgres");
      try {
        await second.db
          .insertInto("banner_redirect_logs")
          .values({ partner_name: "p", redirect_url: "https://example.com", created_at: new Date().toISOString() })
          .execute();
        expect(await second.db.selectFrom("banner_redirect_logs").select("id").execute()).toHaveLength(1);
        expect(await first.db.selectFrom("banner_redirect_logs").select("id").execute()).toHaveLength(0);
      } finally {
        await second.cleanup();
      }
    } finally {
      await first.cleanup();
    }
  });
});
