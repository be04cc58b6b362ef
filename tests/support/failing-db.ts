import type { Kysely, KyselyPlugin } from "kysely";
import type { Database } from "#db/schema.ts";

/** The database, except that inserting into `table` (any table when omitted) fails: a full disk, a dropped connection. */
export function failingInserts(db: Kysely<Database>, table?: string): Kysely<Database> {
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      if (node.kind === "InsertQueryNode" && (!table || node.into?.table.identifier.name === table)) throw new Error("simulated failure");
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return db.withPlugin(plugin);
}
