import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { callRoute, createOperator, csrfOf, post, signInCookie } from "#tests/support/admin.ts";
import { consultationRow, type LeadValues } from "#tests/support/consultation-row.ts";
import { claim, myCalls } from "#app/features/pipeline/my-calls.server.ts";
import { fromSeoulLocal } from "#app/features/pipeline/calls.ts";
import * as calls from "#app/routes/admin.calls.tsx";

/** "My calls" (issue 26, item 3): due (overdue first, how late), call-backs later today, unclaimed new oldest first; claim once. */
const iso = (local: string) => fromSeoulLocal(local)!.toISOString();

function lead(db: Kysely<Database>, name: string, { created_at, ...values }: LeadValues & { created_at?: string } = {}) {
  return consultationRow(db, (id) => `010${String(id).padStart(8, "0")}`, created_at ?? iso("2026-11-26T08:00"), name, values);
}

describe.each(DIALECTS)("My calls on %s", (dialect) => {
  let handle: TestDatabase;
  let me: number;
  let other: number;
  const app = () => testServices(handle.db);
  const now = new Date(iso("2026-11-26T14:00"));

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    me = await createOperator(handle.db, "me@example.com", "correct horse battery", "agent");
    other = await createOperator(handle.db, "other@example.com", "correct horse battery", "agent");
    const db = handle.db;
    await lead(db, "Late 30", { assigned_operator_id: me, status: "contacting", next_call_at: iso("2026-11-26T13:30") });
    await lead(db, "Late 5", { assigned_operator_id: me, status: "contacting", next_call_at: iso("2026-11-26T13:55") });
    await lead(db, "Tomorrow", { assigned_operator_id: me, status: "contacting", next_call_at: iso("2026-11-27T10:00") });
    await lead(db, "Asked 19:00", {
      assigned_operator_id: me,
      status: "contacting",
      next_call_at: iso("2026-11-26T19:00"),
      next_call_asked: 1,
    });
    await lead(db, "Cadence 15:00", { assigned_operator_id: me, status: "contacting", next_call_at: iso("2026-11-26T15:00") });
    await lead(db, "Someone else's", { assigned_operator_id: other, status: "contacting", next_call_at: iso("2026-11-26T13:00") });
    await lead(db, "New younger", { created_at: iso("2026-11-26T12:00") });
    await lead(db, "New older", { created_at: iso("2026-11-25T12:00") });
    await lead(db, "Closed new-ish", { created_at: iso("2026-11-25T11:00"), status: "closed" });
  }, 30_000);
  afterAll(async () => handle.cleanup());

  it("lists calls due (overdue first, with how late), call-backs later today, then unclaimed new leads oldest first", async () => {
    const queue = await myCalls(handle.db, me, now);
    expect(queue.due.map((c) => [c.name, c.lateMinutes])).toEqual([
      ["Late 30", 30],
      ["Late 5", 5],
    ]);
    expect(queue.due[0]!.phone).toMatch(/^010\d{8}$/);
    expect(queue.later.map((c) => [c.name, c.at, c.asked])).toEqual([["Asked 19:00", "2026-11-26 19:00", true]]);
    expect(queue.unclaimed.map((c) => c.name)).toEqual(["New older", "New younger"]);
    expect(queue.outsideHours).toBeNull();
  });

  it("says when it is outside the calling hours, and that the asked call-back may still be made", async () => {
    const evening = await myCalls(handle.db, me, new Date(iso("2026-11-26T20:30")));
    expect(evening.outsideHours).toEqual({ from: "09:00", to: "18:00", next: "2026-11-27 09:00" });
    expect(evening.due.find((c) => c.name === "Asked 19:00")).toMatchObject({ asked: true, at: "2026-11-26 19:00" });
    expect((await myCalls(handle.db, me, new Date(iso("2026-11-27T08:59")))).outsideHours).not.toBeNull();
    expect((await myCalls(handle.db, me, new Date(iso("2026-11-27T09:00")))).outsideHours).toBeNull();
  });

  it("lets one agent claim a new lead, once, audited; it is then due now in their queue", async () => {
    const target = (await myCalls(handle.db, me, now)).unclaimed[0]!.id;
    const meWho = { operator: { id: me, email: "me@example.com" } };
    expect(await claim(handle.db, meWho, target, now)).toBe(true);
    expect(await claim(handle.db, { operator: { id: other, email: "other@example.com" } }, target, now)).toBe(false);
    const queue = await myCalls(handle.db, me, now);
    expect(queue.due.map((c) => c.name)).toContain("New older");
    expect(queue.unclaimed.map((c) => c.name)).toEqual(["New younger"]);
    const audits = await handle.db
      .selectFrom("admin_audit_log")
      .select(["operator_email", "detail"])
      .where("action", "=", "assign")
      .execute();
    expect(audits).toEqual([{ operator_email: "me@example.com", detail: `claim operator=${me}` }]);
  });

  it("logs an outcome in one tap from the queue (claiming the lead), and the cadence schedules the next call", async () => {
    const cookie = await signInCookie(app(), "other@example.com", "correct horse battery");
    const csrf = await csrfOf(app(), cookie);
    const target = (await myCalls(handle.db, other, now)).unclaimed[0]!.id;
    const response = await callRoute(
      calls,
      "guarded",
      post("/admin/calls", { csrf, intent: "call", id: String(target), outcome: "no_answer" }, cookie),
      app(),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { call: { ok: boolean; next: string | null } };
    expect(body.call.ok).toBe(true);
    expect(body.call.next).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    const row = await handle.db
      .selectFrom("consultation_answers")
      .select(["assigned_operator_id", "status", "unanswered_calls"])
      .where("id", "=", target)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ assigned_operator_id: other, status: "contacting", unanswered_calls: 1 });
    const bad = await callRoute(
      calls,
      "guarded",
      post("/admin/calls", { csrf, intent: "call", id: "abc", outcome: "no_answer" }, cookie),
      app(),
    );
    expect(bad.status).toBe(400);
  });
});
