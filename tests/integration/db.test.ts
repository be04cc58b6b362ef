import { spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";

const now = "2026-11-22T05:00:00.000Z";
const request = { lang: "en", created_at: now, updated_at: now };

describe.each(DIALECTS)("data layer on %s", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  });
  afterAll(async () => {
    await handle.cleanup();
  });

  it("answers the health ping", async () => {
    expect(await handle.ping()).toBe(true);
  });

  it("says whether its migrations are current (/readyz): yes once migrated, no on a database never migrated", async () => {
    const { connect, migrationsCurrent } = await import("#db/connect.ts");
    expect(await migrationsCurrent(handle.db)).toBe(true);
    const empty = connect(`file:${join(tmpdir(), `never-migrated-${process.pid}-${Date.now()}.db`)}`);
    try {
      expect(await migrationsCurrent(empty.db)).toBe(false);
    } finally {
      await empty.close();
    }
  });

  it.runIf(dialect === "postgres")(
    "instances that start at once on an empty database migrate it once: the others wait for the migration lock, none fails",
    async () => {
      const { connect, migrate, migrationsCurrent } = await import("#db/connect.ts");
      const empty = await freshDatabase(dialect, { migrate: false });
      const instances = [0, 1, 2].map(() => connect(empty.url));
      try {
        await Promise.all(instances.map((instance) => migrate(instance.db)));
        for (const instance of instances) expect(await migrationsCurrent(instance.db)).toBe(true);
        const applied = await empty.db
          .selectFrom("kysely_migration" as never)
          .select("name" as never)
          .execute();
        const { migrations } = await import("#db/migrations/index.ts");
        expect(applied).toHaveLength(Object.keys(migrations).length);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
        await empty.cleanup();
      }
    },
  );

  it.runIf(dialect === "sqlite")(
    "a transaction that reads, then writes, waits while another process writes instead of failing (BEGIN IMMEDIATE)",
    async () => {
      const file = handle.url.slice("file:".length);
      // Another process (as `npm run retention` beside the server) holds the write lock for a moment.
      const holder = spawn(
        process.execPath,
        [
          "-e",
          `const { DatabaseSync } = require("node:sqlite");
           const db = new DatabaseSync(${JSON.stringify(file)});
           db.exec("begin immediate");
           db.prepare("insert into banner_redirect_logs (partner_name, redirect_url, created_at) values ('other-process', 'https://x.example/', '${now}')").run();
           process.stdout.write("locked\\n");
           Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 700);
           db.exec("commit");`,
        ],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      await new Promise<void>((resolve) => holder.stdout!.on("data", (d) => String(d).includes("locked") && resolve()));
      await handle.db.transaction().execute(async (trx) => {
        await trx.selectFrom("banner_redirect_logs").select("id").execute();
        await trx
          .insertInto("banner_redirect_logs")
          .values({ partner_name: "this-process", redirect_url: "https://y.example/", created_at: now })
          .execute();
      });
      await new Promise((resolve) => holder.on("exit", resolve));
      const names = (await handle.db.selectFrom("banner_redirect_logs").select("partner_name").execute()).map((r) => r.partner_name);
      expect(names).toEqual(expect.arrayContaining(["other-process", "this-process"]));
      await handle.db.deleteFrom("banner_redirect_logs").where("partner_name", "in", ["other-process", "this-process"]).execute();
    },
    20_000,
  );

  it("migrations are idempotent and seed a dozen sample blog links once", async () => {
    const { migrate } = await import("#db/connect.ts");
    await migrate(handle.db);
    const rows = await handle.db.selectFrom("blog_links").selectAll().execute();
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => /^https?:\/\//.test(r.og_url))).toBe(true);
  });

  it("seeds only the database it creates: sample links an operator deleted stay deleted through the next migrate (a restart, a command)", async () => {
    const { migrate } = await import("#db/connect.ts");
    const own = await freshDatabase(dialect);
    try {
      expect((await own.db.selectFrom("blog_links").select("id").execute()).length).toBe(12);
      await own.db.deleteFrom("blog_links").execute();
      await migrate(own.db);
      expect(await own.db.selectFrom("blog_links").select("id").execute()).toEqual([]);
    } finally {
      await own.cleanup();
    }
  });

  it("round-trips a banner redirect log", async () => {
    await handle.db
      .insertInto("banner_redirect_logs")
      .values({ partner_name: "savings-bank", redirect_url: "https://savings.example.com/loan", created_at: now })
      .execute();
    const row = await handle.db.selectFrom("banner_redirect_logs").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ partner_name: "savings-bank", redirect_url: "https://savings.example.com/loan", created_at: now });
    expect(typeof row.id).toBe("number");
  });

  it("round-trips a proposal with workflow defaults", async () => {
    await handle.db
      .insertInto("proposals")
      .values({
        ...request,
        submission_id: "p-1",
        proposer_name: "Org",
        proposer_phone: "0212345678",
        proposer_email: "a@example.com",
        proposal_content: "Hello",
      })
      .execute();
    const row = await handle.db.selectFrom("proposals").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ proposer_name: "Org", status: "new", operator_note: "", submission_id: "p-1" });
  });

  it("round-trips an A/S request with a photo, and deletes the photo with its request", async () => {
    const { id } = await handle.db
      .insertInto("as_requests")
      .values({
        ...request,
        submission_id: null,
        applicant_name: "김철수",
        contact_phone: "01012345678",
        applicant_addr: "서울",
        inquiry_content: "고장",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0x00, 0x01]);
    await handle.db
      .insertInto("as_request_photos")
      .values({ as_request_id: id, content_type: "image/jpeg", byte_size: bytes.length, width: 1, height: 1, data: bytes, created_at: now })
      .execute();
    const photo = await handle.db.selectFrom("as_request_photos").selectAll().where("as_request_id", "=", id).executeTakeFirstOrThrow();
    expect(Buffer.from(photo.data)).toEqual(Buffer.from(bytes));
    await handle.db.deleteFrom("as_requests").where("id", "=", id).execute();
    expect(await handle.db.selectFrom("as_request_photos").selectAll().execute()).toHaveLength(0);
  });

  it("round-trips a purchase request", async () => {
    await handle.db
      .insertInto("purchase_requests")
      .values({
        ...request,
        submission_id: null,
        applicant_name: "이영희",
        contact_phone: "01099998888",
        applicant_addr: "부산",
        inquiry_content: "구매 문의",
      })
      .execute();
    const row = await handle.db.selectFrom("purchase_requests").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ applicant_name: "이영희", status: "new" });
  });

  it("round-trips a consultation answer with its items and consent record", async () => {
    const { id } = await handle.db
      .insertInto("consultation_answers")
      .values({ ...request, submission_id: "c-1", marketing_yn: "Y" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto("consultation_answer_items")
      .values([
        { answer_id: id, question_seq: 1, answer_content: "yes" },
        { answer_id: id, question_seq: 6, answer_content: "01012345678" },
      ])
      .execute();
    await handle.db
      .insertInto("consent_records")
      .values({ answer_id: id, policy_kind: "privacy", policy_version: "2023-03-06", agreed_yn: "Y", lang: "vi", created_at: now })
      .execute();
    const items = await handle.db
      .selectFrom("consultation_answer_items")
      .select(["question_seq", "answer_content"])
      .where("answer_id", "=", id)
      .orderBy("question_seq")
      .execute();
    expect(items).toEqual([
      { question_seq: 1, answer_content: "yes" },
      { question_seq: 6, answer_content: "01012345678" },
    ]);
    const consent = await handle.db.selectFrom("consent_records").selectAll().where("answer_id", "=", id).executeTakeFirstOrThrow();
    expect(consent).toMatchObject({ policy_kind: "privacy", policy_version: "2023-03-06", agreed_yn: "Y", lang: "vi" });
  });

  it("refuses a second row with the same submission id", async () => {
    await expect(
      handle.db
        .insertInto("consultation_answers")
        .values({ ...request, submission_id: "c-1", marketing_yn: "N" })
        .execute(),
    ).rejects.toThrow();
  });

  it("round-trips a blog link with a missing title", async () => {
    await handle.db
      .insertInto("blog_links")
      .values({
        og_title: null,
        og_url: "https://x.example.com/a",
        og_image: null,
        domain_addr: "x.example.com",
        created_at: now,
        updated_at: now,
      })
      .execute();
    const row = await handle.db
      .selectFrom("blog_links")
      .selectAll()
      .where("og_url", "=", "https://x.example.com/a")
      .executeTakeFirstOrThrow();
    expect(row.og_title).toBeNull();
  });
});
