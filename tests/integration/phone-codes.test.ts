import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { TEST_APP_SECRET } from "#tests/support/services.ts";
import {
  CODE_TRIES,
  CODES_PER_ADDRESS,
  CODES_PER_NUMBER,
  checkCode,
  requestCode,
  type CodePurpose,
} from "#app/features/phone-proof/codes.server.ts";
import { KOREAN_MOBILE, koreanMobile } from "#app/requests/phone.ts";

/**
 * One-time codes (issue 49 item 4, ADR 0049): six digits, five minutes, five
 * wrong answers, limits per number and per address, the same answer for a
 * number we do not know, and a code serves only its purpose. Clocks are
 * passed in (no waiting).
 */
const MINUTE = 60_000;
const T0 = new Date("2026-11-29T03:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(DIALECTS)("one-time codes on %s", (dialect) => {
  let handle: TestDatabase;
  let n = 0;
  /** A fresh number and address per test, so the limits of one test do not reach another. */
  const fresh = () => {
    n += 1;
    return { phone: `0107777${String(n).padStart(4, "0")}`, ip: `10.9.${n}.1` };
  };
  const send = async (purpose: CodePurpose, phone: string, ip: string, now: Date, known = true, perAddress?: number) => {
    const sent: string[] = [];
    const outcome = await requestCode(
      handle.db,
      TEST_APP_SECRET,
      { purpose, phone, ip, send: known, perAddress },
      async (_db, code) => sent.push(code),
      now,
    );
    return { outcome, code: sent[0] };
  };

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  }, 30_000);
  afterAll(async () => handle.cleanup());

  it("sends six digits, stores neither the code nor the number, and the code opens once", async () => {
    const { phone, ip } = fresh();
    const { outcome, code } = await send("find", phone, ip, T0);
    expect(outcome).toEqual({ ok: true });
    expect(code).toMatch(/^\d{6}$/);
    const stored = JSON.stringify(await handle.db.selectFrom("phone_codes").selectAll().execute());
    expect(stored).not.toContain(phone);
    expect(stored).not.toContain(`"${code}"`);
    expect(stored).not.toContain(ip);
    expect(await checkCode(handle.db, TEST_APP_SECRET, { purpose: "find", phone, code: code! }, at(MINUTE))).toEqual({ ok: true });
    expect(await checkCode(handle.db, TEST_APP_SECRET, { purpose: "find", phone, code: code! }, at(MINUTE))).toMatchObject({
      ok: false,
      reason: "wrong",
    });
  });

  it("expires after five minutes", async () => {
    const { phone, ip } = fresh();
    const { code } = await send("refuse", phone, ip, T0);
    expect(await checkCode(handle.db, TEST_APP_SECRET, { purpose: "refuse", phone, code: code! }, at(5 * MINUTE + 1000))).toEqual({
      ok: false,
      reason: "wrong",
      left: 0,
    });
    const again = await send("refuse", phone, ip, at(5 * MINUTE + 2000));
    expect(await checkCode(handle.db, TEST_APP_SECRET, { purpose: "refuse", phone, code: again.code! }, at(9 * MINUTE + 59_000))).toEqual({
      ok: true,
    });
  });

  it("takes five wrong answers; the sixth, even the right code, is refused with the seconds to wait", async () => {
    const { phone, ip } = fresh();
    const { code } = await send("find", phone, ip, T0);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i <= CODE_TRIES; i++) {
      expect(await checkCode(handle.db, TEST_APP_SECRET, { purpose: "find", phone, code: wrong }, at(i * 1000))).toEqual({
        ok: false,
        reason: "wrong",
        left: CODE_TRIES - i,
      });
    }
    const sixth = await checkCode(handle.db, TEST_APP_SECRET, { purpose: "find", phone, code: code! }, at(60_000));
    expect(sixth).toEqual({ ok: false, reason: "locked", retryAfter: 240 });
  });

  it("a code serves only the purpose it was sent for", async () => {
    const { phone, ip } = fresh();
    const { code } = await send("refuse", phone, ip, T0);
    for (const other of ["find", "lift", "erase"] as const) {
      expect(await checkCode(handle.db, TEST_APP_SECRET, { purpose: other, phone, code: code! }, at(1000))).toMatchObject({ ok: false });
    }
    // A different number with the same code opens nothing either.
    expect(await checkCode(handle.db, TEST_APP_SECRET, { purpose: "refuse", phone: "01000000000", code: code! }, at(1000))).toMatchObject({
      ok: false,
    });
    expect(await checkCode(handle.db, TEST_APP_SECRET, { purpose: "refuse", phone, code: code! }, at(1000))).toEqual({ ok: true });
  });

  it("limits the codes per number, whatever the address and purpose, until the window passes", async () => {
    const { phone } = fresh();
    for (let i = 0; i < CODES_PER_NUMBER; i++) {
      expect((await send(i % 2 ? "find" : "lift", phone, `10.200.${n}.${i}`, at(i * MINUTE))).outcome).toEqual({ ok: true });
    }
    const over = await send("erase", phone, "10.201.0.1", at(3 * MINUTE));
    expect(over.outcome).toEqual({ ok: false, retryAfter: 12 * 60 });
    expect(over.code).toBeUndefined();
    expect((await send("find", phone, "10.201.0.1", at(15 * MINUTE + 1000))).outcome).toEqual({ ok: true });
  });

  it("limits the codes per address, whatever the number", async () => {
    const { ip } = fresh();
    for (let i = 0; i < CODES_PER_ADDRESS; i++) {
      expect((await send("find", `0108888${String(n * 100 + i).padStart(4, "0")}`, ip, at(i * 1000))).outcome).toEqual({ ok: true });
    }
    const over = await send("find", "01088889999", ip, at(20_000));
    expect(over.outcome).toMatchObject({ ok: false });
    expect((over.outcome as { retryAfter: number }).retryAfter).toBeGreaterThan(59 * 60);
  });

  it("takes the server's own limit per address (CODES_PER_ADDRESS) over the default", async () => {
    const { ip } = fresh();
    for (let i = 0; i < 2; i++) {
      expect((await send("find", `0106666${String(n * 100 + i).padStart(4, "0")}`, ip, at(i * 1000), true, 2)).outcome).toEqual({
        ok: true,
      });
    }
    expect((await send("find", "01066669999", ip, at(5000), true, 2)).outcome).toMatchObject({ ok: false });
  });

  it("answers a number we do not know exactly as one we know, and texts only the known one", async () => {
    const known = fresh();
    const unknown = fresh();
    const a = await send("find", known.phone, known.ip, T0, true);
    const b = await send("find", unknown.phone, unknown.ip, T0, false);
    expect(b.outcome).toEqual(a.outcome);
    expect(a.code).toBeDefined();
    expect(b.code).toBeUndefined();
    // The unknown number's row is there too, so its tries and limits behave the same.
    for (let i = 1; i <= CODE_TRIES; i++)
      await checkCode(handle.db, TEST_APP_SECRET, { purpose: "find", phone: unknown.phone, code: "123456" }, at(i));
    expect(await checkCode(handle.db, TEST_APP_SECRET, { purpose: "find", phone: unknown.phone, code: "123456" }, at(10))).toMatchObject({
      ok: false,
      reason: "locked",
    });
  });

  it("never accepts a hostile answer as a code", async () => {
    const { phone, ip } = fresh();
    await send("find", phone, ip, T0);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 40 }).filter((s) => !/^\d{6}$/.test(s)),
        async (answer) => {
          const outcome = await checkCode(handle.db, TEST_APP_SECRET, { purpose: "find", phone, code: answer }, at(1000));
          expect(outcome.ok).toBe(false);
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe("the Korean mobile rule", () => {
  it("keeps any hostile input either out or as 010… digits", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 60 }), fc.stringMatching(/^\+?[\d\s()-]{0,30}$/)), (raw) => {
        const phone = koreanMobile(raw);
        if (phone !== null) expect(phone).toMatch(KOREAN_MOBILE);
      }),
      { numRuns: 500 },
    );
  });

  it("reads the ways a number is typed", () => {
    expect(koreanMobile("010-1234-5678")).toBe("01012345678");
    expect(koreanMobile("+82 10 1234 5678")).toBe("01012345678");
    expect(koreanMobile(" 011 234 5678 ")).toBe("0112345678");
    expect(koreanMobile("02-123-4567")).toBeNull();
    expect(koreanMobile("０１０１２３４５６７８")).toBeNull();
    expect(koreanMobile("1".repeat(41))).toBeNull();
  });
});
