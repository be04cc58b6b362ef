import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, expect } from "#tests/e2e/fixtures.ts";
import { DIALECTS, freshDatabase } from "#tests/support/databases.ts";
import { startWebhookReceiver, validSignature } from "#tests/support/alert-receivers.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { freePort } from "#tests/support/raw-http.ts";

/**
 * An alert is never lost (issue 12): a server killed (SIGKILL) right after it
 * answered 200 to a consultation has its alert delivered by the server that
 * starts next on the same database. Real servers of this build, a real
 * webhook receiver, on each dialect the test run has.
 */
const SECRET = "restart-secret-0123456789";
/** The shortest lease the server takes (one attempt's 10 s and a second). */
const LEASE_MS = 11_000;

function startServer(port: number, databaseUrl: string, dir: string, webhookUrl: string): ChildProcess {
  return spawn(process.execPath, ["--max-semi-space-size=4", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      APP_SECRET_FILE: join(dir, "secret"),
      ALERT_WEBHOOK_URL: webhookUrl,
      ALERT_WEBHOOK_SECRET: SECRET,
      PUBLIC_ORIGIN: "https://loans.example.com",
      LOG_LEVEL: "warn",
      // A row the killed server had claimed comes back after this lease (30 s in production).
      ALERT_CLAIM_LEASE_MS: String(LEASE_MS),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function healthy(port: number) {
  await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status, { timeout: 15_000 }).toBe(200);
}

for (const dialect of DIALECTS) {
  test(`a server killed right after the 200 has the alert delivered by the next one (${dialect})`, async () => {
    test.setTimeout(90_000);
    const database = await freshDatabase(dialect);
    const dir = mkdtempSync(join(tmpdir(), "alerts-restart-"));
    const receiver = await startWebhookReceiver();
    const port = await freePort();
    let server: ChildProcess | undefined;
    try {
      // An attempt of the first server (if it gets to one at all) is never answered.
      receiver.hold(true);
      server = startServer(port, database.url, dir, receiver.url);
      await healthy(port);
      const response = await fetch(`http://127.0.0.1:${port}/svc/answer/create`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(sampleConsultation({ submissionId: `restart-${dialect}-${Date.now()}` })),
      });
      server.kill("SIGKILL");
      expect(response.status).toBe(200);
      await once(server, "exit");
      expect(receiver.received).toHaveLength(0);
      receiver.hold(false);

      server = startServer(port, database.url, dir, receiver.url);
      await healthy(port);
      // At once when the first server died before its worker claimed the row; after the
      // lease (LEASE_MS) when it died in the middle of an attempt.
      await expect.poll(() => receiver.received.length, { timeout: 45_000 }).toBe(1);
      const [hook] = receiver.received;
      expect(validSignature(SECRET, hook!.raw, hook!.signature)).toBe(true);
      expect(hook!.json).toMatchObject({
        event: "request.created",
        kind: "consultation",
        url: expect.stringMatching(/^https:\/\/loans\.example\.com\/admin\/requests\/consultation\/\d+$/),
      });
      expect(hook!.raw).not.toContain("NGUYEN");
    } finally {
      if (server && server.exitCode === null) {
        server.kill("SIGTERM");
        await once(server, "exit");
      }
      await receiver.close();
      await database.cleanup();
    }
  });
}
