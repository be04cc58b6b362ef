import { describe, expect, it } from "vitest";
import { stageOf, statusView, STAGES, type StatusFacts } from "#app/features/request-status/view.ts";
import { DEFAULT_CALENDAR, callSlots, isOfferedSlot } from "#app/business/calendar.ts";
import en from "../../../locales/en/status.json" with { type: "json" };

const NOW = new Date("2026-12-01T02:00:00Z"); // Tuesday 11:00 KST
const facts = (over: Partial<StatusFacts> = {}): StatusFacts => ({
  kind: "consultation",
  status: "new",
  createdAt: "2026-12-01T01:50:00Z",
  maskedPhone: "010****5678",
  callbackAt: null,
  withdrawnAt: null,
  erased: null,
  ...over,
});
const keys = (f: StatusFacts) => statusView(f, NOW, "1588-0000").lines.map((l) => l.key);
const has = (key: string) =>
  key
    .split(".")
    .slice(1)
    .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], en) !== undefined;

describe("what the status page may say (issue 28)", () => {
  it("maps today's workflow and the pipeline's stages through one adapter", () => {
    expect(stageOf("new")).toBe("new");
    expect(stageOf("contacted")).toBe("contacting");
    expect(stageOf("closed")).toBe("closed");
    for (const stage of STAGES) expect(stageOf(stage)).toBe(stage);
    expect(stageOf("in_progress")).toBe("contacting");
    expect(stageOf("something-else")).toBe("new");
  });

  // Issue 37: "we will call you on …" only while a call is coming; what closing cannot do once
  // documents were sent or the application is with a lender (the lender keeps its own copy).
  it("promises a call and explains the close action stage by stage", () => {
    const at = (status: string) => statusView(facts({ status }), NOW, "x");
    expect(STAGES.filter((stage) => at(stage).callAhead)).toEqual(["new", "contacting"]);
    expect(STAGES.filter((stage) => at(stage).actionable)).toEqual(["new", "contacting", "consulted", "documents", "with_lender"]);
    expect(Object.fromEntries(STAGES.map((stage) => [stage, at(stage).closeNote?.key ?? null]))).toEqual({
      new: null,
      contacting: null,
      consulted: null,
      documents: "status.withdraw.atStage.documents",
      with_lender: "status.withdraw.atStage.with_lender",
      approved: null,
      declined: null,
      closed: null,
    });
    for (const stage of ["documents", "with_lender"]) expect(has(at(stage).closeNote!.key)).toBe(true);
    expect(statusView(facts({ kind: "proposal", status: "new" }), NOW, "x").callAhead).toBe(true);
    expect(statusView(facts({ kind: "proposal", status: "done" }), NOW, "x").callAhead).toBe(false);
    expect(statusView(facts({ withdrawnAt: "2026-12-01T03:00:00Z" }), NOW, "x").callAhead).toBe(false);
  });

  it("has words for every stage, and says what happens next while we are to call", () => {
    for (const stage of STAGES) {
      const lines = keys(facts({ status: stage }));
      expect(lines[0]).toBe(`status.stage.${stage}`);
      for (const key of lines) expect(has(key), key).toBe(true);
    }
    expect(keys(facts({ status: "new" }))).toEqual(["status.stage.new", "status.next.callSoon"]);
    expect(keys(facts({ status: "with_lender", lender: "Sample Savings Bank" }))).toEqual([
      "status.stage.with_lender",
      "status.next.withLender",
    ]);
    expect(keys(facts({ callbackAt: "2026-12-02T07:00:00.000Z" }))).toEqual(["status.stage.new", "status.next.callback"]);
    expect(keys(facts({ status: "contacting", lastAttemptAt: "2026-12-01T05:10:00Z", nextCallAt: "2026-12-01T07:00:00Z" }))).toEqual([
      "status.stage.contacting",
      "status.next.tried",
    ]);
  });

  it("says when we tried only after an unanswered attempt with the next call ahead; an asked call-back comes first", () => {
    const tried = { status: "contacting", lastAttemptAt: "2026-12-01T01:10:00Z", nextCallAt: "2026-12-01T02:10:00Z" };
    expect(statusView(facts(tried), NOW, "1588-0000").lines[1]).toEqual({
      key: "status.next.tried",
      vars: { tried: "2026-12-01T01:10:00Z", next: "2026-12-01T02:10:00Z", phone: "1588-0000" },
    });
    // The next call is overdue (the agent is late): no time that has passed is promised.
    expect(keys(facts({ ...tried, nextCallAt: "2026-12-01T01:20:00Z" }))[1]).toBe("status.next.callSoon");
    // No attempt unanswered (none yet, or someone answered): nothing about trying.
    expect(keys(facts({ ...tried, lastAttemptAt: null }))[1]).toBe("status.next.callSoon");
    expect(keys(facts({ ...tried, nextCallAt: null }))[1]).toBe("status.next.callSoon");
    // A call-back the visitor asked for is the next call, whatever came before.
    expect(keys(facts({ ...tried, nextCallAt: null, callbackAt: "2026-12-02T01:00:00Z" }))[1]).toBe("status.next.callback");
    expect(keys(facts({ ...tried, callbackAt: "2026-12-01T01:00:00Z" }))[1]).toBe("status.next.tried");
  });

  it("offers the actions until a decision, and the 14-day withdrawal right once approved", () => {
    expect(statusView(facts({ status: "documents" }), NOW, "x")).toMatchObject({ actionable: true, withdrawalRight: false });
    expect(statusView(facts({ status: "approved" }), NOW, "x")).toMatchObject({ actionable: false, withdrawalRight: true });
    expect(statusView(facts({ status: "declined" }), NOW, "x")).toMatchObject({ actionable: false, withdrawalRight: false });
    expect(statusView(facts({ kind: "proposal" }), NOW, "x")).toMatchObject({ actionable: false });
  });

  it("after a withdrawal shows no phone and says what was deleted", () => {
    const view = statusView(facts({ withdrawnAt: "2026-12-01T03:00:00Z" }), NOW, "x");
    expect(view).toMatchObject({ stage: "withdrawn", maskedPhone: null, actionable: false });
    expect(view.lines.map((l) => l.key)).toEqual(["status.withdrawn.body", "status.withdrawn.deleted", "status.withdrawn.again"]);
  });

  it("a rights request shows the date we must answer by, then that we answered", () => {
    const open = statusView(
      facts({ kind: "rights", rights: { request: "access", dueAt: "2026-12-09T14:59:59.999Z", answeredAt: null } }),
      NOW,
      "x",
    );
    expect(open.lines).toEqual([
      { key: "status.rights.due", vars: { day: "2026-12-09T14:59:59.999Z" } },
      { key: "status.rights.why.access", vars: { count: 8 } },
    ]);
    const done = statusView(
      facts({ kind: "rights", rights: { request: "complaint", dueAt: "x", answeredAt: "2026-12-03T00:00:00Z" } }),
      NOW,
      "x",
    );
    expect(done.stage).toBe("answered");
  });
});

