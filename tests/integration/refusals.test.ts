import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "#db/connect.ts";
import { silentLogger } from "#app/lib/logger.server.ts";
import { createRateLimiter } from "#app/lib/rate-limit.server.ts";
import { waitMessage, type FormResult } from "#app/lib/form-result.ts";
import { flatten, type Message } from "#app/i18n/format.ts";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { createDependencyWatch } from "#app/web/dependency-watch.server.ts";
import { isUnavailable, UNAVAILABLE_RETRY_AFTER_S } from "#app/web/refusals.ts";
import { ENDPOINTS } from "#app/features/openapi/document.server.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, testContext, testServices } from "#tests/support/services.ts";
import { formOutcome } from "#tests/support/form-result.ts";
import { FORMS, SVC, formRequest, svcRequest } from "#tests/support/public-actions.ts";
import { formDataOf, type Part } from "#tests/support/multipart.ts";
import { phoneJpeg } from "#tests/support/images.ts";
import { paramsOf, routeFiles, withParams } from "#tests/support/route-list.ts";

/**
 * Issue 39, item 3: every refusal with its real status and its reason. This
 * walks every endpoint and form a visitor can post, and every route of
 * app/routes.ts:
 * - over the rate limit: 429, Retry-After, and words in the visitor's
 *   language that say so and when to try again;
 * - the database away: 503, Retry-After, the same, and a form comes back
 *   with what was typed;
 * - a loader that meets the database away answers or refuses with the 503
 *   refusal the root's error page renders, never an error of another kind
 *   (which would be a 500 "something went wrong").
 */

/** A language's messages, its own and the shared ones, by key. */
function catalog(locale: Locale): Record<string, Message> {
  const messages: Record<string, Message> = {};
  for (const dir of [locale, "shared"])
    for (const file of readdirSync(`locales/${dir}`))
      flatten(JSON.parse(readFileSync(`locales/${dir}/${file}`, "utf8")), file.replace(/\.json$/, ""), messages);
  return messages;
}

/** A plural message with its count put in, as the visitor reads it. */
function said(locale: Locale, key: string, count: number): string {
  const message = catalog(locale)[key];
  const forms = typeof message === "string" ? { other: message } : (message ?? {});
  const form = new Intl.PluralRules(locale).select(count);
  const text = (forms as Record<string, string>)[form] ?? (forms as Record<string, string>).other;
  expect(text, `${locale} ${key}`).toBeTruthy();
  expect(text, `${locale} ${key} says the seconds`).toContain("{count}");
  return text!.replace("{count}", String(count));
}

const example = (path: string) => {
  const endpoint = ENDPOINTS.find((e) => e.path === path)!;
  return { contentType: endpoint.contentType, body: endpoint.examples.valid!.value };
};

/** The endpoint's valid example as a request: the A/S request's multipart carries a real photo. */
async function validRequest(path: string): Promise<Request> {
  const { contentType, body } = example(path);
  if (contentType !== "multipart/form-data") return svcRequest(path, contentType, body);
  const parts: Part[] = [
    { name: "json_param", value: (body as { json_param: string }).json_param },
    { name: "file_param", data: await phoneJpeg(), filename: "photo.jpg", type: "image/jpeg" },
  ];
  return new Request(`http://localhost${path}`, { method: "POST", body: formDataOf(parts) });
}

