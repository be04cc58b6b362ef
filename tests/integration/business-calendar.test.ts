import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { connect, type DatabaseHandle } from "#db/connect.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { callRoute, createOperator, csrfOf, get, post, signInCookie } from "#tests/support/admin.ts";
import { consultationRow } from "#tests/support/consultation-row.ts";
import * as calendarRoute from "#app/routes/admin.calendar.tsx";
import { DEFAULT_CALENDAR } from "#app/business/calendar.ts";
import { readCalendar } from "#app/business/calendar.server.ts";
import { watchContent } from "#app/lib/content-version.server.ts";
import { fromSeoulLocal } from "#app/lib/seoul-time.ts";
import { logCall } from "#app/features/pipeline/calls.server.ts";
import { assignInTurn } from "#app/features/pipeline/assignment.server.ts";
import { claim, myCalls } from "#app/features/pipeline/my-calls.server.ts";

/**
 * The business calendar (issue 36, item 2) on both dialects: the seeded
 * hours; a save by an administrator, audited, moving the content version
 * and read by a second instance; bad input refused with nothing changed;
 * closures added and removed; and the pipeline's answers from the stored
 * calendar with fixed clocks over 설날 and 추석 and at night.
 */
const kst = (local: string) => fromSeoulLocal(local)!;
const iso = (local: string) => kst(local).toISOString();

const HOURS = {
  days: ["1", "2", "3", "4", "5", "6"],
  working_start: "08:00",
  working_end: "20:00",
  calling_start: "08:30",
  calling_end: "20:00",
};

/** The hours form as a browser posts it: one `days` per ticked weekday. */
function hoursPost(csrf: string, cookie: string, hours: typeof HOURS) {
  const request = post("/admin/calendar", { csrf, intent: "hours" }, cookie);
  const body = new URLSearchParams({ csrf, intent: "hours" });
  for (const d of hours.days) body.append("days", d);
  for (const name of ["working_start", "working_end", "calling_start", "calling_end"] as const) body.set(name, hours[name]);
  return new Request(request.url, { method: "POST", headers: request.headers, body });
}

