import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrator } from "#db/connect.ts";
import { FLAG_COLUMNS, TIME_COLUMNS } from "#db/migrations/0070_native_types.ts";
import { flagType, timeType } from "#db/migrations/dialect-types.ts";
import type { Database } from "#db/schema.ts";
import { utcHour } from "#db/sql-time.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";

/**
 * Migration 0070 (ADR 0024): on PostgreSQL every time becomes `timestamptz`
 * and every flag `boolean`, rows kept; the app reads the same ISO strings and
 * 1/0 on both dialects before and after. The PostgreSQL session runs in
 * Asia/Kolkata (+05:30), so nothing may depend on the session's zone.
 */
const BEFORE = "0062_session_devices";
const AFTER = "0070_native_types";
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let tick = 0;
/** A distinct ISO time per call, with varied milliseconds (some .000). */
const t = () => new Date(Date.UTC(2026, 10, 25, 4, 33, 0) + tick++ * 61_007).toISOString();

/** Every table as it is at 0062, each time column filled, in the order of their foreign keys. */
function fixture(): [string, Record<string, unknown>][] {
  const request = (extra: Record<string, unknown>) => ({
    lang: "vi",
    status: "new",
    created_at: t(),
    updated_at: t(),
    first_opened_at: t(),
    ...extra,
  });
  const person = { applicant_name: "NGUYEN VAN A", contact_phone: "01012345678", applicant_addr: "Seoul", inquiry_content: "?" };
  return [
    [
      "admin_operators",
      {
        email: "ops@example.com",
        password_hash: "scrypt$x",
        created_at: t(),
        updated_at: t(),
        last_sign_in_at: t(),
        disabled_at: t(),
        totp_enabled_at: t(),
        totp_last_step: 5,
      },
    ],
    ["admin_sessions", { token_hash: "a".repeat(64), operator_id: 1, created_at: t(), last_seen_at: t(), expires_at: t() }],
    ["admin_login_throttle", { email_hash: "e", client_hash: "c", failures: 2, locked_until: t(), updated_at: t() }],
    ["admin_login_accounts", { email_hash: "e", failures: 3, window_started_at: t(), next_attempt_at: t(), updated_at: t() }],
    ["admin_audit_log", { operator_id: 1, operator_email: "ops@example.com", action: "view", created_at: t() }],
    [
      "admin_password_links",
      { operator_id: 1, token_hash: "b".repeat(64), purpose: "reset", expires_at: t(), used_at: t(), created_by: 1, created_at: t() },
    ],
    ["admin_recovery_codes", { operator_id: 1, code_hash: "c".repeat(64), used_at: t(), created_at: t() }],
    ["admin_settings", { name: "two_step_required", value: "admins", updated_at: t() }],
    [
      "alert_deliveries",
      {
        channel: "email",
        recipient: "ops@example.com",
        request_kind: "proposal",
        request_id: 1,
        request_lang: "vi",
        request_created_at: t(),
        status: "pending",
        attempts: 1,
        next_attempt_at: t(),
        claim_token: "k",
        claimed_until: t(),
        first_failed_at: t(),
        delivered_at: t(),
        created_at: t(),
        updated_at: t(),
      },
    ],
    ["push_subscriptions", { operator_id: 1, endpoint: "https://push.example/1", p256dh: "p", auth: "a", created_at: t() }],
    ["banner_redirect_logs", { partner_name: "savings-bank", redirect_url: "https://savings.example.com/loan", created_at: t() }],
    ["proposals", request({ proposer_name: "A", proposer_phone: "01012345678", proposer_email: "a@example.com", proposal_content: "?" })],
    ["as_requests", request(person)],
    ["purchase_requests", request(person)],
    [
      "as_request_photos",
      { as_request_id: 1, content_type: "image/webp", byte_size: 3, width: 1, height: 1, data: new Uint8Array([1, 2, 3]), created_at: t() },
    ],
    ["consultation_answers", request({ marketing_yn: "Y" })],
    ["consultation_answer_items", { answer_id: 1, question_seq: 1, answer_content: "NGUYEN VAN A" }],
    [
      "consent_records",
      {
        answer_id: 1,
        policy_kind: "marketing",
        policy_version: "2026-11-01",
        agreed_yn: "Y",
        lang: "vi",
        created_at: t(),
        withdrawn_at: t(),
      },
    ],
    ["rights_requests", request({ request_kind: "erase", phone: "01012345678" })],
    ["blog_links", { og_url: "https://blog.example.com/1", domain_addr: "blog.example.com", created_at: t(), updated_at: t() }],
    ["job_leases", { name: "retention", holder: "host:1", until: t() }],
    [
      "campaign_banners",
      {
        partner_key: "draft-off",
        texts: "{}",
        rate_text: "9%",
        rate_date: "2026-11-01",
        link: "https://x.example/",
        image: "/x.svg",
        active_from: t(),
        active_until: t(),
        enabled: 0,
        published: 0,
        position: 4,
        created_at: t(),
        updated_at: t(),
      },
    ],
    [
      "campaign_images",
      { name: "x.webp", content_type: "image/webp", width: 1, height: 1, byte_size: 1, data: new Uint8Array([9]), created_at: t() },
    ],
  ];
}

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

