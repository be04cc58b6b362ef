import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "#db/connect.ts";
import { silentLogger } from "#app/lib/logger.server.ts";
import { createRateLimiter, type RateLimiter } from "#app/lib/rate-limit.server.ts";
import { createDependencyWatch } from "#app/web/dependency-watch.server.ts";
import { ENDPOINTS } from "#app/features/openapi/document.server.ts";
import { STATUS_MISSES_PER_WINDOW } from "#app/features/request-status/page.server.ts";
import { action as answerCreate } from "#app/routes/svc.answer.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices, type TestServices } from "#tests/support/services.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { FORMS } from "#tests/support/public-actions.ts";
import { routeFiles, withParams, type RouteFile } from "#tests/support/route-list.ts";
import { closeVite, startAppServer } from "#tests/support/app-server.ts";

/**
 * Issue 51: no refusal dressed as a success. The whole server (Express, the
 * body gate, React Router) is asked every loader and every form action of
 * app/routes.ts — as a document and as the data request a page with
 * JavaScript makes — from each refused state it has: the status page's
 * guard spent, the rate limits spent, the body gate full, the database
 * away. A refusal answers 4xx/5xx, with Retry-After where waiting helps
 * (429, 503); no answer is a 200 that shows a refusal (an action's 200
 * followed by a loader's refusal was one); none is a 500.
 */

type Kind = "GET" | "GET .data" | "POST" | "POST .data";
interface Answer {
  route: string;
  kind: Kind;
  url: string;
  status: number;
  retryAfter: string | null;
  refusalShown: boolean;
}

/** What a route module exports, as far as this walk cares. */
interface Walked extends RouteFile {
  loader: boolean;
  action: boolean;
  page: boolean;
}

async function walkable(): Promise<Walked[]> {
  const walked: Walked[] = [];
  for (const route of routeFiles()) {
    const module = (await import(`#app/${route.file}`)) as Record<string, unknown>;
    walked.push({ ...route, loader: !!module.loader, action: !!module.action, page: !!module.default });
  }
  return walked;
}

const ROUTES = await walkable();

/** The body each action is posted: a form's valid values, an endpoint's valid example, the status page's "close my request". */
function bodyOf(path: string): { type: string; body: string } {
  const form = FORMS.find((f) => f.path === path);
  if (form) return { type: "application/x-www-form-urlencoded", body: new URLSearchParams(form.valid).toString() };
  const endpoint = ENDPOINTS.find((e) => e.path === path);
  if (endpoint?.contentType === "application/json")
    return { type: "application/json", body: JSON.stringify(endpoint.examples.valid!.value) };
  return { type: "application/x-www-form-urlencoded", body: "intent=withdraw" };
}

/** The words of a refusal (en): the root's error pages, the body gate's page and the status page's message beside its forms. */
const REFUSAL_WORDS = ["Too many requests", "Briefly unavailable", "We are busy right now", "Something went wrong", "Too many attempts"];

/** Whether an answer shows a refusal: its page (scripts aside: they carry the whole catalog), its data or its JSON envelope says so. */
function showsRefusal(body: string, as: "page" | "data" | "resource"): boolean {
  if (as === "resource") return /"res_status":\s*(429|503)/.test(body);
  if (as === "data") return /"refusal"|"rate_limited"|"unavailable"/.test(body);
  const visible = body.replace(/<script[\s\S]*?<\/script>/g, " ");
  return REFUSAL_WORDS.some((words) => visible.includes(words));
}

/** Every loader and every action of app/routes.ts, asked as a browser with and without JavaScript would. */
async function walk(origin: string, given: Record<string, string>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const route of ROUTES) {
    if (!route.loader && !route.action) continue;
    const path = withParams(route.path, given);
    const dataPath = path === "/" ? "/_root.data" : `${path}.data`;
    const asks: { kind: Kind; url: string; post: boolean }[] = [];
    if (route.loader) {
      asks.push({ kind: "GET", url: path, post: false });
      if (route.page) asks.push({ kind: "GET .data", url: dataPath, post: false });
    }
    if (route.action) {
      asks.push({ kind: "POST", url: path, post: true });
      if (route.page) asks.push({ kind: "POST .data", url: dataPath, post: true });
    }
    for (const ask of asks) {
      const { type, body } = bodyOf(route.path);
      const response = await fetch(`${origin}${ask.url}?lang=en`, {
        method: ask.post ? "POST" : "GET",
        headers: ask.post ? { origin, "content-type": type } : {},
        body: ask.post ? body : undefined,
        redirect: "manual",
      });
      const text = await response.text();
      answers.push({
        route: route.path || "/",
        kind: ask.kind,
        url: ask.url,
        status: response.status,
        retryAfter: response.headers.get("retry-after"),
        refusalShown: showsRefusal(text, !route.page ? "resource" : ask.kind.endsWith(".data") ? "data" : "page"),
      });
    }
  }
  return answers;
}

