import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { postConsoleForm, sendConsultations } from "#tests/support/export-file.ts";
import { callRoute, createOperator, get, signInCookie } from "#tests/support/admin.ts";
import * as breachPage from "#app/routes/admin.breach.tsx";
import * as exportFile from "#app/routes/admin.export.ts";
import { createRateLimiter } from "#app/lib/rate-limit.server.ts";
import { openAesZip } from "#app/lib/aes-zip.server.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";
import { publicBreachNotice, statusBreachBanner } from "#app/features/breach/notice.server.ts";
import type { IncidentView } from "#app/features/breach/BreachPage.tsx";

/**
 * The leak runbook in the console (issue 52 item 4): an administrator records
 * the moment a leak became known, which starts the 72-hour clock the page
 * shows; the requests of the affected period and kinds are counted and listed
 * (a download under the rules of any personal data); published, the site
 * notice and the affected status pages show it.
 */
describe.each(DIALECTS)("a leak recorded in the console on %s", (dialect) => {
  let handle: TestDatabase;
  let cookie: string;
  const app = () => testServices(handle.db, { limiter: createRateLimiter({ max: 1_000_000, windowMs: 60_000 }) });
  const send = (cookie: string, fields: Record<string, string | string[]>) =>
    postConsoleForm(breachPage, "/admin/breach", app(), cookie, fields);
  const page = async () =>
    ((await (await callRoute(breachPage, "guarded", get("/admin/breach", cookie), app())).json()) as { incidents: IncidentView[] })
      .incidents;

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    await sendConsultations(
      app(),
      `br-${dialect}`,
      3,
      (i) => `LEAKED ${i}`,
      (i) => `0108888000${i}`,
    );
    await createOperator(handle.db, "officer@example.com", "correct horse battery");
    cookie = await signInCookie(app(), "officer@example.com", "correct horse battery");
  });
  afterAll(async () => handle.cleanup());

  const today = formatSeoul(new Date()).slice(0, 10);
  const twoHoursAgo = formatSeoul(new Date(Date.now() - 2 * 3_600_000)).replace(" ", "T");
  const leak = {
    intent: "record",
    known_at: twoHoursAgo,
    period_from: today,
    period_to: today,
    kind: ["consultation", "as"],
    item: ["name", "phone"],
    cause: "lost_device",
    detail: "노트북 분실 / a laptop was lost",
    measure: ["passwords"],
  };

  it("refuses a record without the moment it became known, or with one in the future, and records nothing", async () => {
    for (const known_at of ["", "yesterday", formatSeoul(new Date(Date.now() + 3 * 3_600_000)).replace(" ", "T")]) {
      const refused = await send(cookie, { ...leak, known_at });
      expect(refused.status, known_at).toBe(400);
      expect(((await refused.json()) as { refused: { errors: Record<string, string> } }).refused.errors.known_at).toBe(
        "breach.error.knownAt",
      );
    }
    expect((await send(cookie, { ...leak, kind: [] })).status).toBe(400);
    expect(await page()).toEqual([]);
  });

  it("records the leak, starts the 72-hour clock from the moment given, and counts the requests affected by kind", async () => {
    const recorded = await send(cookie, leak);
    expect(recorded.status).toBe(200);
    const [incident] = await page();
    expect(incident!.knownAtSeoul).toBe(twoHoursAgo.replace("T", " "));
    // 72 hours from two hours ago: about 70 left.
    expect(incident!.minutesLeft).toBeGreaterThan(69 * 60);
    expect(incident!.minutesLeft).toBeLessThanOrEqual(70 * 60);
    expect(incident!.deadlineSeoul).toBe(formatSeoul(new Date(Date.parse(`${twoHoursAgo}:00+09:00`) + 72 * 3_600_000)));
    expect(incident!.counts).toEqual([
      { kind: "consultation", count: 3 },
      { kind: "as", count: 0 },
    ]);
    expect(incident!.total).toBe(3);
    // Six notices, each with the seven items, filled from the incident.
    expect(incident!.notices.map((n) => n.lang)).toEqual(["ko", "en", "vi", "id", "my", "mn"]);
    for (const n of incident!.notices) expect(n.sections).toHaveLength(7);
    const ko = incident!.notices[0]!;
    expect(ko.sections[0]!.body[0]).toBe("이름, 전화번호");
    expect(ko.sections[1]!.body.join(" ")).toContain("노트북 분실");
    expect(incident!.notices[2]!.sections[0]!.body[0]).toBe("họ tên, số điện thoại");
    const audit = await handle.db.selectFrom("admin_audit_log").select(["detail"]).where("action", "=", "breach_record").execute();
    expect(audit).toHaveLength(1);
  });

  it("lists the affected requests only with a reason, as an encrypted file, name and phone only when chosen", async () => {
    const [incident] = await page();
    const refused = await send(cookie, { intent: "list", id: String(incident!.id), column: ["kind", "id"] });
    expect(refused.status).toBe(400);
    const made = await send(cookie, {
      intent: "list",
      id: String(incident!.id),
      reason: "Sending each affected person the notice",
      column: ["kind", "id", "lang", "phone"],
    });
    expect(made.status).toBe(200);
    const { sealed } = (await made.json()) as { sealed: { href: string; password: string; rows: number } };
    expect(sealed.rows).toBe(3);
    const zip = new Uint8Array(await (await callRoute(exportFile, "open", get(sealed.href, cookie), app())).arrayBuffer());
    expect(() => openAesZip(zip, "guess")).toThrow();
    const csv = new TextDecoder().decode(openAesZip(zip, sealed.password)[0]!.data as Uint8Array);
    expect(csv.split("\r\n")[0]).toBe("kind,id,lang,phone");
    expect(csv).toContain("01088880001");
    expect(csv).not.toContain("LEAKED");
  });

  it("published, the site shows the notice in the visitor's language and the affected status pages the banner; closed, the banner goes", async () => {
    const [incident] = await page();
    expect(await publicBreachNotice(handle.db, "mn")).toBeNull();
    expect((await send(cookie, { intent: "publish", id: String(incident!.id) })).status).toBe(200);
    const notice = await publicBreachNotice(handle.db, "mn");
    expect(notice!.text.title).toBe("Хувийн мэдээлэл алдагдсан тухай мэдэгдэл");
    const request = await handle.db.selectFrom("consultation_answers").select("created_at").executeTakeFirstOrThrow();
    const banner = await statusBreachBanner(handle.db, "consultation", new Date(request.created_at).toISOString(), "vi");
    expect(banner!.text.sections[0]!.body[0]).toBe("họ tên, số điện thoại");
    expect(await statusBreachBanner(handle.db, "purchase", new Date(request.created_at).toISOString(), "vi")).toBeNull();
    expect(await statusBreachBanner(handle.db, "consultation", "2020-01-01T00:00:00.000Z", "vi")).toBeNull();
    expect((await send(cookie, { intent: "close", id: String(incident!.id) })).status).toBe(200);
    expect(await statusBreachBanner(handle.db, "consultation", new Date(request.created_at).toISOString(), "vi")).toBeNull();
    // The site notice keeps its 30 days.
    expect(await publicBreachNotice(handle.db, "en")).not.toBeNull();
  });
});
