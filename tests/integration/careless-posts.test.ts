import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimiter } from "#app/lib/rate-limit.server.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { signedInAdmin } from "#tests/support/admin.ts";
import { routeFiles, withParams } from "#tests/support/route-list.ts";
import { closeVite, startAppServer } from "#tests/support/app-server.ts";

/**
 * "Malformed requests get 400, never 500" (engineering conventions), for
 * every form action and endpoint of app/routes.ts — the ones added since
 * (find my request, the rights page's codes, downloads, the breach page, the
 * processors, the consents, the access review) included without a list to
 * keep: the whole server is posted, as a signed-in administrator with the
 * session's own csrf token (so a post gets past the guard to the action's
 * own reading), bodies no form sends. No answer may be a 5xx.
 */
const ROUTES: { path: string; page: boolean }[] = [];
for (const route of routeFiles()) {
  const module = (await import(`#app/${route.file}`)) as Record<string, unknown>;
  // Signing out would end the session the rest of the walk posts with.
  if (module.action && !route.path.endsWith("/sign-out")) ROUTES.push({ path: route.path, page: !!module.default });
}

/** Field names the site's forms and endpoints read, so a careless body reaches the actions' own branches. */
const FIELDS = [
  "intent",
  "step",
  "phone",
  "code",
  "id",
  "reason",
  "columns",
  "lang",
  "kind",
  "value",
  "email",
  "name",
  "consent",
  "from",
  "to",
];

/** Bodies no form sends: empty, unknown intents, repeated fields, wrong types, a JSON body where a form is read and the reverse. */
function fixedBodies(csrf: string): { type: string; body: string }[] {
  const form = (fields: [string, string][]) => ({
    type: "application/x-www-form-urlencoded",
    body: new URLSearchParams([["csrf", csrf], ...fields]).toString(),
  });
  return [
    form([]),
    form([["intent", "no-such-intent"]]),
    form(
      FIELDS.flatMap((f): [string, string][] => [
        [f, "1"],
        [f, "2"],
      ]),
    ),
    form(FIELDS.map((f): [string, string] => [f, "x".repeat(5_000)])),
    form(FIELDS.map((f): [string, string] => [f, "-1e309"])),
    form([
      ["intent", "{}"],
      ["id", "[]"],
      ["step", "check"],
      ["phone", "010"],
      ["code", "0"],
    ]),
    { type: "application/json", body: JSON.stringify({ csrf, intent: ["array"], id: { nested: true } }) },
    { type: "application/json", body: "{not json" },
    { type: "text/plain", body: "intent=delete" },
  ];
}

const carelessForm = (csrf: string) =>
  fc
    .dictionary(
      fc.constantFrom(...FIELDS),
      fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: "binary", maxLength: 60 }), fc.constant("")),
      {
        maxKeys: 6,
      },
    )
    .map((fields) => ({
      type: "application/x-www-form-urlencoded",
      body: new URLSearchParams({ ...fields, csrf }).toString(),
    }));

afterAll(() => closeVite());

describe.each(DIALECTS)("careless posts to every action, on %s", (dialect) => {
  let handle: TestDatabase;
  let server: Awaited<ReturnType<typeof startAppServer>>;
  let cookie: string;
  let csrf: string;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    // One address posts everything: the limits would answer 429 before the actions read a body.
    const services = testServices(handle.db, { limiter: createRateLimiter({ max: 1_000_000, windowMs: 60_000 }) });
    ({ cookie, csrf } = await signedInAdmin(services));
    server = await startAppServer(services);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await handle?.cleanup();
  });

  /** The answers over 499: none is allowed. */
  async function send(url: string, body: { type: string; body: string }): Promise<string | null> {
    const response = await fetch(`${server.origin}${url}?lang=en`, {
      method: "POST",
      headers: { origin: server.origin, "content-type": body.type, cookie },
      body: body.body,
      redirect: "manual",
    });
    await response.arrayBuffer();
    return response.status >= 500 ? `${url} ${body.type} ${body.body.slice(0, 80)} → ${response.status}` : null;
  }

  it("walks every action of app/routes.ts", () => {
    expect(ROUTES.length).toBeGreaterThan(40);
  });

  it.each(ROUTES)(
    "$path answers careless bodies with a 4xx or a success, never a 5xx, with and without JavaScript",
    async (route) => {
      const failures: string[] = [];
      const path = withParams(route.path);
      const urls = route.page ? [path, path === "/" ? "/_root.data" : `${path}.data`] : [path];
      for (const url of urls) for (const body of fixedBodies(csrf)) failures.push((await send(url, body)) ?? "");
      // Random forms of the fields the actions read, to the document URL (a data request reads the same action).
      await fc.assert(
        fc.asyncProperty(carelessForm(csrf), async (body) => void failures.push((await send(path, body)) ?? "")),
        { numRuns: 3 },
      );
      expect(failures.filter(Boolean)).toEqual([]);
      // The go-live page's action runs the whole check (every public page read) for a body it cannot read.
    },
    60_000,
  );
});
