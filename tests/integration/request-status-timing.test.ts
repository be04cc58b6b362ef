import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices } from "#tests/support/services.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { createRateLimiter } from "#app/lib/rate-limit.server.ts";
import { action as answerCreate } from "#app/routes/svc.answer.ts";
import { loader as statusLoader, action as statusAction } from "#app/routes/status.tsx";
import { hashToken } from "#app/requests/status-link.server.ts";
import { DEFAULT_CALENDAR, callSlots } from "#app/business/calendar.ts";
import { expectSameTime } from "#tests/support/timing.ts";

/**
 * Issue 28: a link that opens nothing answers in the same time whatever it
 * is — unknown, or real but no longer valid (another request's link past its
 * retention) — so timing tells a guesser nothing. One indexed lookup by the
 * token's hash decides all of them (app/requests/status-link.server.ts);
 * the visitor's two actions refuse an unknown token and a real one of another,
 * closed request after the same one lookup (it reads the consultation's stage
 * in the same query).
 */
describe.each(DIALECTS)("status link timing on %s", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  });
  afterAll(async () => handle.cleanup());

  it(
    "does not tell an unknown token from a real one of another request that no longer opens, on the page or its actions",
    { timeout: 120_000 },
    async () => {
      const app = testServices(handle.db, { limiter: createRateLimiter({ max: 1_000_000, windowMs: 60_000, disabled: true }) });
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
      const look = async (token: string) => {
        const result = (await statusLoader({
          request: new Request(`http://localhost/status/${token}`),
          params: { token },
          context: testContext(app),
        } as never)) as { init?: { status?: number } };
        expect(result.init?.status).toBe(404);
      };
      await expectSameTime(dialect, { name: "unknown", probe: () => look(unknown) }, { name: "expired", probe: () => look(expired) });

      // The two actions: an unknown token (404) and a real one of another request that is closed (409) are refused alike.
      const closed = tokens[29]!;
      const closedId = (
        await handle.db
          .selectFrom("request_status_links")
          .select("request_id")
          .where("token_hash", "=", hashToken(closed))
          .executeTakeFirstOrThrow()
      ).request_id;
      await handle.db.updateTable("consultation_answers").set({ status: "closed" }).where("id", "=", closedId).execute();
      const slot = callSlots(DEFAULT_CALENDAR, new Date())[0]!.toISOString();
      for (const [intent, fields] of [
        ["reschedule", { intent: "reschedule", slot }],
        ["withdraw", { intent: "withdraw", confirm: "yes" }],
      ] as const) {
        const post = async (token: string, status: number) => {
          const result = (await statusAction({
            request: new Request(`http://localhost/status/${token}`, {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams(fields),
            }),
            params: { token },
            context: testContext(app),
          } as never)) as { init?: { status?: number } };
          expect(result.init?.status).toBe(status);
        };
        await expectSameTime(
          `${intent} on ${dialect}`,
          { name: "unknown", probe: () => post(unknown, 404) },
          { name: "closed", probe: () => post(closed, 409) },
        );
      }
    },
  );
});
