import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { TEST_APP_SECRET } from "#tests/support/services.ts";
import { maskPhone, openTextPayload, queueText, setTextSecret } from "#app/outbox/text.server.ts";

/**
 * The text API of the outbox (issue 49, items 1–2; ADR 0048): a text is a row
 * of the one outbox, its number sealed at rest and masked in the row; quiet
 * nights hold all but codes until 08:00 Korea time; one per kind per request
 * per window, however many instances ask.
 */
// 2026-11-30 14:00 Korea time (05:00 UTC), and 22:30 Korea time (13:30 UTC).
const DAY = new Date("2026-11-30T05:00:00.000Z");
const NIGHT = new Date("2026-11-30T13:30:00.000Z");
const MORNING = "2026-11-30T23:00:00.000Z"; // 08:00 Korea time on 1 December

describe.each(DIALECTS)("queueText on %s", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    setTextSecret(TEST_APP_SECRET);
  }, 30_000);
  afterAll(async () => handle.cleanup());
  const row = (id: number) => handle.db.selectFrom("alert_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("keeps the number sealed and shows it masked; the link is sealed too", async () => {
    const id = await queueText(
      handle.db,
      {
        kind: "status_link",
        to: "010-1234-5678",
        locale: "vi",
        params: { link: "https://x.example/s/secret-token" },
        request: { kind: "consultation", id: 7 },
      },
      DAY,
    );
    const r = await row(id);
    expect(r).toMatchObject({
      channel: "text",
      recipient: "010-****-5678",
      news: "status_link",
      request_kind: "consultation",
      request_id: 7,
      request_lang: "vi",
      status: "pending",
    });
    expect(r.payload).toMatch(/^sealed:/);
    expect(JSON.stringify(r)).not.toMatch(/12345678|secret-token/);
    expect(openTextPayload(r.payload)).toEqual({ to: "01012345678", params: { link: "https://x.example/s/secret-token" } });
    expect(r.next_attempt_at).toBe(DAY.toISOString());
  });

  it("sends the status link once per request, a call notice once per window", async () => {
    const link = {
      kind: "status_link" as const,
      to: "01099998888",
      locale: "en" as const,
      params: { link: "https://x.example/s/a" },
      request: { kind: "consultation", id: 8 },
    };
    const [a, b] = await Promise.all([queueText(handle.db, link, DAY), queueText(handle.db, link, new Date(DAY.getTime() + 3600_000))]);
    expect(a).toBe(b);
    const call = {
      kind: "call_notice" as const,
      to: "01099998888",
      locale: "en" as const,
      params: { phone: "02-123-4567" },
      request: { kind: "consultation", id: 8 },
    };
    const first = await queueText(handle.db, call, DAY);
    expect(await queueText(handle.db, call, new Date(DAY.getTime() + 60_000))).toBe(first);
    expect(await queueText(handle.db, call, new Date(DAY.getTime() + 31 * 60_000))).not.toBe(first);
  });

  it("holds all but codes in the quiet night until 08:00 Korea time; a code goes at once", async () => {
    const held = await queueText(
      handle.db,
      {
        kind: "status_link",
        to: "01011112222",
        locale: "mn",
        params: { link: "https://x.example/s/b" },
        request: { kind: "consultation", id: 9 },
      },
      NIGHT,
    );
    expect((await row(held)).next_attempt_at).toBe(MORNING);
    const code = await queueText(handle.db, { kind: "code", to: "01011112222", locale: "mn", params: { code: "123456" } }, NIGHT);
    expect((await row(code)).next_attempt_at).toBe(NIGHT.toISOString());
    // Two codes are two texts.
    expect(await queueText(handle.db, { kind: "code", to: "01011112222", locale: "mn", params: { code: "654321" } }, NIGHT)).not.toBe(code);
  });

  it("refuses a number that is not a Korean mobile", async () => {
    await expect(queueText(handle.db, { kind: "code", to: "0212345678", locale: "en", params: { code: "1" } })).rejects.toThrow(
      /Korean mobile/,
    );
    expect(maskPhone("01012345678")).toBe("010-****-5678");
  });
});
