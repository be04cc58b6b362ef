import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { createLogger } from "#app/lib/logger.server.ts";
import {
  retentionCutoffs,
  runRetention,
  runRetentionLogged,
  startRetentionJob,
  runScheduledRetention,
} from "#app/features/retention/retention.server.ts";
import { monthsBefore } from "#app/requests/retention.ts";

/**
 * Spec §9 with a fixed clock: proposals 1 month after receipt, counter
 * inquiries (A/S with photos, purchase) 1 year, consultations 3 years.
 * Received exactly at the cutoff is past its period; 1 ms later is not.
 */
const NOW = new Date("2026-03-31T03:00:00.000Z");
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

describe("calendar months back", () => {
  it.each([
    ["2026-03-31T03:00:00.000Z", 1, "2026-02-28T03:00:00.000Z"],
    ["2028-03-31T00:00:00.000Z", 1, "2028-02-29T00:00:00.000Z"],
    ["2026-01-15T10:00:00.000Z", 1, "2025-12-15T10:00:00.000Z"],
    ["2028-02-29T12:00:00.000Z", 12, "2027-02-28T12:00:00.000Z"],
    ["2026-03-31T03:00:00.000Z", 36, "2023-03-31T03:00:00.000Z"],
  ])("%s minus %i months is %s", (from, months, expected) => {
    expect(monthsBefore(new Date(from), months).toISOString()).toBe(expected);
  });
});

