import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, expect } from "#tests/e2e/fixtures.ts";
import { E2E_PORT } from "#tests/support/e2e-env.ts";
import { spawnServer, type SpawnedServer } from "#tests/support/raw-http.ts";
import { startFakePushService } from "#tests/support/alert-receivers.ts";
import { dialToPush } from "#tests/support/dial-to-push.ts";

/**
 * Issue 38 through the production server as it runs (server/main.ts: the
 * alerts' worker from source, the texts from the app's bundle): an agent's
 * tap to dial reaches the visitor's push service once, within seconds. The
 * integration tests run the worker inside Vitest, where the catalogs load
 * anyway; this is the test that failed while the real server could not
 * write a visitor's notification.
 */
test.describe.configure({ mode: "serial" });

let server: SpawnedServer;
let push: Awaited<ReturnType<typeof startFakePushService>>;
const port = E2E_PORT + 11;
const file = join(mkdtempSync(join(tmpdir(), "dial-")), "db.sqlite");

test.beforeAll(async () => {
  push = await startFakePushService();
  server = await spawnServer(port, { DATABASE_URL: `file:${file}`, PUSH_ALLOW_HOSTS: push.host, RATE_LIMIT_DISABLED: "1" });
});
test.afterAll(async () => {
  await server?.stop();
  await push?.close();
});

test("a tap to dial reaches the visitor's phone once, in seconds", async () => {
  const result = await dialToPush({ base: `http://127.0.0.1:${port}`, databaseUrl: `file:${file}`, push, requests: 3 });
  expect(result).toMatchObject({ expected: 3, received: 3, twice: 0 });
  expect(result.p95Ms).toBeLessThan(2000);
  expect(server.output().stdout).not.toContain("alert.attempt_failed");
});