describe("call-back slots", () => {
  it("offers full hours inside Mon–Fri 09:00–18:00 KST, from 30 minutes ahead, for 7 days", () => {
    const slots = callSlots(DEFAULT_CALENDAR, NOW).map((d) => d.toISOString());
    expect(slots[0]).toBe("2026-12-01T03:00:00.000Z"); // 12:00 KST today
    expect(slots).not.toContain("2026-12-05T01:00:00.000Z"); // Saturday 10:00 KST
    expect(slots.at(-1)).toBe("2026-12-08T02:00:00.000Z"); // next Tuesday 11:00 KST: 7 days ahead
    expect(slots).toHaveLength(6 + 3 * 9 + 9 + 3); // today from 12:00, Wed–Fri, Monday, Tuesday until 11:00
    expect(isOfferedSlot(DEFAULT_CALENDAR, "2026-12-02T00:00:00.000Z", NOW)).not.toBeNull(); // 09:00 KST
    expect(isOfferedSlot(DEFAULT_CALENDAR, "2026-12-02T09:00:00.000Z", NOW)).toBeNull(); // 18:00 KST: closed
    expect(isOfferedSlot(DEFAULT_CALENDAR, "2026-12-01T01:00:00.000Z", NOW)).toBeNull(); // in the past
    expect(isOfferedSlot(DEFAULT_CALENDAR, "2026-12-09T01:00:00.000Z", NOW)).toBeNull(); // beyond 7 days
  });
});