/** What every answer of every state holds: a refusal is never a 200 nor a 500, and a 429 or a 503 says when to try again. */
function problems(answers: Answer[]): string[] {
  return answers.flatMap((a) => {
    const where = `${a.kind} ${a.url} → ${a.status}`;
    const out: string[] = [];
    if (a.status < 400 && a.refusalShown) out.push(`${where}: shows a refusal with a success status`);
    if (a.status === 500) out.push(`${where}: a 500`);
    if ((a.status === 429 || a.status === 503) && !(Number(a.retryAfter) > 0)) out.push(`${where}: no Retry-After`);
    return out;
  });
}

/**
 * The posts a refused state let through: any 200, and a visitor's (outside
 * the console) that is not a 4xx/5xx. The console's posts, signed out, are
 * sent to its sign-in (a redirect: 302, or 202 as a data request).
 */
const postsLetThrough = (answers: Answer[]) =>
  answers
    .filter((a) => a.kind.startsWith("POST") && (a.status === 200 || (a.status < 400 && !a.url.startsWith("/admin/"))))
    .map((a) => `${a.kind} ${a.url} → ${a.status}`);

/** Every bucket spent: each hit must wait; the status page's guard (a peek) left alone. */
const spentLimiter = (): RateLimiter => ({ hit: async () => 42, peek: async () => 0 });

afterAll(() => closeVite());

describe.each(DIALECTS)("every route from each refused state, on %s", (dialect) => {
  let handle: TestDatabase;
  let statusPath: string;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    const sent = await callAction(
      answerCreate,
      jsonRequest("/svc/answer/create", sampleConsultation({ submissionId: randomUUID() })),
      testContext(testServices(handle.db)),
    );
    statusPath = new URL((sent.json.data as { status_url: string }).status_url).pathname;
  });
  afterAll(async () => handle.cleanup());

  async function walkServer(
    services: TestServices,
    options: Parameters<typeof startAppServer>[1] = {},
    before?: (origin: string) => Promise<void>,
  ) {
    const server = await startAppServer(services, options);
    try {
      await before?.(server.origin);
      return await walk(server.origin, { token: statusPath.split("/").pop()! });
    } finally {
      await server.close();
    }
  }

  it("the status page's guard spent: its page and each of its posts answer 429 with Retry-After, with and without JavaScript", async () => {
    const services = testServices(handle.db, { limiter: createRateLimiter({ max: 1000, windowMs: 60_000 }) });
    const answers = await walkServer(services, {}, async (origin) => {
      for (let i = 0; i <= STATUS_MISSES_PER_WINDOW; i++) await fetch(`${origin}/status/${randomUUID().replace(/-/g, "").padEnd(43, "x")}`);
    });
    expect(problems(answers)).toEqual([]);
    const status = answers.filter((a) => a.route === "/status/:token");
    expect(status.map((a) => a.kind).sort()).toEqual(["GET", "GET .data", "POST", "POST .data"]);
    for (const a of status) expect([a.kind, a.status, Number(a.retryAfter) > 0]).toEqual([a.kind, 429, true]);
  }, 180_000);

  it("the rate limits spent: every action answers 4xx/5xx, a 429 with Retry-After, never 200", async () => {
    const answers = await walkServer(testServices(handle.db, { limiter: spentLimiter() }));
    expect(problems(answers)).toEqual([]);
    expect(postsLetThrough(answers)).toEqual([]);
    const status = answers.filter((a) => a.route === "/status/:token" && a.kind.startsWith("POST"));
    for (const a of status) expect([a.kind, a.status]).toEqual([a.kind, 429]);
  }, 180_000);

  it("the body gate full: every action answers 503 with Retry-After before its body is read", async () => {
    const answers = await walkServer(testServices(handle.db), { bodies: { maxBodies: 0 } });
    expect(problems(answers)).toEqual([]);
    const posts = answers.filter((a) => a.kind.startsWith("POST"));
    expect(posts.length).toBeGreaterThan(20);
    for (const a of posts) expect([a.kind, a.url, a.status, Number(a.retryAfter) > 0]).toEqual([a.kind, a.url, 503, true]);
  }, 180_000);
});

describe("every route with the database away (PostgreSQL refuses the connection)", () => {
  let away: DatabaseHandle;
  beforeAll(() => {
    away = connect("postgres://postgres@127.0.0.1:1/postgres", { watch: createDependencyWatch(silentLogger) });
  });
  afterAll(() => away.close().catch(() => {}));

  it("every loader and action answers, or refuses 4xx/5xx (a 503 with Retry-After); no action answers 200", async () => {
    const server = await startAppServer(testServices(away.db));
    try {
      const answers = await walk(server.origin, {});
      expect(problems(answers)).toEqual([]);
      expect(postsLetThrough(answers)).toEqual([]);
    } finally {
      await server.close();
    }
  }, 180_000);
});
