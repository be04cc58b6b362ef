import { sql, type Kysely, type RawBuilder } from "kysely";
import { isPostgres } from "#db/migrations/dialect-types.ts";

/**
 * Native PostgreSQL types (issue 15, point 4; ADR 0024): every time stored
 * as a `varchar(32)` ISO-8601 UTC string becomes `timestamptz`, every 0/1
 * flag becomes `boolean`. The ISO strings carry their zone (`Z`) and
 * milliseconds, which `timestamptz` keeps (microseconds): nothing is lost,
 * and db/pg-types.ts reads them back as the same strings. Each table is
 * rewritten once (one ALTER TABLE per table), in the migration's transaction.
 *
 * SQLite keeps ISO text and 0/1: there this migration does nothing.
 * Days without a time (`campaign_banners.rate_date`, YYYY-MM-DD in Korea)
 * and the API's Y/N answers stay text.
 */
export const TIME_COLUMNS: Record<string, readonly string[]> = {
  banner_redirect_logs: ["created_at"],
  proposals: ["created_at", "updated_at", "first_opened_at"],
  as_requests: ["created_at", "updated_at", "first_opened_at"],
  purchase_requests: ["created_at", "updated_at", "first_opened_at"],
  consultation_answers: ["created_at", "updated_at", "first_opened_at"],
  as_request_photos: ["created_at"],
  consent_records: ["created_at", "withdrawn_at"],
  rights_requests: ["created_at", "updated_at", "first_opened_at"],
  blog_links: ["created_at", "updated_at"],
  job_leases: ["until"],
  admin_operators: ["created_at", "updated_at", "last_sign_in_at", "disabled_at", "totp_enabled_at"],
  admin_sessions: ["created_at", "last_seen_at", "expires_at"],
  admin_login_throttle: ["locked_until", "updated_at"],
  admin_login_accounts: ["window_started_at", "next_attempt_at", "updated_at"],
  admin_audit_log: ["created_at"],
  admin_password_links: ["expires_at", "used_at", "created_at"],
  admin_recovery_codes: ["used_at", "created_at"],
  admin_settings: ["updated_at"],
  alert_deliveries: [
    "request_created_at",
    "next_attempt_at",
    "claimed_until",
    "first_failed_at",
    "delivered_at",
    "created_at",
    "updated_at",
  ],
  push_subscriptions: ["created_at"],
  campaign_banners: ["active_from", "active_until", "created_at", "updated_at"],
  campaign_popup: ["active_from", "active_until", "updated_at"],
  campaign_images: ["created_at"],
  content_versions: ["updated_at"],
};

/** 0/1 integers that are flags; each defaults to 1 (true). */
export const FLAG_COLUMNS: Record<string, readonly string[]> = {
  campaign_banners: ["enabled", "published"],
  campaign_popup: ["enabled", "published"],
};

type Change = (column: RawBuilder<unknown>) => RawBuilder<unknown>;

/**
 * On PostgreSQL, one ALTER TABLE per table with every change of its columns
 * (the table is rewritten once); on SQLite nothing.
 */
async function alterColumns(db: Kysely<unknown>, time: Change, flag: Change): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of new Set([...Object.keys(TIME_COLUMNS), ...Object.keys(FLAG_COLUMNS)])) {
    const actions = [
      ...(TIME_COLUMNS[table] ?? []).map((name) => time(sql.id(name))),
      ...(FLAG_COLUMNS[table] ?? []).map((name) => flag(sql.id(name))),
    ];
    await sql`alter table ${sql.table(table)} ${sql.join(actions)}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await alterColumns(
    db,
    (c) => sql`alter column ${c} type timestamptz using ${c}::timestamptz`,
    // The default (1) cannot be cast to boolean: dropped, then set again.
    (c) => sql`alter column ${c} drop default, alter column ${c} type boolean using ${c} <> 0, alter column ${c} set default true`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await alterColumns(
    db,
    // Back to the strings the app wrote: milliseconds, UTC, `Z`.
    (c) => sql`alter column ${c} type varchar(32) using to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    (c) =>
      sql`alter column ${c} drop default, alter column ${c} type integer using case when ${c} then 1 else 0 end, alter column ${c} set default 1`,
  );
}
