import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { createRateLimiter } from "#app/lib/rate-limit.server.ts";
import { silentLogger } from "#app/lib/logger.server.ts";
import { makeContext, type AppServices } from "#app/lib/services.server.ts";
import type { Alerts } from "#app/features/alerts/alerts.server.ts";
import { createSending } from "#server/outbox.ts";
import { alertsContext } from "#app/features/alerts/context.server.ts";
import type { AlertConfig } from "#app/features/alerts/config.server.ts";
import webpush from "web-push";
import { localeContext } from "#app/i18n/context.ts";
import type { Locale } from "#app/i18n/locales.ts";

/** One VAPID key pair for the whole test process (generating one takes a moment). */
const TEST_VAPID = { ...webpush.generateVAPIDKeys(), subject: "mailto:alerts@example.com" };

/** Alert settings for tests: no channel unless given, a local push allow list. */
export function testAlertConfig(overrides: Partial<AlertConfig> = {}): AlertConfig {
  return {
    origin: "https://console.example.com",
    lang: "ko",
    webhook: null,
    email: null,
    vapid: TEST_VAPID,
    pushAllowHosts: [],
    ...overrides,
  };
}

/** The APP_SECRET of the tests' services (cookies are signed and secrets sealed with it). */
export const TEST_APP_SECRET = "test-secret-test-secret-test-secret-0000";

/** The services of a test: the app's, and the alerts outbox the server would put in every context. */
export type TestServices = AppServices & { alerts: Alerts };

export function testServices(db: Kysely<Database>, overrides: Partial<TestServices> = {}): TestServices {
  return {
    db,
    log: silentLogger,
    alerts: createSending(db, testAlertConfig(), silentLogger, { secret: TEST_APP_SECRET }),
    limiter: createRateLimiter({ max: 1000, windowMs: 60_000 }),
    secret: TEST_APP_SECRET,
    secureCookies: false,
    kakaoMapAppKey: "",
    ...overrides,
  };
}

/** A router context as the server would make it, in the given language. */
export function testContext(app: TestServices, locale: Locale = "en", clientIp = "127.0.0.1") {
  return makeContext(app, { clientIp }, (c) => {
    c.set(localeContext, locale);
    c.set(alertsContext, app.alerts);
  });
}

/** A JSON POST to the given path. */
export function jsonRequest(path: string, body: unknown, init: RequestInit = {}): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(init.headers ?? {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  });
}

type ActionLike = (args: {
  request: Request;
  context: ReturnType<typeof testContext>;
  params: Record<string, string>;
}) => Promise<Response>;

/** Calls a route action the way React Router would; answers status and parsed JSON. */
export async function callAction(action: unknown, request: Request, context: ReturnType<typeof testContext>) {
  const response = await (action as ActionLike)({ request, context, params: {} });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return {
    status: response.status,
    headers: response.headers,
    json: json as Record<string, unknown> & { res_status: number; data: never; message: string; errors: Record<string, string> },
  };
}