describe.each(DIALECTS)("over the rate limit, on %s", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  });
  afterAll(async () => handle.cleanup());

  // One request a minute per address and bucket: the second is refused.
  const limited = () => testServices(handle.db, { limiter: createRateLimiter({ max: 1, windowMs: 60_000 }) });

  describe.each(Object.keys(SVC))("%s", (path) => {
    it.each([...LOCALES])("answers 429 with Retry-After and, in %s, that it was too many and when to try again", async (locale) => {
      const app = limited();
      await callAction(SVC[path]!, await validRequest(path), testContext(app, locale));
      const refused = await callAction(SVC[path]!, await validRequest(path), testContext(app, locale));
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(0);
      expect(refused.json).toEqual({ res_status: 429, message: said(locale, "api.rate_limited", wait), errors: {} });
    });
  });

  describe.each(FORMS.map((f) => [f.path, f] as const))("the form of %s", (path, form) => {
    it("answers 429 with Retry-After, and a result whose message says when to try again in every language", async () => {
      const app = limited();
      const post = async () =>
        formOutcome(
          await (form.action as (a: unknown) => Promise<unknown>)({
            request: formRequest(path, form.valid),
            context: testContext(app),
            params: {},
          }),
        );
      await post();
      const refused = await post();
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(0);
      const result = refused.body as unknown as FormResult;
      expect(result).toMatchObject({ status: "failed", reason: "rate_limited", retryAfter: wait });
      const message = waitMessage(result)!;
      for (const locale of LOCALES) expect(said(locale, message.key, wait)).toMatch(/\d/);
    });
  });
});

describe("the database away (PostgreSQL refuses the connection)", () => {
  let handle: DatabaseHandle;
  beforeAll(() => {
    handle = connect("postgres://postgres@127.0.0.1:1/postgres", { watch: createDependencyWatch(silentLogger) });
  });
  afterAll(() => handle.close().catch(() => {}));
  const away = () => testServices(handle.db);

  describe.each(Object.keys(SVC).filter((path) => path !== "/svc/og/list"))("%s", (path) => {
    it.each([...LOCALES])(
      "answers 503 with Retry-After and, in %s, that the service is briefly away and when to try again",
      async (locale) => {
        const refused = await callAction(SVC[path]!, await validRequest(path), testContext(away(), locale));
        expect(refused.status).toBe(503);
        expect(refused.headers.get("retry-after")).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
        expect(refused.json).toEqual({ res_status: 503, message: said(locale, "api.unavailable", UNAVAILABLE_RETRY_AFTER_S), errors: {} });
      },
    );
  });

  describe.each(FORMS.map((f) => [f.path, f] as const))("the form of %s", (path, form) => {
    it("answers 503 with Retry-After and the form again with what was typed, its message in every language", async () => {
      const refused = formOutcome(
        await (form.action as (a: unknown) => Promise<unknown>)({
          request: formRequest(path, form.valid),
          context: testContext(away()),
          params: {},
        }),
      );
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
      const result = refused.body as unknown as FormResult;
      expect(result).toMatchObject({ status: "failed", reason: "unavailable", retryAfter: UNAVAILABLE_RETRY_AFTER_S });
      const typed = result.status === "failed" ? (result.values ?? {}) : {};
      for (const [name, value] of Object.entries(form.valid)) if (value && name !== "agree") expect(typed[name], name).toBe(value);
      const message = waitMessage(result)!;
      for (const locale of LOCALES) expect(said(locale, message.key, UNAVAILABLE_RETRY_AFTER_S)).toMatch(/\d/);
    });
  });

  it.each(routeFiles().map((r) => [r.path || "/", r] as const))(
    "%s: its loader answers, or refuses with the 503 the error page says, or a status of its own; never another error",
    async (_path, route) => {
      const module = (await import(`#app/${route.file}`)) as { loader?: (args: unknown) => unknown };
      if (!module.loader) return;
      const path = withParams(route.path);
      const params = paramsOf(route.path);
      let outcome: unknown;
      try {
        outcome = await module.loader({ request: new Request(`http://localhost${path}`), context: testContext(away()), params });
      } catch (thrown) {
        outcome = thrown;
      }
      if (outcome instanceof Error) {
        // The one error a loader may let through: the database away, which React Router answers 503.
        expect(isUnavailable(outcome), `${route.file}: ${String(outcome)}`).toBe(true);
      } else if (outcome instanceof Response) {
        expect(outcome.status, route.file).not.toBe(500);
      }
    },
  );
});
