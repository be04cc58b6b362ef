import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { startWebhookReceiver } from "#tests/support/alert-receivers.ts";
import { queuedDelivery } from "#app/outbox/queue.server.ts";

/**
 * Several server instances on one database deliver each alert once
 * (issue 12): two worker processes start claiming the same 120 rows at the
 * same moment; every row arrives exactly once, and both processes took part.
 */
const root = new URL("../..", import.meta.url).pathname;

function workerProcess(databaseUrl: string, webhookUrl: string) {
  const child = spawn(`${root}node_modules/.bin/node`, ["tests/support/alert-worker-process.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, ALERT_WEBHOOK_URL: webhookUrl },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const done = new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? -1)));
  const ready = new Promise<void>((resolve) => child.stdout!.on("data", (chunk: Buffer) => String(chunk).includes("ready") && resolve()));
  return { child, done, ready };
}

describe.each(DIALECTS)("two instances on %s", (dialect) => {
  let handle: TestDatabase;
  let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    webhook = await startWebhookReceiver({ delayMs: 15 });
  });
  afterAll(async () => {
    await webhook.close();
    await handle.cleanup();
  });

  it("deliver each alert once", async () => {
    const at = new Date(Date.now() - 1000).toISOString();
    const rows = Array.from({ length: 120 }, (_, i) =>
      queuedDelivery({ channel: "webhook", recipient: "webhook" }, { kind: "consultation", id: i + 1, lang: "en", createdAt: at }, at),
    );
    await handle.db.insertInto("alert_deliveries").values(rows).execute();
    const url = handle.url;
    const a = workerProcess(url, `${webhook.url}/a`);
    const b = workerProcess(url, `${webhook.url}/b`);
    // Both processes connected and waiting: start them together.
    await Promise.all([a.ready, b.ready]);
    a.child.stdin!.end("go\n");
    b.child.stdin!.end("go\n");
    expect(await Promise.all([a.done, b.done])).toEqual([0, 0]);

    const ids = webhook.received.map((r) => r.json.id as number).sort((x, y) => x - y);
    expect(ids).toEqual(rows.map((r) => r.request_id));
    const byA = webhook.received.filter((r) => r.path.endsWith("/a")).length;
    const byB = webhook.received.filter((r) => r.path.endsWith("/b")).length;
    expect(byA + byB).toBe(120);
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    const states = await handle.db.selectFrom("alert_deliveries").select("status").distinct().execute();
    expect(states).toEqual([{ status: "delivered" }]);
  }, 30_000);
});