describe.each(DIALECTS)("the business calendar on %s", (dialect) => {
  let handle: TestDatabase;
  let second: DatabaseHandle;
  let cookie: string;
  let csrf: string;
  const app = () => testServices(handle.db);
  const send = (request: Request) => callRoute(calendarRoute, "guarded", request, app());
  const state = async (db: Kysely<Database>) => ({
    calendar: await db.selectFrom("business_calendar").selectAll().execute(),
    closures: await db.selectFrom("business_closures").selectAll().orderBy("id").execute(),
    version: await db.selectFrom("content_versions").selectAll().execute(),
    audit: await db.selectFrom("admin_audit_log").select(["action", "detail"]).where("record_kind", "=", "business_calendar").execute(),
  });

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    second = connect(handle.url);
    await createOperator(handle.db, "admin@example.com", "correct horse battery");
    cookie = await signInCookie(app(), "admin@example.com", "correct horse battery");
    csrf = await csrfOf(app(), cookie);
  }, 30_000);
  afterAll(async () => {
    await second.close();
    await handle.cleanup();
  });

  it("starts as the site promised: Monday to Friday, working and calling 09:00–18:00, no closures", async () => {
    expect(await readCalendar(handle.db)).toEqual(DEFAULT_CALENDAR);
    const page = await send(get("/admin/calendar", cookie));
    expect(page.status).toBe(200);
    const body = (await page.json()) as { values: Record<string, string>; holidays: { day: string; names: string }[] };
    expect(body.values).toEqual({
      days: "1,2,3,4,5",
      working_start: "09:00",
      working_end: "18:00",
      calling_start: "09:00",
      calling_end: "18:00",
    });
    expect(body.holidays.length).toBeGreaterThan(0);
  });

  it("refuses bad input beside its field and changes nothing", async () => {
    const before = await state(handle.db);
    const bad = await send(hoursPost(csrf, cookie, { ...HOURS, calling_start: "07:30", calling_end: "21:30", days: [] }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toEqual({
      days: "calendar.error.noDays",
      calling_start: "calendar.error.legal",
      calling_end: "calendar.error.legal",
    });
    const outside = await send(hoursPost(csrf, cookie, { ...HOURS, calling_end: "20:30" }));
    expect(((await outside.json()) as { errors: Record<string, string> }).errors).toEqual({ calling_end: "calendar.error.outsideWorking" });
    const refused: Record<string, string>[] = [
      { intent: "close", day: "2027-02-30", note: "" },
      { intent: "close", day: "2020-01-06", note: "" },
      { intent: "close", day: "2027-01-04", note: "x".repeat(201) },
      { intent: "reopen", id: "99999" },
      { intent: "nothing" },
    ];
    for (const fields of refused) {
      expect((await send(post("/admin/calendar", { csrf, ...fields }, cookie))).status, JSON.stringify(fields).slice(0, 60)).toBe(400);
    }
    expect(await state(handle.db)).toEqual(before);
  });

  it("saves the hours: audited with what changed, the content version moved, live on a second instance", async () => {
    let changes = 0;
    const watcher = watchContent(second.db, () => changes++, { intervalMs: 60_000 });
    await watcher.check();
    const before = await state(handle.db);
    const saved = await send(hoursPost(csrf, cookie, HOURS));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ ok: "hours" });
    // The other instance reads the new calendar at once, and its watcher drops its cached pages.
    expect(await readCalendar(second.db)).toEqual({
      workingDays: [1, 2, 3, 4, 5, 6],
      working: { start: 480, end: 1200 },
      calling: { start: 510, end: 1200 },
      closures: [],
    });
    await watcher.check();
    watcher.stop();
    expect(changes).toBe(1);
    const after = await state(handle.db);
    expect(Number(after.version[0]!.version)).toBe(Number(before.version[0]!.version) + 1);
    expect(after.audit.slice(before.audit.length)).toEqual([
      {
        action: "calendar_update",
        detail: 'working_days: "1,2,3,4,5" → "1,2,3,4,5,6"; working: "09:00-18:00" → "08:00-20:00"; calling: "09:00-18:00" → "08:30-20:00"',
      },
    ]);
    // Back to the seeded hours for the tests below.
    const seeded = {
      days: ["1", "2", "3", "4", "5"],
      working_start: "09:00",
      working_end: "18:00",
      calling_start: "09:00",
      calling_end: "18:00",
    };
    expect((await send(hoursPost(csrf, cookie, seeded))).status).toBe(200);
    expect(await readCalendar(handle.db)).toEqual(DEFAULT_CALENDAR);
  });

  it("adds a closed day and removes it, each audited; a day closed twice is refused", async () => {
    const added = await send(post("/admin/calendar", { csrf, intent: "close", day: "2027-02-10", note: "Office move" }, cookie));
    expect(await added.json()).toEqual({ ok: "closed" });
    expect((await readCalendar(second.db)).closures).toEqual([{ day: "2027-02-10", note: "Office move" }]);
    const again = await send(post("/admin/calendar", { csrf, intent: "close", day: "2027-02-10", note: "" }, cookie));
    expect(again.status).toBe(400);
    expect(((await again.json()) as { errors: Record<string, string> }).errors).toEqual({ day: "calendar.error.duplicate" });
    const extra = await send(post("/admin/calendar", { csrf, intent: "close", day: "2027-03-02", note: "" }, cookie));
    expect(extra.status).toBe(200);
    const id = (await handle.db.selectFrom("business_closures").select("id").where("day", "=", "2027-03-02").executeTakeFirstOrThrow()).id;
    expect(await (await send(post("/admin/calendar", { csrf, intent: "reopen", id: String(id) }, cookie))).json()).toEqual({
      ok: "reopened",
    });
    expect((await readCalendar(handle.db)).closures.map((c) => c.day)).toEqual(["2027-02-10"]);
    const audit = (await state(handle.db)).audit.filter((a) => a.action !== "calendar_update");
    expect(audit).toEqual([
      { action: "calendar_close", detail: "day=2027-02-10" },
      { action: "calendar_close", detail: "day=2027-03-02" },
      { action: "calendar_reopen", detail: "day=2027-03-02" },
    ]);
  });

  it("schedules from the stored calendar with fixed clocks: night arrivals, 추석 2026, 설날 2027 and the added closure", async () => {
    const agent = await createOperator(handle.db, "agent@example.com", "correct horse battery", "agent");
    await handle.db.updateTable("admin_operators").set({ on_duty: 1 }).where("id", "=", agent).execute();
    const who = { operator: { id: agent, email: "agent@example.com" } };

    // Arrives Wednesday 23 September 2026 at 22:30, the night before 추석: due at the opening of Monday 28.
    const night = await consultationRow(handle.db, "01011112222", iso("2026-09-23T22:30"), "Night arrival");
    await handle.db.transaction().execute((trx) => assignInTurn(trx, night, kst("2026-09-23T22:30")));
    const row = await handle.db.selectFrom("consultation_answers").select("next_call_at").where("id", "=", night).executeTakeFirstOrThrow();
    expect(new Date(row.next_call_at!).toISOString()).toBe(iso("2026-09-28T09:00"));
    const duringHoliday = await myCalls(handle.db, agent, kst("2026-09-25T10:00"));
    expect(duringHoliday.due.map((c) => c.name)).not.toContain("Night arrival");
    expect(duringHoliday.outsideHours).toEqual({ from: "09:00", to: "18:00", next: "2026-09-28 09:00" });
    expect(duringHoliday.atOpening.map((c) => [c.name, c.at])).toEqual([["Night arrival", "2026-09-28 09:00"]]);
    const monday = await myCalls(handle.db, agent, kst("2026-09-28T09:05"));
    expect(monday.due.map((c) => c.name)).toContain("Night arrival");
    expect(monday.outsideHours).toBeNull();
    expect(monday.atOpening).toEqual([]);

    // Claimed on Friday 5 February 2027 at 20:10 (설날 and its substitute day follow; the 10th is closed): due Thursday 11.
    await handle.db.updateTable("admin_operators").set({ on_duty: 0 }).where("id", "=", agent).execute();
    const friday = await consultationRow(handle.db, "01033334444", iso("2027-02-05T20:00"), "Friday evening");
    expect(await claim(handle.db, who, friday, kst("2027-02-05T20:10"))).toBe(true);
    const claimed = await handle.db
      .selectFrom("consultation_answers")
      .select("next_call_at")
      .where("id", "=", friday)
      .executeTakeFirstOrThrow();
    expect(new Date(claimed.next_call_at!).toISOString()).toBe(iso("2027-02-11T09:00"));

    // An unanswered call at 17:55 that Friday: ten minutes on is past the calling hours → Thursday 11 at the opening.
    const logged = await logCall(handle.db, who, friday, { outcome: "no_answer", callbackAt: "", note: "" }, kst("2027-02-05T17:55"));
    expect(logged).toEqual({ ok: true, next: "2027-02-11 09:00", closed: false });
  });
});
