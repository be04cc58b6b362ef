import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { test, expect } from "#tests/e2e/fixtures.ts";
import { PASSWORD, TOTP_SECRET, totpNow } from "#tests/e2e/console/fixtures.ts";
import { freePort, RawConnection, rawRequest, spawnServer, type RawResponse, type SpawnedServer } from "#tests/support/raw-http.ts";
import { hostileParam } from "#tests/support/hostile-values.ts";
import { SAMPLE_CONSULTATION_FORM } from "#tests/support/consultation-sample.ts";

/**
 * Issue 29, point 2: whatever a client puts in a parameter or a form field of
 * a route that redirects or sets a header (Location, Set-Cookie,
 * Content-Disposition), signed in or not, the answer is a 2xx, 3xx or 4xx and
 * every header line is printable ASCII. Values are made by fast-check (any
 * Unicode, Latin-1, CR/LF, NUL, very long, encoded twice), sent as raw HTTP
 * over node:net to a server of the build on its own port and database, so
 * nothing normalises them on the way and the bytes that come back are read
 * as they are. The server's log is read too: every line JSON, a refused
 * value logged as one `header.refused` line that does not carry it.
 */
test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

const NODE = "node_modules/.bin/node";
const EMAIL = "header-values@example.com";
const RUNS = 25;

let server: SpawnedServer;
let session = "";

async function ask(method: "GET" | "POST", target: string, body?: string, cookie?: string): Promise<RawResponse | null> {
  const headers: Record<string, string | number> = { Host: `127.0.0.1:${server.port}`, Connection: "close" };
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined)
    Object.assign(headers, { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body, "latin1") });
  const connection = await RawConnection.open(server.port);
  try {
    connection.write(rawRequest(method, target, headers, body === undefined ? undefined : Buffer.from(body, "latin1")));
    return await connection.response();
  } finally {
    connection.destroy();
  }
}

/** The cookies an answer sets, as a Cookie header would send them back. */
function cookiesOf(response: RawResponse | null): string {
  return (response?.lines ?? [])
    .filter((line) => /^set-cookie:/i.test(line))
    .map((line) =>
      line
        .slice(line.indexOf(":") + 1)
        .split(";")[0]!
        .trim(),
    )
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

test.beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "header-values-"));
  const env = { ...process.env, DATABASE_URL: `file:${join(dir, "db.sqlite")}`, APP_SECRET_FILE: join(dir, "secret") };
  server = await spawnServer(await freePort(), { DATABASE_URL: env.DATABASE_URL, APP_SECRET_FILE: env.APP_SECRET_FILE });
  execFileSync(NODE, ["scripts/admin-create.ts", "--email", EMAIL], { input: `${PASSWORD}\n`, env, stdio: ["pipe", "ignore", "inherit"] });
  execFileSync(NODE, ["tests/support/admin-seed.ts", "totp", JSON.stringify({ email: EMAIL, secret: TOTP_SECRET })], {
    env,
    stdio: "ignore",
  });
  const password = await ask("POST", "/admin/sign-in", `email=${encodeURIComponent(EMAIL)}&password=${encodeURIComponent(PASSWORD)}`);
  expect(password?.headers.location).toBe("/admin/sign-in/code");
  const code = await ask("POST", "/admin/sign-in/code", `code=${totpNow(TOTP_SECRET)}`, cookiesOf(password));
  session = cookiesOf(code);
  expect(session).toMatch(/^admin_session=/);
});
test.afterAll(async () => {
  await server?.stop();
});

// First: the fuzzing below has the parser refuse more than a minute's worth of lines.
test("a request Node's parser refuses is answered 400 and logged by the server as one line, without its bytes", async () => {
  const before = server.output().stdout.length;
  const connection = await RawConnection.open(server.port);
  connection.write(Buffer.from(`GET / HTTP/1.1\r\nHost: x\r\nno colon secret-bytes\r\n\r\n`, "latin1"));
  expect((await connection.response())?.status).toBe(400);
  connection.destroy();
  await expect.poll(() => server.output().stdout.slice(before)).toContain('"event":"http.refused"');
  expect(server.output().stdout.slice(before)).not.toContain("secret-bytes");
});

/** A route's request, its parameters and fields hostile. */
interface Case {
  name: string;
  signedIn: boolean;
  /** The fields, each a hostile value already on the wire. */
  fields: string[];
  request: (values: string[]) => { method: "GET" | "POST"; target: string; body?: string };
}

const form = (pairs: [string, string][]) => pairs.map(([name, value]) => `${name}=${value}`).join("&");
const consultationFields = Object.keys(SAMPLE_CONSULTATION_FORM);

