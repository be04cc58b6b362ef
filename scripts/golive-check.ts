/**
 * The go-live check (issues 36 and 47): `npm run golive:check` asks the
 * running server for its findings (POST /admin/go-live/findings, with a
 * token made from the server's APP_SECRET), so it reports what the server
 * itself runs with: its environment, its settings, the public pages as it
 * renders them, and a test alert sent through every configured channel. It
 * prints each finding with where it is fixed (links on the server's real
 * origin) and exits 1 while anything is left, 0 when none, 2 when it could
 * not ask the server. The server is http://127.0.0.1:PORT (HOST when that is
 * one address), or `--server URL`. Prints no secret.
 */
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { scriptSettings } from "#server/config.ts";
import { adminTranslate, type AdminMessages, type AdminT } from "#app/features/console/i18n.ts";
import { GOLIVE_PATH, goLiveAuthorization, type GoLiveAnswer } from "#app/features/go-live/remote.server.ts";
import { findingLines } from "#app/features/go-live/lines.ts";

const settings = scriptSettings("golive:check");
const { values } = parseArgs({ options: { server: { type: "string" } } });
const host = ["0.0.0.0", "::", ""].includes(settings.HOST)
  ? "127.0.0.1"
  : settings.HOST.includes(":")
    ? `[${settings.HOST}]`
    : settings.HOST;
const server = (values.server ?? `http://${host}:${settings.PORT}`).replace(/\/$/, "");
// The console's English catalog, read as data (this script runs on Node without the bundler).
const messages = JSON.parse(readFileSync(new URL("../app/features/console/i18n/en.json", import.meta.url), "utf8")) as AdminMessages;
const t: AdminT = (key, vars) => adminTranslate("en", messages, key, vars);

function fail(message: string): never {
  console.error(`golive:check: ${message}`);
  process.exit(2);
}

// The server's secret, read as the server reads it; never made here (a new one would not be the server's).
const secret =
  settings.APP_SECRET ??
  (existsSync(settings.APP_SECRET_FILE)
    ? readFileSync(settings.APP_SECRET_FILE, "utf8").trim()
    : fail(`no APP_SECRET and no ${settings.APP_SECRET_FILE}: run it with the server's settings (deploy/run.sh golive:check).`));

let response: Response;
try {
  response = await fetch(`${server}${GOLIVE_PATH}`, {
    method: "POST",
    headers: { authorization: goLiveAuthorization(secret) },
    signal: AbortSignal.timeout(120_000),
  });
} catch {
  fail(`no server answers at ${server}. Start it (npm run serve), or name it: npm run golive:check -- --server http://host:port`);
}
if (response.status === 401)
  fail(
    `the server at ${server} refused the check: this run's APP_SECRET is not the server's. Run it with the server's settings (deploy/run.sh golive:check).`,
  );
if (!response.ok) fail(`the server at ${server} answered HTTP ${response.status}.`);
const answer = (await response.json()) as GoLiveAnswer;
for (const line of findingLines(answer.findings, t, answer.origin)) console.log(line);
process.exitCode = answer.findings.length ? 1 : 0;
