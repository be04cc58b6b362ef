import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testAlertConfig, testServices } from "#tests/support/services.ts";
import { createAlerts } from "#app/features/alerts/alerts.server.ts";
import { silentLogger } from "#app/lib/logger.server.ts";
import { insertOnce, recordRequest, requestTimes } from "#app/requests/record.server.ts";
import { findStatusLink, hashToken, TOKEN_PATTERN } from "#app/requests/status-link.server.ts";
import type { RequestSource } from "#app/requests/source.ts";

/**
 * Recording a visitor's request (ADR 0005, 0014, 0033): the row, its alert
 * rows, its status link, its source and the kind's own step, in one
 * transaction; a retried submission is the same request, with nothing added.
 */
describe.each(DIALECTS)("recordRequest on %s", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  });
  afterAll(async () => handle.cleanup());

  const now = new Date("2026-11-27T01:00:00.000Z");

  function proposal(submissionId: string, options: { source?: RequestSource; step?: Parameters<typeof recordRequest>[1]["step"] } = {}) {
    // A webhook is configured (never called: no worker runs), so every new request writes one alert row.
    const alerts = createAlerts(handle.db, testAlertConfig({ webhook: { url: "https://hooks.example.com/x", secret: "s" } }), silentLogger);
    return recordRequest(testServices(handle.db, { alerts }), { kind: "proposal", lang: "vi", now, ...options }, (trx) =>
      insertOnce(trx, "proposals", {
        proposer_name: "Nguyen Van A",
        proposer_phone: "01012345678",
        proposer_email: "a@example.com",
        proposal_content: "A partnership",
        submission_id: submissionId,
        lang: "vi",
        ...requestTimes(now),
      }),
    );
  }

  const alertRows = (id: number) =>
    handle.db.selectFrom("alert_deliveries").select("id").where("request_kind", "=", "proposal").where("request_id", "=", id).execute();
  const sourceRows = (id: number) =>
    handle.db.selectFrom("request_sources").selectAll().where("request_kind", "=", "proposal").where("request_id", "=", id).execute();

  it("stores the request with its status link and its source, and runs the kind's step once", async () => {
    const steps: number[] = [];
    const stored = await proposal(randomUUID(), {
      source: { utm_source: "facebook", banner: "kb-bank" },
      step: async (_trx, id) => steps.push(id),
    });
    expect(stored.created).toBe(true);
    expect(stored.statusToken).toMatch(TOKEN_PATTERN);
    expect(steps).toEqual([stored.id]);
    expect(await alertRows(stored.id)).toHaveLength(1);
    const link = await findStatusLink(handle.db, stored.statusToken, now);
    expect(link).toMatchObject({ request_kind: "proposal", request_id: stored.id, lang: "vi" });
    // The database keeps the token's hash, never the token.
    const row = await handle.db
      .selectFrom("request_status_links")
      .select("token_hash")
      .where("request_id", "=", stored.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(stored.statusToken));
    expect(await sourceRows(stored.id)).toEqual([expect.objectContaining({ utm_source: "facebook", banner_key: "kb-bank" })]);
  });

  it("gives a retried submission the same request and link, and adds no step, alert or source", async () => {
    const id = randomUUID();
    const steps: number[] = [];
    const step = async (_trx: unknown, requestId: number) => void steps.push(requestId);
    const first = await proposal(id, { source: { utm_source: "zalo" }, step });
    expect(await alertRows(first.id)).toHaveLength(1);
    const again = await proposal(id, { source: { utm_source: "other" }, step });
    expect(again).toMatchObject({ id: first.id, created: false, statusToken: first.statusToken });
    expect(steps).toEqual([first.id]);
    expect(await alertRows(first.id)).toHaveLength(1);
    expect(await sourceRows(first.id)).toEqual([expect.objectContaining({ utm_source: "zalo" })]);
  });

  it("stores no source row for a request that came from nowhere we can tell", async () => {
    const stored = await proposal(randomUUID(), { source: {} });
    expect(await sourceRows(stored.id)).toEqual([]);
  });

  it("stores nothing when the kind's step fails: no request, no link, no source", async () => {
    const id = randomUUID();
    await expect(
      proposal(id, {
        source: { utm_source: "facebook" },
        step: async () => {
          throw new Error("step failed");
        },
      }),
    ).rejects.toThrow("step failed");
    const rows = await handle.db.selectFrom("proposals").select("id").where("submission_id", "=", id).execute();
    expect(rows).toEqual([]);
    // Every link and alert row belongs to a stored proposal: the failed one left none.
    const orphans = await handle.db
      .selectFrom("request_status_links as l")
      .leftJoin("proposals as p", "p.id", "l.request_id")
      .select("l.id")
      .where("l.request_kind", "=", "proposal")
      .where("p.id", "is", null)
      .execute();
    expect(orphans).toEqual([]);
    const proposals = await handle.db.selectFrom("proposals").select("id").execute();
    const alerted = await handle.db.selectFrom("alert_deliveries").select("request_id").where("request_kind", "=", "proposal").execute();
    expect(alerted.map((r) => r.request_id).sort()).toEqual(proposals.map((r) => r.id).sort());
  });
});