async function tableNames(handle: TestDatabase): Promise<string[]> {
  const { rows } =
    handle.dialect === "postgres"
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(handle.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(handle.db);
  return rows
    .map((r) => r.name)
    .filter((n) => !n.startsWith("kysely_"))
    .sort();
}

/** A snapshot's tables that `reference` has: the fixture is at 0062, and later migrations add tables (rate_limits). */
function tablesOf(snap: Record<string, Record<string, unknown>[]>, reference: Record<string, Record<string, unknown>[]>) {
  // Only the reference's tables and columns: a later migration's columns (0100's banner rates) are not 0070's business.
  return Object.fromEntries(
    Object.entries(snap)
      .filter(([table]) => table in reference)
      .map(([table, rows]) => {
        const kept = Object.keys(reference[table]?.[0] ?? {});
        return [table, kept.length ? rows.map((row) => Object.fromEntries(kept.map((c) => [c, row[c]]))) : rows];
      }),
  );
}

/** The key of the tables without an `id`. */
const ORDER_BY: Record<string, string[]> = {
  job_leases: ["name"],
  content_versions: ["name"],
  rate_limits: ["bucket", "key_hash", "window_start"],
};

/** Every row of every table as the app reads it. */
async function snapshot(handle: TestDatabase): Promise<Record<string, Record<string, unknown>[]>> {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const table of await tableNames(handle)) {
    const keys = ORDER_BY[table] ?? ["id"];
    const order = sql.join(keys.map((k) => sql.ref(k)));
    out[table] = (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${order}`.execute(handle.db)).rows;
  }
  return out;
}

interface ColumnInfo {
  table: string;
  column: string;
  /** varchar(32), timestamp with time zone, boolean… */
  type: string;
  nullable: boolean;
  default: string | null;
}

async function columns(handle: TestDatabase): Promise<ColumnInfo[]> {
  const out: ColumnInfo[] = [];
  if (handle.dialect === "postgres") {
    const { rows } = await sql<{
      table_name: string;
      column_name: string;
      data_type: string;
      character_maximum_length: number | null;
      is_nullable: string;
      column_default: string | null;
    }>`select table_name, column_name, data_type, character_maximum_length, is_nullable, column_default
        from information_schema.columns where table_schema = current_schema()`.execute(handle.db);
    for (const r of rows)
      out.push({
        table: r.table_name,
        column: r.column_name,
        type: r.data_type === "character varying" ? `varchar(${r.character_maximum_length})` : r.data_type,
        nullable: r.is_nullable === "YES",
        default: r.column_default,
      });
  } else {
    for (const table of await tableNames(handle)) {
      const { rows } = await sql<{ name: string; type: string; notnull: number; dflt_value: string | null }>`
        select name, type, "notnull", dflt_value from pragma_table_info(${table})`.execute(handle.db);
      for (const r of rows) out.push({ table, column: r.name, type: r.type, nullable: !r.notnull, default: r.dflt_value });
    }
  }
  return out.filter((c) => !c.table.startsWith("kysely_"));
}

/** The `varchar(32)` columns that hold values, every one of them an ISO time: times stored as text. */
async function textTimeColumns(handle: TestDatabase): Promise<string[]> {
  const out: string[] = [];
  for (const c of await columns(handle)) {
    if (c.type !== "varchar(32)") continue;
    const { rows } = await sql<{ v: string }>`select ${sql.ref(c.column)} as v from ${sql.table(c.table)}
      where ${sql.ref(c.column)} is not null`.execute(handle.db);
    if (rows.length && rows.every((r) => ISO.test(r.v) && !Number.isNaN(Date.parse(r.v)))) out.push(`${c.table}.${c.column}`);
  }
  return out.sort();
}

const listed = (spec: Record<string, readonly string[]>) =>
  Object.entries(spec).flatMap(([table, cols]) => cols.map((c) => `${table}.${c}`));
const timeColumns = listed(TIME_COLUMNS).sort();
const flagColumns = listed(FLAG_COLUMNS).sort();

describe.each(DIALECTS)("native types (migration 0070) on %s", (dialect) => {
  let handle: TestDatabase;
  let before: Record<string, Record<string, unknown>[]>;
  let textTimesBefore: string[];

  beforeAll(async () => {
    handle = await freshDatabase(dialect, { migrate: false, timeZone: "Asia/Kolkata" });
    const to = await (await migrator(handle.db)).migrateTo(BEFORE);
    expect(to.error).toBeUndefined();
    const db = handle.db as unknown as AnyDb;
    for (const [table, row] of fixture()) await db.insertInto(table).values(row).execute();
    await db.updateTable("campaign_popup").set({ active_from: t(), active_until: t(), enabled: 0 }).execute();
    before = await snapshot(handle);
    textTimesBefore = await textTimeColumns(handle);
    // Up to 0070 only: later migrations add their own columns and rows (0080: tests/integration/pipeline-stages.test.ts).
    const up = await (await migrator(handle.db)).migrateTo(AFTER);
    expect(up.error).toBeUndefined();
  });
  afterAll(async () => {
    await handle.cleanup();
  });

  it("the fixture fills every time column of 0062, and 0070 lists exactly those", () => {
    // Any varchar(32) column holding only ISO times is one 0070 converts: a forgotten column shows here.
    expect(textTimesBefore).toEqual(timeColumns);
    expect(before.campaign_banners!.map((r) => [r.enabled, r.published])).toEqual([
      [1, 1],
      [1, 1],
      [1, 1],
      [0, 0],
    ]);
  });

  it("every column named like a time (…_at, …_from, …_until, until) is one 0070 converts", async () => {
    const named = (await columns(handle)).filter((c) => /(_at|_from|_until|^until)$/.test(c.column)).map((c) => `${c.table}.${c.column}`);
    // Up to 0070: later migrations' tables are not here yet (they make their times with timeType, tested below).
    expect(named.sort()).toEqual(timeColumns);
  });

  it("the app reads every row as before: the same ISO strings, the same 1/0 flags, the same bytes", async () => {
    const after = await snapshot(handle);
    expect(tablesOf(after, before)).toEqual(before);
    expect(after.admin_sessions![0]!.expires_at).toMatch(ISO);
    expect(after.campaign_popup![0]!.enabled).toBe(0);
  });

  it.runIf(dialect === "postgres")(
    "stores times as timestamptz and flags as booleans (true by default), nothing else changed",
    async () => {
      const info = await columns(handle);
      const type = (name: string) => info.find((c) => `${c.table}.${c.column}` === name);
      for (const name of timeColumns) expect(type(name), name).toMatchObject({ type: "timestamp with time zone" });
      for (const name of flagColumns) expect(type(name), name).toMatchObject({ type: "boolean", nullable: false, default: "true" });
      expect(type("campaign_banners.rate_date")).toMatchObject({ type: "varchar(10)" });
      expect(type("as_request_photos.data")).toMatchObject({ type: "bytea" });
    },
  );

  it("leaves no varchar(32) column whose values are all ISO times (on SQLite: only the times it keeps as text)", async () => {
    expect(await textTimeColumns(handle)).toEqual(dialect === "postgres" ? [] : timeColumns);
  });

  it("answers a time written as a string, a flag written as 1/0 or true/false, and compares them, alike", async () => {
    const db = handle.db as unknown as Kysely<Database>;
    const at = "2026-12-31T15:00:00.120Z";
    await db
      .updateTable("campaign_popup")
      .set({ updated_at: at, enabled: true as unknown as number, published: 0 })
      .execute();
    const row = await db
      .selectFrom("campaign_popup")
      .select(["updated_at", "enabled", "published"])
      .where("updated_at", ">=", "2026-12-31T15:00:00.000Z")
      .where("enabled", "=", 1)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ updated_at: at, enabled: 1, published: 0 });
    // A comparison answers 1/0 on both dialects.
    const cmp = await sql<{
      later: unknown;
    }>`select ${sql.ref("updated_at")} > ${"2026-01-01T00:00:00.000Z"} as later from campaign_popup`.execute(db);
    expect(cmp.rows[0]!.later).toBe(1);
  });

  it("groups by the UTC hour in UTC whatever the session's zone (+05:30 here)", async () => {
    const db = handle.db as unknown as Kysely<Database>;
    await db
      .insertInto("banner_redirect_logs")
      .values({ partner_name: "hour", redirect_url: "https://x.example/", created_at: "2026-11-25T04:59:59.999Z" })
      .execute();
    const hour = utcHour(db, sql.ref("created_at"));
    const rows = await db.selectFrom("banner_redirect_logs").select(hour.as("hour")).where("partner_name", "=", "hour").execute();
    expect(rows).toEqual([{ hour: "2026-11-25T04:00:00.000Z" }]);
  });

  it("gives a later migration's time and flag columns (timeType, flagType, default true) the same reads", async () => {
    const db = handle.db as unknown as Kysely<unknown>;
    await db.schema
      .createTable("later_table")
      .addColumn("at", timeType(db), (c) => c.notNull())
      .addColumn("on", flagType(db), (c) => c.notNull().defaultTo(true))
      .execute();
    try {
      const any = db as unknown as AnyDb;
      await any.insertInto("later_table").values({ at: "2026-11-25T04:33:00.001Z" }).execute();
      await any.insertInto("later_table").values({ at: "2026-11-25T04:33:00.002Z", on: 0 }).execute();
      expect(await any.selectFrom("later_table").selectAll().orderBy("at").execute()).toEqual([
        { at: "2026-11-25T04:33:00.001Z", on: 1 },
        { at: "2026-11-25T04:33:00.002Z", on: 0 },
      ]);
    } finally {
      await db.schema.dropTable("later_table").execute();
    }
  });

  it.runIf(dialect === "postgres")("goes back down to 0062 with the strings the app wrote, and up again", async () => {
    const now = await snapshot(handle);
    const down = await (await migrator(handle.db)).migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
    expect((await columns(handle)).find((c) => c.table === "admin_sessions" && c.column === "expires_at")).toMatchObject({
      type: "varchar(32)",
    });
    expect(await snapshot(handle)).toEqual(tablesOf(now, before));
    expect((await (await migrator(handle.db)).migrateTo(AFTER)).error).toBeUndefined();
    expect(await snapshot(handle)).toEqual(now);
  });
});
