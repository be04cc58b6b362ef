import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, expect } from "#tests/e2e/fixtures.ts";

/**
 * Graceful shutdown (issue 2): on SIGTERM the server stops taking
 * connections, lets the request in flight finish, closes the database and
 * exits 0. Runs a second server of the same build on its own port.
 */
test("SIGTERM lets in-flight requests finish, closes the database and exits 0", async () => {
  const port = 3190 + Math.floor(Math.random() * 9);
  const dir = mkdtempSync(join(tmpdir(), "shutdown-"));
  const server = spawn(process.execPath, ["server/main.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: `file:${join(dir, "db.sqlite")}`, APP_SECRET_FILE: join(dir, "secret"), LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let logs = "";
  server.stdout!.on("data", (chunk) => (logs += String(chunk)));
  const exited = once(server, "exit");
  try {
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status, { timeout: 15_000 }).toBe(200);
    // A request in flight when the signal arrives still gets its whole answer.
    const inFlight = fetch(`http://127.0.0.1:${port}/information-service/loan-faq?lang=my`).then(async (r) => ({ status: r.status, body: await r.text() }));
    await new Promise((r) => setTimeout(r, 5));
    server.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.body).toContain("</html>");
    const [code] = await exited;
    expect(code).toBe(0);
    expect(logs).toContain('"event":"server.stopping"');
    expect(logs).toContain('"event":"server.stopped"');
    // No new connections after it stopped.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
  }
});
