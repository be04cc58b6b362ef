import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { isSealed, seal, unseal } from "#app/lib/sealed.server.ts";

/**
 * The operators' authenticator secrets at rest (ADR 0022, issue 29): sealed
 * under APP_SECRET. Two chores keep it so: at start, a secret still in clear
 * (set up before sealing) is sealed; with a new APP_SECRET, every secret is
 * opened with the old one and sealed with the new (`npm run secrets:rotate`).
 */
const COLUMNS = ["totp_secret", "totp_pending_secret"] as const;

/** Seals every authenticator secret still stored in clear; answers how many. Idempotent. */
export async function sealClearTotpSecrets(db: Kysely<Database>, appSecret: string): Promise<number> {
  return reseal(db, (value) => (isSealed(value) ? null : seal(appSecret, "totp", value))).then((r) => r.changed);
}

/**
 * Opens every authenticator secret with the old APP_SECRET and seals it with the new one, in one
 * transaction: if any does not open with the old secret, nothing changes (SecretsDoNotOpen).
 */
export async function resealTotpSecrets(
  db: Kysely<Database>,
  oldSecret: string,
  newSecret: string,
): Promise<{ changed: number; unopened: number }> {
  return reseal(
    db,
    (value) => {
      const open = isSealed(value) ? unseal(oldSecret, "totp", value) : value;
      return open === null ? undefined : seal(newSecret, "totp", open);
    },
    { strict: true },
  );
}

export class SecretsDoNotOpen extends Error {}

/**
 * How many stored authenticator secrets are sealed but do not open with
 * `appSecret`: sealed under another APP_SECRET (a new one set on an install
 * that already ran). Until `npm run secrets:rotate` re-seals them, those
 * operators' codes cannot be checked. Read at start (server/main.ts) and by
 * the go-live check.
 */
export async function totpSecretsSealedWithOtherKey(db: Kysely<Database>, appSecret: string): Promise<number> {
  const rows = await db
    .selectFrom("admin_operators")
    .select([...COLUMNS])
    .execute();
  return rows.flatMap((row) => COLUMNS.map((c) => row[c])).filter((v) => !!v && isSealed(v) && unseal(appSecret, "totp", v) === null)
    .length;
}

/** The start-up log line when any secret is sealed with another key: it names the fix. */
export const KEY_MISMATCH_EVENT = "secrets.key_mismatch";
export const ROTATE_COMMAND = "npm run secrets:rotate";

/** `next` answers the new stored value, null to leave it, undefined for one that could not be opened. */
async function reseal(db: Kysely<Database>, next: (value: string) => string | null | undefined, options: { strict?: boolean } = {}) {
  return db.transaction().execute(async (trx) => {
    let changed = 0;
    let unopened = 0;
    const rows = await trx
      .selectFrom("admin_operators")
      .select(["id", ...COLUMNS])
      .execute();
    for (const row of rows) {
      const update: Partial<Record<(typeof COLUMNS)[number], string>> = {};
      for (const column of COLUMNS) {
        const value = row[column];
        if (!value) continue;
        const sealed = next(value);
        if (sealed === undefined) unopened += 1;
        else if (sealed !== null) update[column] = sealed;
      }
      if (options.strict && unopened > 0)
        throw new SecretsDoNotOpen(`${unopened} authenticator secret(s) do not open with the old APP_SECRET`);
      if (Object.keys(update).length === 0) continue;
      await trx.updateTable("admin_operators").set(update).where("id", "=", row.id).execute();
      changed += Object.keys(update).length;
    }
    return { changed, unopened };
  });
}
