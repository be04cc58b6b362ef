import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { callRoute, createOperator, csrfOf, get, post, signInCookie } from "#tests/support/admin.ts";
import * as account from "#app/routes/admin.account.tsx";
import * as inbox from "#app/routes/admin.inbox.tsx";

/**
 * Each operator's sessions (issue 16, ADR 0022) on both dialects: the list
 * (device label, address prefix, last seen), signing out of one, of all the
 * others, or of all; nobody else's sessions.
 */
const PASSWORD = "correct horse battery";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; SM-A546N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0";

interface Listed {
  sessions: { id: number; device: string | null; place: string | null; current: boolean }[];
}

describe.each(DIALECTS)("an operator's sessions on %s", (dialect) => {
  let handle: TestDatabase;
  const app = () => testServices(handle.db);
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    // Two-step sign-in is everyone's (issue 52): each sign-in goes through the code step.
    await createOperator(handle.db, "agent@example.com", PASSWORD, "agent", { twoStep: true });
    await createOperator(handle.db, "other@example.com", PASSWORD, "agent", { twoStep: true });
  }, 30_000);
  afterAll(async () => handle.cleanup());

  const signInFrom = (email: string, userAgent: string, ip: string) => signInCookie(app(), email, PASSWORD, ip, userAgent);
  const list = async (cookie: string) =>
    ((await (await callRoute(account, "guarded", get("/admin/account", cookie), app())).json()) as Listed).sessions;
  const act = async (cookie: string, fields: Record<string, string>) =>
    callRoute(account, "guarded", post("/admin/account", { ...fields, csrf: await csrfOf(app(), cookie) }, cookie), app());
  const works = async (cookie: string) => (await callRoute(inbox, "guarded", get("/admin", cookie), app())).status === 200;

  it("lists its own sessions with a device label and an address prefix, never the user-agent or the address", async () => {
    const phone = await signInFrom("agent@example.com", ANDROID, "203.0.113.77");
    await signInFrom("agent@example.com", WINDOWS, "2001:db8:85a3:8d3:1319:8a2e:370:7348");
    await signInFrom("other@example.com", WINDOWS, "198.51.100.1");
    const sessions = await list(phone);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => [s.device, s.place, s.current]).sort()).toEqual([
      ["Chrome · Android", "203.0.113.x", true],
      ["Firefox · Windows", "2001:db8:85a3::/48", false],
    ]);
    const rows = JSON.stringify(await handle.db.selectFrom("admin_sessions").selectAll().execute());
    // Not "8a2e" alone: a random session id in hex may hold it.
    for (const secret of ["203.0.113.77", "SM-A546N", "8a2e:370", "198.51.100.1"]) expect(rows).not.toContain(secret);
  });

  it("signs out of one session, of all the others, or of all; never another operator's", async () => {
    await handle.db.deleteFrom("admin_sessions").execute();
    const a = await signInFrom("agent@example.com", ANDROID, "203.0.113.1");
    const b = await signInFrom("agent@example.com", WINDOWS, "203.0.113.2");
    const c = await signInFrom("agent@example.com", WINDOWS, "203.0.113.3");
    const theirs = await signInFrom("other@example.com", WINDOWS, "198.51.100.1");
    const theirId = (await list(theirs))[0]!.id;

    // Another operator's session id: nothing ends.
    const foreign = await act(a, { intent: "end_session", id: String(theirId) });
    expect(await foreign.json()).toEqual({ ok: "sessions", count: 0 });
    expect(await works(theirs)).toBe(true);

    const bId = (await list(b)).find((s) => s.current)!.id;
    expect(await (await act(a, { intent: "end_session", id: String(bId) })).json()).toEqual({ ok: "sessions", count: 1 });
    expect(await works(b)).toBe(false);
    expect(await works(c)).toBe(true);

    expect(await (await act(a, { intent: "end_others" })).json()).toEqual({ ok: "sessions", count: 1 });
    expect(await works(c)).toBe(false);
    expect(await works(a)).toBe(true);

    const all = await act(a, { intent: "end_all" });
    expect(all.status).toBe(302);
    expect(all.headers.get("location")).toBe("/admin/sign-in");
    expect(all.headers.get("set-cookie")).toMatch(/admin_session=;/);
    expect(await works(a)).toBe(false);
    expect(await works(theirs)).toBe(true);
    const audited = await handle.db.selectFrom("admin_audit_log").select("detail").where("action", "=", "session_end").execute();
    expect(audited.map((r) => r.detail)).toEqual(["end_session count=0", "end_session count=1", "end_others count=1", "end_all count=1"]);
  });

  it("answers a malformed request 400", async () => {
    const cookie = await signInFrom("agent@example.com", ANDROID, "203.0.113.1");
    for (const fields of [{}, { intent: "end_session", id: "x" }, { intent: "nuke" }]) {
      expect((await act(cookie, fields as Record<string, string>)).status, JSON.stringify(fields)).toBe(400);
    }
  });
});
