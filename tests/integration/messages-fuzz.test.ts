import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, testContext, testServices } from "#tests/support/services.ts";
import { formOutcome } from "#tests/support/form-result.ts";
import { FORMS, SVC, svcRequest } from "#tests/support/public-actions.ts";
import { flatten, type Message } from "#app/i18n/format.ts";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { ENDPOINTS } from "#app/features/openapi/document.server.ts";

/**
 * Issue 16, point 6: every message a client can see comes from the catalogs,
 * in the request's language — never a library's own words ("Invalid key:
 * Expected …"). Each `/svc/*` endpoint and each form action gets a few hundred
 * bodies made by mutating its valid example (a seeded generator, so a failure
 * replays): fields dropped, given other types, odd text, junk fields, the
 * whole body replaced. Every answer is a 2xx, 400, 413, 415 or 429 whose
 * message and field errors are catalog strings of the request's language
 * (forms: catalog keys, which the page translates).
 */

/** Every string of a language's catalogs (its own and the shared ones), and every key. */
function catalogOf(locale: Locale) {
  const messages: Record<string, Message> = {};
  for (const dir of [locale, "shared"])
    for (const file of readdirSync(`locales/${dir}`))
      flatten(JSON.parse(readFileSync(`locales/${dir}/${file}`, "utf8")), file.replace(/\.json$/, ""), messages);
  const texts = new Set(Object.values(messages).flatMap((m) => (typeof m === "string" ? [m] : Object.values(m))));
  return { texts, keys: new Set(Object.keys(messages)) };
}

/** mulberry32: a small seeded generator, so every run sends the same bodies. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = ReturnType<typeof random>;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

const ODD_TEXT = [
  "",
  " ",
  "\u200b",
  "\u0000",
  "x".repeat(6000),
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "٠١٢",
  "😀",
  "NaN",
  "-1",
  "1e999",
];
function oddValue(rand: Rand, depth = 0): unknown {
  const kind = Math.floor(rand() * (depth > 1 ? 6 : 8));
  switch (kind) {
    case 0:
      return null;
    case 1:
      return pick(rand, [true, false]);
    case 2:
      return pick(rand, [0, -1, 1.5, 2 ** 53, -(2 ** 31), 42]);
    case 3:
    case 4:
      return pick(rand, ODD_TEXT);
    case 5:
      return undefined;
    case 6:
      return [oddValue(rand, depth + 1), oddValue(rand, depth + 1)];
    default:
      return { [pick(rand, ["a", "__proto__", "constructor", "x"])]: oddValue(rand, depth + 1) };
  }
}

/** One mutation of a valid body. */
function mutate(rand: Rand, valid: Record<string, unknown>): unknown {
  const body: Record<string, unknown> = structuredClone(valid);
  const keys = Object.keys(body);
  const roll = rand();
  if (roll < 0.05) return pick(rand, [null, [], "text", 7, [valid]]);
  for (let i = 0, n = 1 + Math.floor(rand() * 3); i < n; i++) {
    const key = pick(rand, keys);
    const what = rand();
    if (what < 0.3) delete body[key];
    else if (what < 0.85) body[key] = oddValue(rand);
    else body[pick(rand, ["extra", "website", "agree_yn", "submission_id"])] = oddValue(rand);
  }
  return body;
}

const ROUNDS = 60;
const ALLOWED = new Set([200, 400, 413, 415, 429]);

/** The form fields of a mutated body: what a browser could post (strings, repeated or missing). */
function formBody(body: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (body && typeof body === "object" && !Array.isArray(body))
    for (const [k, value] of Object.entries(body))
      for (const item of Array.isArray(value) ? value : [value])
        if (item !== undefined) params.append(k, typeof item === "string" ? item : JSON.stringify(item));
  return params;
}

describe.each(DIALECTS)("no message outside the catalogs, on %s", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  });
  afterAll(async () => handle.cleanup());

  describe.each(ENDPOINTS.map((e) => [e.path, e] as const))("%s", (path, endpoint) => {
    it.each([...LOCALES])("answers %s in the catalog's words, whatever the body", async (locale) => {
      const { texts } = catalogOf(locale);
      const rand = random(path.length * 31 + locale.charCodeAt(0));
      const valid = endpoint.examples.valid!.value as Record<string, unknown>;
      const base =
        endpoint.contentType === "multipart/form-data" ? (JSON.parse(valid.json_param as string) as Record<string, unknown>) : valid;
      const context = testContext(testServices(handle.db), locale, `10.9.${locale.length}.${path.length}`);
      for (let round = 0; round < ROUNDS; round++) {
        const body = mutate(rand, base);
        const res = await callAction(SVC[path]!, svcRequest(path, endpoint.contentType, body), context);
        const what = `${path} ${locale} ${JSON.stringify(body)?.slice(0, 300)} → ${res.status} ${JSON.stringify(res.json)?.slice(0, 300)}`;
        expect(ALLOWED.has(res.status), what).toBe(true);
        if (res.status === 200) continue;
        expect(texts.has(res.json.message), what).toBe(true);
        for (const message of Object.values((res.json.errors ?? {}) as Record<string, string>)) expect(texts.has(message), what).toBe(true);
      }
    });
  });

  describe.each(FORMS.map((f) => [f.path, f] as const))("the form %s", (path, form) => {
    it("answers every body with catalog keys only", async () => {
      const { keys } = catalogOf("en");
      const rand = random(path.length * 17);
      const context = testContext(testServices(handle.db), "en", `10.8.0.${path.length}`);
      for (let round = 0; round < ROUNDS; round++) {
        const body = mutate(rand, form.valid);
        const request = new Request(`http://localhost${path}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: formBody(body),
        });
        const outcome = formOutcome(await (form.action as (a: unknown) => Promise<unknown>)({ request, context, params: {} }));
        const what = `${path} ${JSON.stringify(body)?.slice(0, 300)} → ${outcome.status} ${JSON.stringify(outcome.body)?.slice(0, 300)}`;
        expect([200, 302, 303, 400, 429].includes(outcome.status), what).toBe(true);
        const errors = ((outcome.body as { errors?: Record<string, string> } | undefined)?.errors ?? {}) as Record<string, string>;
        for (const key of Object.values(errors)) expect(keys.has(key), what).toBe(true);
      }
    });
  });
});
