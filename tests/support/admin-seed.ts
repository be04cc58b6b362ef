/**
 * Test-only seeding for the browser tests (never bundled: it lives under
 * tests/). Runs natively on Node 24 against DATABASE_URL, through the app's
 * own db/connect.ts, and prints the new ids (or, for `banner-count`, a count
 * read back) as JSON:
 *
 *   DATABASE_URL=file:… node tests/support/admin-seed.ts consultation '{"name":"…"}'
 */
import sharp from "sharp";
import { connect, migrate } from "#db/connect.ts";
import { appSecretOf, readSettings } from "#server/config.ts";
import { seal } from "#app/lib/sealed.server.ts";

const [kind = "", json = "{}"] = process.argv.slice(2);
const input = JSON.parse(json) as Record<string, string>;
const database = connect(process.env.DATABASE_URL || undefined);
const db = database.db;
await migrate(db);
const at = input.at ?? new Date().toISOString();
let out: Record<string, number> = {};

if (kind === "consultation") {
  const { id } = await db
    .insertInto("consultation_answers")
    .values({ submission_id: null, lang: "vi", marketing_yn: "Y", created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  const answers = [
    "yes",
    input.visa ?? "E-9",
    "20271231",
    input.nationality ?? "Vietnam",
    input.name ?? "NGUYEN VAN A",
    input.phone ?? "01012345678",
  ];
  await db
    .insertInto("consultation_answer_items")
    .values(answers.map((answer_content, i) => ({ answer_id: id, question_seq: i + 1, answer_content })))
    .execute();
  await db
    .insertInto("consent_records")
    .values([
      { answer_id: id, policy_kind: "privacy", policy_version: "2023-03-06", agreed_yn: "Y", lang: "vi", created_at: at },
      { answer_id: id, policy_kind: "marketing", policy_version: "2023-03-06", agreed_yn: "Y", lang: "vi", created_at: at },
    ])
    .execute();
  // A lead already given to an agent, due now (My calls).
  if (input.assignTo) {
    const operator = await db.selectFrom("admin_operators").select("id").where("email", "=", input.assignTo).executeTakeFirstOrThrow();
    await db
      .updateTable("consultation_answers")
      .set({ assigned_operator_id: operator.id, next_call_at: at })
      .where("id", "=", id)
      .execute();
  }
  out = { id };
} else if (kind === "as") {
  const { id } = await db
    .insertInto("as_requests")
    .values({
      submission_id: null,
      lang: "my",
      applicant_name: input.name ?? "မောင်မောင်",
      contact_phone: "01077778888",
      applicant_addr: "경기도 안산시 단원구",
      inquiry_content: "지폐가 걸리고 화면이 꺼집니다.\nThe screen goes black.",
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 26, g: 58, b: 143 } } })
    .png()
    .toBuffer();
  const photo = await db
    .insertInto("as_request_photos")
    .values({
      as_request_id: id,
      content_type: "image/png",
      byte_size: png.length,
      width: 320,
      height: 240,
      data: new Uint8Array(png),
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  out = { id, photo: photo.id };
} else if (kind === "banner") {
  const partners = ["regional-bank-general", "regional-bank-student", "savings-bank"];
  const rows = Array.from({ length: Number(input.count ?? 12) }, (_, i) => ({
    partner_name: partners[i % 3]!,
    redirect_url: "https://bank.example.com/loans/general",
    created_at: new Date(Date.now() - (i % 5) * 86_400_000).toISOString(),
  }));
  await db.insertInto("banner_redirect_logs").values(rows).execute();
  out = { count: rows.length };
} else if (kind === "banner-count") {
  // Not a write: how many taps of one partner are logged, for the home page's banner tests.
  const { count } = await db
    .selectFrom("banner_redirect_logs")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("partner_name", "=", input.partner ?? "")
    .executeTakeFirstOrThrow();
  out = { count: Number(count) };
} else if (kind === "blog") {
  // Dated in the past so it sorts last in the public feed, whose tests (run in parallel) page from the newest.
  const old = "2020-01-01T00:00:00.000Z";
  const { id } = await db
    .insertInto("blog_links")
    .values({
      og_title: input.title ?? "Seeded link",
      og_url: input.url ?? `https://blog.example.com/seed-${Date.now()}`,
      og_image: null,
      domain_addr: "blog.example.com",
      created_at: old,
      updated_at: old,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  out = { id };
} else if (kind === "alert-failing") {
  // A webhook alert failing for `minutes`, retried later (not due: the server's worker leaves it).
  const minutes = Number(input.minutes ?? 20);
  const ago = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  const { id } = await db
    .insertInto("alert_deliveries")
    .values({
      channel: "webhook",
      recipient: "webhook",
      request_kind: "consultation",
      request_id: Number(input.request ?? 1),
      request_lang: "vi",
      request_created_at: ago(minutes),
      status: "pending",
      attempts: 4,
      next_attempt_at: ago(-60),
      claim_token: null,
      claimed_until: null,
      last_error: "network: ECONNREFUSED",
      first_failed_at: ago(minutes),
      delivered_at: null,
      created_at: ago(minutes),
      updated_at: ago(1),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  out = { id };
} else if (kind === "role") {
  // The console's role tests: an operator made by admin:create (an administrator) becomes an agent.
  const result = await db
    .updateTable("admin_operators")
    .set({ role: input.role === "admin" ? "admin" : input.role === "officer" ? "officer" : "agent" })
    .where("email", "=", input.email ?? "")
    .executeTakeFirst();
  out = { count: Number(result.numUpdatedRows) };
} else if (kind === "duty") {
  // Puts an operator off (or on) duty: the assignment test's clean-up, so no later test's consultation goes to it.
  const result = await db
    .updateTable("admin_operators")
    .set({ on_duty: input.on === "1" ? 1 : 0 })
    .where("email", "=", input.email ?? "")
    .executeTakeFirst();
  out = { count: Number(result.numUpdatedRows) };
} else if (kind === "totp") {
  // Two-step sign-in set up with a secret the browser tests know; the last used step forgotten
  // (the console's tests sign the same operator in several times a minute; replay has its own tests).
  const result = await db
    .updateTable("admin_operators")
    // Sealed under the server's APP_SECRET (same environment, same secret file), as the console stores it.
    .set({
      totp_secret: seal(appSecretOf(readSettings(process.env)), "totp", input.secret ?? ""),
      totp_enabled_at: at,
      totp_last_step: null,
      totp_pending_secret: null,
    })
    .where("email", "=", input.email ?? "")
    .executeTakeFirst();
  out = { count: Number(result.numUpdatedRows) };
} else if (kind === "alert-clear") {
  const { numDeletedRows } = await db.deleteFrom("alert_deliveries").where("channel", "=", "webhook").executeTakeFirst();
  out = { count: Number(numDeletedRows) };
} else if (kind === "rights") {
  // A rights request (issue 28) with its deadline: `due` ISO (an overdue one for the inbox's warning).
  const { id } = await db
    .insertInto("rights_requests")
    .values({
      request_kind: (input.request ?? "complaint") as "complaint",
      phone: input.phone ?? "01012345678",
      message: input.message ?? null,
      due_at: input.due ?? at,
      submission_id: null,
      lang: "en",
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  out = { id };
} else if (kind === "ledger") {
  // A retention run's row of the destruction ledger (issue 52), as the daily job writes it, for the officer to confirm.
  const { recordDestruction } = await import("#app/features/retention/ledger.server.ts");
  const { retentionCutoffs } = await import("#app/features/retention/retention.server.ts");
  const id = await recordDestruction(db, {
    kind: "retention",
    actor: input.actor ?? "system",
    cutoffs: retentionCutoffs(new Date(at)),
    counts: { consultations: Number(input.consultations ?? 3), proposals: 0, rightsRequests: 1 },
  });
  out = { id };
} else {
  console.error(`unknown kind ${kind}`);
  process.exitCode = 1;
}
await database.close();
console.log(JSON.stringify(out));