const CASES: Case[] = [
  {
    name: "a public page's ?lang= (the lang cookie)",
    signedIn: false,
    fields: ["lang", "x"],
    request: ([lang, x]) => ({ method: "GET", target: `/information-service/loan?lang=${lang}&x=${x}` }),
  },
  {
    name: "a partner's /go/<key>",
    signedIn: false,
    fields: ["key", "url"],
    request: ([key, url]) => ({ method: "GET", target: `/go/${key}?url=${url}` }),
  },
  {
    name: "a console page without a session (to sign-in with next)",
    signedIn: false,
    fields: ["path", "q"],
    request: ([path, q]) => ({ method: "GET", target: `/admin/${path}?q=${q}` }),
  },
  {
    name: "the sign-in page's ?next=",
    signedIn: false,
    fields: ["next", "done"],
    request: ([next, done]) => ({ method: "GET", target: `/admin/sign-in?next=${next}&done=${done}` }),
  },
  {
    name: "the sign-in form",
    signedIn: false,
    fields: ["email", "password", "next"],
    request: (v) => ({
      method: "POST",
      target: "/admin/sign-in",
      body: form([
        ["email", v[0]!],
        ["password", v[1]!],
        ["next", v[2]!],
      ]),
    }),
  },
  {
    name: "the second step without its cookie",
    signedIn: false,
    fields: ["code"],
    request: ([code]) => ({ method: "POST", target: "/admin/sign-in/code", body: `code=${code}` }),
  },
  {
    name: "the console's language switch",
    signedIn: false,
    fields: ["lang", "next"],
    request: ([lang, next]) => ({ method: "POST", target: "/admin/lang", body: `lang=${lang}&next=${next}` }),
  },
  {
    name: "a password link",
    signedIn: false,
    fields: ["token"],
    request: ([token]) => ({ method: "GET", target: `/admin/password/${token}` }),
  },
  {
    name: "the encrypted download without a session",
    signedIn: false,
    fields: ["kind", "from", "to"],
    request: ([kind, from, to]) => ({ method: "GET", target: `/admin/export?file=${kind}${from}${to}` }),
  },
  {
    name: "the consultation form (a redirect and a flash cookie)",
    signedIn: false,
    fields: ["lang", ...consultationFields],
    request: ([lang, ...values]) => ({
      method: "POST",
      target: `/loan-consultation?lang=${lang}`,
      body: form(consultationFields.map((name, i) => [name, values[i]!])),
    }),
  },
  {
    name: "the counter inquiry form (a redirect)",
    signedIn: false,
    fields: ["type", "name", "phone"],
    request: ([type, name, phone]) => ({
      method: "POST",
      target: "/company/hitachi",
      body: form([
        ["type", type!],
        ["name", name!],
        ["phone", phone!],
        ["agree", "Y"],
      ]),
    }),
  },
  {
    name: "the sign-in page's ?next= signed in (a redirect to it)",
    signedIn: true,
    fields: ["next"],
    request: ([next]) => ({ method: "GET", target: `/admin/sign-in?next=${next}` }),
  },
  {
    name: "the console's language switch signed in",
    signedIn: true,
    fields: ["lang", "next"],
    request: ([lang, next]) => ({ method: "POST", target: "/admin/lang", body: `lang=${lang}&next=${next}` }),
  },
  {
    name: "the encrypted download's address signed in",
    signedIn: true,
    fields: ["kind", "from", "to"],
    request: ([kind, from, to]) => ({ method: "GET", target: `/admin/export?file=${kind}&from=${from}&to=${to}` }),
  },
  {
    name: "the export page of a kind, hostile dates",
    signedIn: true,
    fields: ["from", "to"],
    request: ([from, to]) => ({ method: "GET", target: `/admin/downloads?kind=consultation&from=${from}&to=${to}` }),
  },
  {
    name: "a console page signed in",
    signedIn: true,
    fields: ["path", "q"],
    request: ([path, q]) => ({ method: "GET", target: `/admin/${path}?q=${q}` }),
  },
];

const PRINTABLE_ASCII = /^[\x20-\x7e\t]*$/;

// Before the cases below: their refusals would share its second, and the log writes repeats of one
// kind once a second with a count (app/lib/logger.server.ts), so its own line might be the one held back.
test("a refused redirect target goes to the default, with one JSON line that does not carry it", async () => {
  const before = server.output().stdout.length;
  const response = await ask("POST", "/admin/lang", `lang=en&next=${encodeURIComponent("//evil.example.com/secret-path")}`, session);
  expect(response?.status).toBe(302);
  expect(response?.headers.location).toBe("/admin");
  // Complete lines only: the request's own line is written when the answer has gone.
  const lines = () => server.output().stdout.slice(before).split("\n").slice(0, -1);
  const refused = () =>
    lines()
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((record) => record.event === "header.refused");
  await expect.poll(() => lines().some((line) => line.includes('"event":"request"'))).toBe(true);
  expect(refused()).toEqual([expect.objectContaining({ kind: "path", reason: "other_site", length: 30 })]);
  expect(lines().join("\n")).not.toContain("secret-path");
});

for (const c of CASES) {
  test(`${c.name}: 2xx, 3xx or 4xx, every header ASCII`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.tuple(...c.fields.map(() => hostileParam)), async (values) => {
        const { method, target, body } = c.request(values);
        const response = await ask(method, target, body, c.signedIn ? session : undefined);
        expect(response, "an answer").not.toBeNull();
        expect(response!.status).toBeGreaterThanOrEqual(200);
        expect(response!.status).toBeLessThan(500);
        for (const line of response!.lines) expect(line).toMatch(PRINTABLE_ASCII);
      }),
      { numRuns: RUNS },
    );
  });
}

test("the server's log stays one JSON object a line, whatever was sent", () => {
  const { stdout } = server.output();
  for (const line of stdout.split("\n").slice(0, -1)) expect(() => JSON.parse(line), line.slice(0, 200)).not.toThrow();
});
