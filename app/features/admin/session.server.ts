import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { readCookie } from "#app/i18n/detect.ts";
import { services } from "#app/lib/services.server.ts";
import { adminLangOf } from "#app/features/admin/i18n.server.ts";
import { DEFAULT_ADMIN_LANG, type AdminLang } from "#app/features/admin/i18n.ts";
import { SIGN_IN_PATH } from "#app/features/admin/kinds.ts";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_MS } from "#app/features/admin/policy.ts";

/**
 * Server-side sessions: the cookie holds 32 random bytes; the database holds
 * only their SHA-256, with idle and absolute expiry. The cookie is HttpOnly,
 * SameSite=Lax, and Secure behind HTTPS. Its Path is `/`, not `/admin`: React
 * Router fetches the console index's data from `/admin.data`, which a
 * `Path=/admin` cookie would not reach.
 */
const SESSION_COOKIE = "admin_session";

export interface SignedIn {
  operator: { id: number; email: string };
  sessionId: number;
  tokenHash: string;
  /** Session-bound form token (HMAC of the session with the app secret). */
  csrf: string;
}

export const operatorContext = createContext<SignedIn | null>(null);
const adminLangContext = createContext<AdminLang>(DEFAULT_ADMIN_LANG);

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

function csrfFor(secret: string, tokenHash: string): string {
  return createHmac("sha256", secret).update(`admin-csrf:${tokenHash}`).digest("base64url");
}

export function csrfMatches(signedIn: SignedIn, value: unknown): boolean {
  if (typeof value !== "string") return false;
  const a = Buffer.from(value);
  const b = Buffer.from(signedIn.csrf);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Starts a session; answers the token for the cookie (never stored). */
export async function createSession(db: Kysely<Database>, operatorId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("admin_sessions")
    .values({
      token_hash: sha256(token),
      operator_id: operatorId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
    })
    .execute();
  return token;
}

/** The session of a cookie token, or null when absent, unknown, idle too long or past its end (then it is deleted). */
export async function findSession(db: Kysely<Database>, secret: string, token: string | undefined, now: Date): Promise<SignedIn | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = sha256(token);
  const row = await db
    .selectFrom("admin_sessions as s")
    .innerJoin("admin_operators as o", "o.id", "s.operator_id")
    .select(["s.id as sessionId", "s.last_seen_at", "s.expires_at", "o.id as operatorId", "o.email"])
    .where("s.token_hash", "=", tokenHash)
    .where("o.disabled_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const at = now.getTime();
  const lastSeen = Date.parse(row.last_seen_at);
  if (at >= Date.parse(row.expires_at) || at >= lastSeen + SESSION_IDLE_MS) {
    await db.deleteFrom("admin_sessions").where("id", "=", row.sessionId).execute();
    return null;
  }
  if (at - lastSeen >= SESSION_TOUCH_MS) {
    await db.updateTable("admin_sessions").set({ last_seen_at: now.toISOString() }).where("id", "=", row.sessionId).execute();
  }
  return { operator: { id: row.operatorId, email: row.email }, sessionId: row.sessionId, tokenHash, csrf: csrfFor(secret, tokenHash) };
}

export async function deleteSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.deleteFrom("admin_sessions").where("id", "=", sessionId).execute();
}

export function sessionCookie(token: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${SESSION_ABSOLUTE_MS / 1000}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

function sessionToken(request: Request): string | undefined {
  return readCookie(request.headers.get("cookie"), SESSION_COOKIE);
}

/**
 * Every /admin request: the operator's language and session (if any) go into
 * the context; every answer is private, never cached, never indexed; a cookie
 * whose session has ended is removed.
 */
export const adminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const app = services(context);
  context.set(adminLangContext, adminLangOf(request));
  const token = sessionToken(request);
  const signedIn = await findSession(app.db, app.secret, token, new Date());
  context.set(operatorContext, signedIn);
  const response = await next();
  try {
    response.headers.set("Cache-Control", "private, no-store");
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
    if (token && !signedIn && !response.headers.has("Set-Cookie")) response.headers.append("Set-Cookie", clearSessionCookie(app.secureCookies));
  } catch {
    // Immutable headers (Response.redirect): nothing to add.
  }
  return response;
};

/** Console pages: without a session, to the sign-in page (and back here after). */
export const requireOperatorPage: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (!context.get(operatorContext)) {
    const url = new URL(request.url);
    const back = url.pathname.replace(/\.data$/, "") + url.search.replace(/([?&])_routes=[^&]*&?/, "$1").replace(/[?&]$/, "");
    throw redirect(`${SIGN_IN_PATH}?next=${encodeURIComponent(back)}`);
  }
  return next();
};

/** Console data (photos, CSV, form posts): 401 without a session, never a redirect. */
export const requireOperatorData: MiddlewareFunction<Response> = async ({ context }, next) => {
  if (!context.get(operatorContext)) return unauthorized();
  return next();
};

function unauthorized(): Response {
  return Response.json({ res_status: 401, message: "Unauthorized", errors: {} }, { status: 401, headers: { "Cache-Control": "private, no-store" } });
}

export function forbidden(): Response {
  return Response.json({ res_status: 403, message: "Forbidden", errors: {} }, { status: 403, headers: { "Cache-Control": "private, no-store" } });
}

/** The signed-in operator, for loaders and actions behind a guard. */
export function signedIn(context: Readonly<RouterContextProvider>): SignedIn {
  const value = context.get(operatorContext);
  if (!value) throw unauthorized();
  return value;
}

export function adminLang(context: Readonly<RouterContextProvider>): AdminLang {
  return context.get(adminLangContext);
}

/** Only a path inside the console; anything else goes to the inbox. */
export function safeNext(value: unknown): string {
  if (typeof value !== "string" || value.length > 2000) return "/admin";
  if (!/^\/admin(?:[/?#]|$)/.test(value) || value.includes("//") || value.includes("\\") || /\p{Cc}/u.test(value)) return "/admin";
  return value;
}