describe.each(DIALECTS)("retention on %s", (dialect) => {
  let handle: TestDatabase;
  const cut = retentionCutoffs(NOW);
  const ids: Record<string, number> = {};

  async function seed(db: Kysely<Database>) {
    const base = { submission_id: null, lang: "en" };
    const proposal = async (label: string, at: string) => {
      ids[`p:${label}`] = (
        await db
          .insertInto("proposals")
          .values({
            ...base,
            proposer_name: label,
            proposer_phone: "02",
            proposer_email: "a@example.com",
            proposal_content: "x",
            created_at: at,
            updated_at: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    };
    const as = async (label: string, at: string) => {
      const { id } = await db
        .insertInto("as_requests")
        .values({
          ...base,
          applicant_name: label,
          contact_phone: "010",
          applicant_addr: "a",
          inquiry_content: "x",
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids[`as:${label}`] = id;
      await db
        .insertInto("as_request_photos")
        .values(
          [1, 2].map(() => ({
            as_request_id: id,
            content_type: "image/jpeg",
            byte_size: 1,
            width: 1,
            height: 1,
            data: new Uint8Array([1]),
            created_at: at,
          })),
        )
        .execute();
    };
    const purchase = async (label: string, at: string) => {
      ids[`pu:${label}`] = (
        await db
          .insertInto("purchase_requests")
          .values({
            ...base,
            applicant_name: label,
            contact_phone: "010",
            applicant_addr: "a",
            inquiry_content: "x",
            created_at: at,
            updated_at: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    };
    const consultation = async (label: string, at: string) => {
      const { id } = await db
        .insertInto("consultation_answers")
        .values({ ...base, marketing_yn: "Y", created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids[`c:${label}`] = id;
      await db.insertInto("consultation_answer_items").values({ answer_id: id, question_seq: 5, answer_content: label }).execute();
      await db
        .insertInto("consent_records")
        .values({ answer_id: id, policy_kind: "privacy", policy_version: "2023-03-06", agreed_yn: "Y", lang: "en", created_at: at })
        .execute();
      // An agent's call with a note about the visitor (issue 26): it goes with the consultation.
      await db
        .insertInto("call_attempts")
        .values({
          request_kind: "consultation",
          request_id: id,
          operator_id: null,
          outcome: "no_answer",
          note: `call ${label}`,
          callback_at: null,
          at,
        })
        .execute();
    };
    for (const [make, cutoff] of [
      [proposal, cut.proposals],
      [as, cut.counterInquiries],
      [purchase, cut.counterInquiries],
      [consultation, cut.consultations],
    ] as const) {
      await make("ancient", "2019-01-01T00:00:00.000Z");
      await make("at-cutoff", cutoff);
      await make("1ms-after", plus(cutoff, 1));
      await make("today", NOW.toISOString());
    }
    // Not past its own period, though older than the proposals' cutoff.
    await consultation("two-years", "2024-03-31T03:00:00.000Z");
    await as("eleven-months", "2025-04-30T00:00:00.000Z");
  }

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    await seed(handle.db);
  }, 30_000); // a fresh schema and migrations: slow on a busy PostgreSQL
  afterAll(async () => handle.cleanup());

  it("removes exactly what is past its period, with photos, answers and consents", async () => {
    const counts = await runRetention(handle.db, NOW);
    expect(counts).toMatchObject({ proposals: 2, asRequests: 2, asPhotos: 4, purchaseRequests: 2, consultations: 2 });

    const db = handle.db;
    const names = async (table: "proposals" | "purchase_requests") =>
      (
        await db
          .selectFrom(table)
          .select(table === "proposals" ? "proposer_name as n" : "applicant_name as n")
          .orderBy("id")
          .execute()
      ).map((r) => r.n);
    expect(await names("proposals")).toEqual(["1ms-after", "today"]);
    expect(await names("purchase_requests")).toEqual(["1ms-after", "today"]);
    expect((await db.selectFrom("as_requests").select("applicant_name").orderBy("id").execute()).map((r) => r.applicant_name)).toEqual([
      "1ms-after",
      "today",
      "eleven-months",
    ]);
    const photoOwners = (await db.selectFrom("as_request_photos").select("as_request_id").execute()).map((r) => r.as_request_id);
    expect(new Set(photoOwners)).toEqual(new Set([ids["as:1ms-after"], ids["as:today"], ids["as:eleven-months"]]));
    expect(photoOwners).toHaveLength(6);
    const answers = (await db.selectFrom("consultation_answer_items").select("answer_content").orderBy("answer_id").execute()).map(
      (r) => r.answer_content,
    );
    expect(answers).toEqual(["1ms-after", "today", "two-years"]);
    const consentOwners = (await db.selectFrom("consent_records").select("answer_id").execute()).map((r) => r.answer_id);
    expect(new Set(consentOwners)).toEqual(new Set([ids["c:1ms-after"], ids["c:today"], ids["c:two-years"]]));
    const calls = (await db.selectFrom("call_attempts").select("note").orderBy("request_id").execute()).map((r) => r.note);
    expect(calls).toEqual(["call 1ms-after", "call today", "call two-years"]);
  });

  it("removes nothing more when run again at the same time, and the 1-ms-later rows one ms later", async () => {
    expect(await runRetention(handle.db, NOW)).toMatchObject({
      proposals: 0,
      asRequests: 0,
      asPhotos: 0,
      purchaseRequests: 0,
      consultations: 0,
    });
    const later = new Date(NOW.getTime() + 1);
    expect(await runRetention(handle.db, later)).toMatchObject({
      proposals: 1,
      asRequests: 1,
      asPhotos: 2,
      purchaseRequests: 1,
      consultations: 1,
    });
  });

  it("also clears ended console sessions and old sign-in counters", async () => {
    const at = NOW.toISOString();
    const { id } = await handle.db
      .insertInto("admin_operators")
      .values({ email: "r@example.com", password_hash: "x", created_at: at, updated_at: at, last_sign_in_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto("admin_sessions")
      .values([
        {
          token_hash: "a".repeat(64),
          operator_id: id,
          created_at: at,
          last_seen_at: plus(at, -2 * 3600_000),
          expires_at: plus(at, 3600_000),
        },
        { token_hash: "b".repeat(64), operator_id: id, created_at: at, last_seen_at: at, expires_at: plus(at, 3600_000) },
      ])
      .execute();
    await handle.db
      .insertInto("admin_login_throttle")
      .values([
        { email_hash: "c".repeat(64), client_hash: "1".repeat(64), failures: 2, locked_until: null, updated_at: plus(at, -2 * 86_400_000) },
        {
          email_hash: "d".repeat(64),
          client_hash: "1".repeat(64),
          failures: 0,
          locked_until: plus(at, 60_000),
          updated_at: plus(at, -2 * 86_400_000),
        },
        { email_hash: "e".repeat(64), client_hash: "1".repeat(64), failures: 1, locked_until: null, updated_at: at },
      ])
      .execute();
    const old = plus(at, -2 * 86_400_000);
    await handle.db
      .insertInto("admin_login_accounts")
      .values([
        { email_hash: "c".repeat(64), failures: 12, window_started_at: old, next_attempt_at: old, updated_at: old },
        { email_hash: "d".repeat(64), failures: 30, window_started_at: old, next_attempt_at: plus(at, 60_000), updated_at: old },
        { email_hash: "e".repeat(64), failures: 3, window_started_at: at, next_attempt_at: null, updated_at: at },
      ])
      .execute();
    expect(await runRetention(handle.db, NOW)).toMatchObject({ expiredSessions: 1, staleSignInCounters: 2 });
    expect(
      (await handle.db.selectFrom("admin_login_accounts").select("email_hash").orderBy("email_hash").execute()).map((r) => r.email_hash[0]),
    ).toEqual(["d", "e"]);
    expect((await handle.db.selectFrom("admin_sessions").select("token_hash").execute()).map((r) => r.token_hash[0])).toEqual(["b"]);
    expect(
      (await handle.db.selectFrom("admin_login_throttle").select("email_hash").orderBy("email_hash").execute()).map((r) => r.email_hash[0]),
    ).toEqual(["d", "e"]);
  });

  it("deletes alert delivery rows 30 days after they were written", async () => {
    const row = (created_at: string) => ({
      channel: "webhook" as const,
      recipient: "webhook",
      request_kind: "proposal",
      request_id: 1,
      request_lang: "en",
      request_created_at: created_at,
      status: "delivered" as const,
      next_attempt_at: created_at,
      claim_token: null,
      claimed_until: null,
      last_error: null,
      first_failed_at: null,
      delivered_at: created_at,
      created_at,
      updated_at: created_at,
    });
    const thirtyDays = 30 * 86_400_000;
    await handle.db
      .insertInto("alert_deliveries")
      .values([row(plus(NOW.toISOString(), -thirtyDays)), row(plus(NOW.toISOString(), -thirtyDays + 1))])
      .execute();
    expect(await runRetention(handle.db, NOW)).toMatchObject({ alertDeliveries: 1 });
    expect(await handle.db.selectFrom("alert_deliveries").select("created_at").execute()).toEqual([
      { created_at: plus(NOW.toISOString(), -thirtyDays + 1) },
    ]);
  });

  it("deletes invitation and reset mail rows (an operator's address) 30 days after they were written", async () => {
    const row = (created_at: string, recipient: string) => ({
      recipient,
      purpose: "invite" as const,
      lang: "ko" as const,
      sealed_link: null,
      next_attempt_at: created_at,
      sent_at: created_at,
      created_at,
    });
    const thirtyDays = 30 * 86_400_000;
    await handle.db
      .insertInto("password_link_mails")
      .values([
        row(plus(NOW.toISOString(), -thirtyDays), "old@example.com"),
        row(plus(NOW.toISOString(), -thirtyDays + 1), "new@example.com"),
      ])
      .execute();
    expect(await runRetention(handle.db, NOW)).toMatchObject({ sentLinks: 1 });
    expect(await handle.db.selectFrom("password_link_mails").select("recipient").execute()).toEqual([{ recipient: "new@example.com" }]);
  });

  it("logs counts only, never what it deleted", async () => {
    await handle.db
      .insertInto("proposals")
      .values({
        submission_id: null,
        lang: "en",
        proposer_name: "Secret Org",
        proposer_phone: "0299998888",
        proposer_email: "secret@example.com",
        proposal_content: "private",
        created_at: "2020-01-01T00:00:00.000Z",
        updated_at: "2020-01-01T00:00:00.000Z",
      })
      .execute();
    const lines: string[] = [];
    const counts = await runRetentionLogged(handle.db, createLogger({ write: (l) => lines.push(l) }), NOW);
    expect(counts?.proposals).toBe(1);
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(record).toMatchObject({ level: "info", event: "retention.run", proposals: 1 });
    for (const [key, value] of Object.entries(record)) {
      // Counts, and which instance ran it (host:pid, issue 15): nothing of what was deleted.
      if (key === "instance") expect(value).toMatch(/^[\w.-]+:\d+$/);
      else if (!["time", "level", "event"].includes(key)) expect(typeof value, key).toBe("number");
    }
    expect(lines[0]).not.toMatch(/Secret|0299998888|secret@/);
  });

  it("runs as a daily in-process job with unref'd timers that a stop function clears", async () => {
    const lines: string[] = [];
    const log = createLogger({ write: (l) => lines.push(l) });
    const setTimeoutSpy = vi.spyOn(globalThis, "setTimeout");
    const setIntervalSpy = vi.spyOn(globalThis, "setInterval");
    const stop = startRetentionJob(handle.db, log, { firstRunMs: 1, intervalMs: 40 });
    try {
      const first = setTimeoutSpy.mock.results.at(-1)!.value as NodeJS.Timeout;
      const every = setIntervalSpy.mock.results.at(-1)!.value as NodeJS.Timeout;
      expect(first.hasRef()).toBe(false);
      expect(every.hasRef()).toBe(false);
      await vi.waitFor(() => expect(lines.filter((l) => l.includes("retention.run")).length).toBeGreaterThanOrEqual(2), { timeout: 2000 });
    } finally {
      await stop();
      setTimeoutSpy.mockRestore();
      setIntervalSpy.mockRestore();
    }
    const count = lines.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(lines.length).toBe(count);
  });

  it("stops only once a run under way has finished (before the server closes the database)", async () => {
    const lines: string[] = [];
    // The run waits at its transaction until released: it is under way when stop() is called.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const transaction = handle.db.transaction.bind(handle.db);
    const started = vi.spyOn(handle.db, "transaction").mockImplementation(() => {
      const builder = transaction();
      return { execute: async (fn: Parameters<typeof builder.execute>[0]) => gate.then(() => builder.execute(fn)) } as typeof builder;
    });
    const stop = startRetentionJob(handle.db, createLogger({ write: (l) => lines.push(l) }), { firstRunMs: 1 });
    try {
      await vi.waitFor(() => expect(started).toHaveBeenCalled(), { timeout: 2000 });
      const stopped = stop();
      release();
      await stopped;
      expect(lines.filter((l) => l.includes("retention.run"))).toHaveLength(1);
    } finally {
      started.mockRestore();
    }
  });
});

describe.each(DIALECTS)("deleted means gone from the files on %s", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  }, 30_000);
  afterAll(async () => handle.cleanup());

  /** A request past its period whose text is a marker no other row carries (one long field: an overflow page too). */
  async function storeExpired(marker: string) {
    const at = "2019-01-01T00:00:00.000Z";
    await handle.db
      .insertInto("proposals")
      .values({
        submission_id: null,
        lang: "en",
        proposer_name: `${marker}-name`,
        proposer_phone: "0299998888",
        proposer_email: `${marker}@example.com`,
        proposal_content: `${marker} `.repeat(2000),
        created_at: at,
        updated_at: at,
      })
      .execute();
    const { id } = await handle.db
      .insertInto("consultation_answers")
      .values({ submission_id: null, lang: "en", marketing_yn: "Y", created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto("consultation_answer_items")
      .values({ answer_id: id, question_seq: 5, answer_content: `${marker}-answer` })
      .execute();
  }

  it.runIf(dialect === "sqlite")("leaves none of a deleted row's bytes in the database file or its WAL", async () => {
    const file = handle.url.slice("file:".length);
    const marker = `RETENTION-MARKER-${randomUUID()}`;
    await storeExpired(marker);
    const found = () =>
      ["", "-wal"].filter((suffix) => existsSync(file + suffix) && readFileSync(file + suffix).includes(Buffer.from(marker, "utf8")));
    // Before: the text is in the files (else the test proves nothing).
    expect(found()).not.toEqual([]);
    expect(await runRetention(handle.db, NOW)).toMatchObject({ proposals: 1, consultations: 1 });
    expect(found()).toEqual([]);
    expect(statSync(`${file}-wal`).size).toBe(0);
    // The rows that stay are still readable.
    expect(await sql<{ ok: string }>`pragma integrity_check`.execute(handle.db)).toMatchObject({ rows: [{ integrity_check: "ok" }] });
  });

  it.runIf(dialect === "postgres")("vacuums the tables that lost rows, and only those", async () => {
    const vacuums = async () => {
      const { rows } = await sql<{ relname: string; vacuum_count: string }>`
        select relname, vacuum_count from pg_stat_user_tables where schemaname = current_schema()`.execute(handle.db);
      return Object.fromEntries(rows.map((r) => [r.relname, Number(r.vacuum_count)]));
    };
    const before = await vacuums();
    await storeExpired(`RETENTION-MARKER-${randomUUID()}`);
    await runRetention(handle.db, NOW);
    const after = await vacuums();
    const vacuumed = Object.keys(after)
      .filter((table) => after[table]! > (before[table] ?? 0))
      .sort();
    expect(vacuumed).toEqual(["consultation_answer_items", "consultation_answers", "proposals"]);
  });
});

describe.each(DIALECTS)("retention across instances on %s (issue 15)", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  });
  afterAll(async () => handle.cleanup());
  const DAY = 24 * 60 * 60 * 1000;

  it("runs once per schedule, in the instance that takes the lease; the other logs which instance ran it", async () => {
    const lines: string[] = [];
    const log = createLogger({ write: (l) => lines.push(l) });
    const now = new Date("2026-11-25T00:00:00Z");
    // Two instances' ticks at the same moment: exactly one runs.
    const both = await Promise.all([
      runScheduledRetention(handle.db, log, { instance: "app-1:100", intervalMs: DAY, now }),
      runScheduledRetention(handle.db, log, { instance: "app-2:200", intervalMs: DAY, now }),
    ]);
    expect(both.filter((r) => r !== null)).toHaveLength(1);
    const ran = lines.find((l) => l.includes('"retention.run"'))!;
    const skipped = lines.find((l) => l.includes('"retention.skipped"'))!;
    const winner = JSON.parse(ran).instance as string;
    expect(["app-1:100", "app-2:200"]).toContain(winner);
    expect(JSON.parse(skipped).ranBy).toBe(winner);
    // Later the same day: still that day's run.
    expect(
      await runScheduledRetention(handle.db, log, {
        instance: "app-2:200",
        intervalMs: DAY,
        now: new Date(now.getTime() + 6 * 60 * 60 * 1000),
      }),
    ).toBeNull();
    // The next day's tick runs again, in whichever instance comes first.
    expect(
      await runScheduledRetention(handle.db, log, { instance: "app-2:200", intervalMs: DAY, now: new Date(now.getTime() + DAY) }),
    ).not.toBeNull();
    expect(JSON.parse(lines.filter((l) => l.includes('"retention.run"')).at(-1)!).instance).toBe("app-2:200");
  });
});
