import type { Kysely } from "kysely";
import type { MiddlewareFunction } from "react-router";
import type { Database, OperatorRole } from "#db/schema.ts";
import { hashPassword, type ScryptParams } from "#app/features/console/password.server.ts";
import * as adminLayout from "#app/routes/admin.tsx";
import * as consoleLayout from "#app/routes/admin.console.tsx";
import * as signInRoute from "#app/routes/admin.sign-in.tsx";
import * as secondStepRoute from "#app/routes/admin.sign-in-code.tsx";
import { totpCode, totpStep } from "#app/features/console/two-step.server.ts";
import { TEST_APP_SECRET, testContext, type TestServices } from "#tests/support/services.ts";
import { seal } from "#app/lib/sealed.server.ts";

/**
 * Calling console routes the way React Router does: the layout middlewares
 * (session, guard) in order, then the loader or action; thrown responses and
 * `data()` results become Responses.
 */
export const FAST_SCRYPT: ScryptParams = { N: 1024, r: 8, p: 1 };
export const ORIGIN = "http://localhost";

/** The authenticator secret of every test operator with two-step sign-in. */
export const TEST_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/**
 * An operator with two-step sign-in set up with TEST_TOTP_SECRET, as the
 * console requires of everyone (issue 52); `twoStep: false`, one without (it
 * signs in with its password, then is sent to set it up).
 */
export async function createOperator(
  db: Kysely<Database>,
  email: string,
  password: string,
  role: OperatorRole = "admin",
  options: { twoStep?: boolean } = {},
): Promise<number> {
  const now = new Date().toISOString();
  const twoStep = options.twoStep ?? true;
  const row = await db
    .insertInto("admin_operators")
    .values({
      email,
      role,
      password_hash: await hashPassword(password, FAST_SCRYPT),
      created_at: now,
      updated_at: now,
      last_sign_in_at: null,
      // Sealed under the tests' APP_SECRET, as the console stores it (ADR 0022).
      totp_secret: twoStep ? seal(TEST_APP_SECRET, "totp", TEST_TOTP_SECRET) : null,
      totp_enabled_at: twoStep ? now : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

type Handler = (args: { request: Request; context: ReturnType<typeof testContext>; params: Record<string, string> }) => unknown;
interface RouteModule {
  loader?: unknown;
  action?: unknown;
  middleware?: unknown;
}

/** Where a console route sits: under the guarded page layout (routes/admin.console), or directly under routes/admin. */
export type Placement = "guarded" | "open";

function toResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init?: ResponseInit };
    return Response.json(data, init ?? {});
  }
  return Response.json(value ?? null);
}

export async function callRoute(
  module: RouteModule,
  placement: Placement,
  request: Request,
  services: TestServices,
  params: Record<string, string> = {},
  clientIp = "127.0.0.1",
): Promise<Response> {
  const context = testContext(services, "en", clientIp);
  const chain = [
    ...(adminLayout.middleware as MiddlewareFunction<Response>[]),
    ...(placement === "guarded" ? (consoleLayout.middleware as MiddlewareFunction<Response>[]) : []),
    ...(module === adminLayout || module === consoleLayout ? [] : ((module.middleware ?? []) as MiddlewareFunction<Response>[])),
  ];
  const handler = (request.method === "GET" || request.method === "HEAD" ? module.loader : module.action) as Handler | undefined;
  let i = 0;
  const next = async (): Promise<Response> => {
    const middleware = chain[i++];
    try {
      if (middleware)
        return toResponse(await middleware({ request, context, params, unstable_pattern: "", url: new URL(request.url) } as never, next));
      if (!handler) return new Response(null, { status: 405 });
      return toResponse(await handler({ request, context, params }));
    } catch (thrown) {
      if (
        thrown instanceof Response ||
        (thrown && typeof thrown === "object" && (thrown as { type?: string }).type === "DataWithResponseInit")
      )
        return toResponse(thrown);
      throw thrown;
    }
  };
  return next();
}

export function get(path: string, cookie?: string): Request {
  return new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
}

export function post(path: string, fields: Record<string, string>, cookie?: string): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The `name=value` part of a Set-Cookie header, for the next request. */
export function cookieFrom(response: Response, name = "admin_session"): string | undefined {
  const header = response.headers.get("set-cookie") ?? "";
  const match = new RegExp(`${name}=([^;]*)`).exec(header);
  return match && match[1] ? `${name}=${match[1]}` : undefined;
}

/** The csrf token of a signed-in browser, as the console layout gives it to forms. */
export async function csrfOf(services: TestServices, cookie: string): Promise<string> {
  const response = await callRoute(adminLayout, "open", get("/admin", cookie), services);
  const body = (await response.json()) as { csrf: string | null };
  if (!body.csrf) throw new Error("not signed in");
  return body.csrf;
}

/**
 * Signs in through the real routes (password, then the authenticator code when
 * the operator has two-step sign-in) and answers the session cookie. The code
 * is today's; the operator's last used step is forgotten first, since these
 * tests sign the same operator in several times a minute (replay is tested
 * on its own, in console-two-step.test.ts).
 */
export async function signInCookie(
  services: TestServices,
  email: string,
  password: string,
  clientIp = "127.0.0.1",
  userAgent?: string,
): Promise<string> {
  const withAgent = (request: Request) => {
    if (userAgent) request.headers.set("user-agent", userAgent);
    return request;
  };
  const first = await callRoute(signInRoute, "open", withAgent(post("/admin/sign-in", { email, password })), services, {}, clientIp);
  if (first.headers.get("location") !== "/admin/sign-in/code") {
    const cookie = cookieFrom(first);
    if (!cookie) throw new Error(`sign-in failed: ${first.status}`);
    return cookie;
  }
  await services.db.updateTable("admin_operators").set({ totp_last_step: null }).where("email", "=", email.trim().toLowerCase()).execute();
  const pending = cookieFrom(first, "admin_second_step")!;
  const code = totpCode(TEST_TOTP_SECRET, totpStep(new Date()));
  const second = await callRoute(
    secondStepRoute,
    "open",
    withAgent(post("/admin/sign-in/code", { code }, pending)),
    services,
    {},
    clientIp,
  );
  const cookie = cookieFrom(second);
  if (!cookie) throw new Error(`second step failed: ${second.status}`);
  return cookie;
}

/** An administrator signed in on a database: the session cookie and the csrf token its forms post. */
export async function signedInAdmin(services: TestServices, email = "admin@example.com"): Promise<{ cookie: string; csrf: string }> {
  await createOperator(services.db, email, "correct horse battery");
  const cookie = await signInCookie(services, email, "correct horse battery");
  return { cookie, csrf: await csrfOf(services, cookie) };
}
