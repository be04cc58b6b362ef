import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices } from "#tests/support/services.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { createRateLimiter } from "#app/lib/rate-limit.server.ts";
import { action as answerCreate } from "#app/routes/svc.answer.ts";
import { loader as statusLoader } from "#app/routes/status.tsx";
import { hashToken } from "#app/features/request-status/link.server.ts";

/**
 * Issue 28: a link that opens nothing answers in the same time whatever it
 * is — unknown, or real but no longer valid (another request's link past its
 * retention) — so timing tells a guesser nothing. One indexed lookup by the
 * token's hash decides all of them (app/features/request-status/link.server.ts).
 */
describe.each(DIALECTS)("status link timing on %s", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  });
  afterAll(async () => handle.cleanup());

  it("does not tell an unknown token from a real one of another request that no longer opens", { timeout: 60_000 }, async () => {
    const app = testServices(handle.db, { limiter: createRateLimiter({ max: 1_000_000, windowMs: 60_000 }) });
    const tokens: string[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await callAction(
        answerCreate,
        jsonRequest("/svc/answer/create", sampleConsultation({ submissionId: randomUUID() })),
        testContext(app),
      );
      tokens.push(/\/status\/([\w-]{43})/.exec((res.json.data as { status_url: string }).status_url)![1]!);
    }
    // A real link of another request, past its request's retention.
    const expired = tokens[17]!;
    await handle.db
      .updateTable("request_status_links")
      .set({ expires_at: "2020-01-01T00:00:00.000Z" })
      .where("token_hash", "=", hashToken(expired))
      .execute();
    const unknown = "Q".repeat(43);
    const time = async (token: string) => {
      const started = performance.now();
      const result = (await statusLoader({
        request: new Request(`http://localhost/status/${token}`),
        params: { token },
        context: testContext(app),
      } as never)) as { init?: { status?: number } };
      const took = performance.now() - started;
      expect(result.init?.status).toBe(404);
      return took;
    };
    // Warm up, then interleave so that drift on a busy machine touches both alike.
    for (let i = 0; i < 50; i++) await time(i % 2 ? unknown : expired);
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < 400; i++) {
      a.push(await time(unknown));
      b.push(await time(expired));
    }
    /** The mean of the middle half: robust to the machine's pauses. */
    const middle = (xs: number[]) => {
      const s = [...xs].sort((x, y) => x - y).slice(xs.length / 4, (xs.length * 3) / 4);
      return s.reduce((sum, x) => sum + x, 0) / s.length;
    };
    const [ma, mb] = [middle(a), middle(b)];
    // Within 15% of each other (or 0.1 ms): a difference a guesser could measure over a network is far larger.
    expect(Math.abs(ma - mb), `unknown ${ma.toFixed(3)} ms, expired ${mb.toFixed(3)} ms on ${dialect}`).toBeLessThan(
      Math.max(0.1, 0.15 * Math.max(ma, mb)),
    );
  });
});
