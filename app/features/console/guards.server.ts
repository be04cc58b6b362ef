import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requestContext, services } from "#app/lib/services.server.ts";
import { adminLangOf, adminTFor } from "#app/features/console/i18n.server.ts";
import { DEFAULT_ADMIN_LANG, type AdminLang } from "#app/features/console/i18n.ts";
import { ACCESS_REVIEW_PATH, ACCOUNT_PATH, OFFICER_PATHS, SIGN_IN_PATH } from "#app/features/console/kinds.ts";
import type { OperatorRole } from "#db/schema.ts";
import { findSession, type SignedIn } from "#app/features/console/session-store.server.ts";
import { clearCookie, plainValue } from "#app/lib/cookies.server.ts";
import { sessionCookie } from "#app/features/console/cookies.server.ts";
import { headerValue } from "#app/lib/header-value.server.ts";
import { networks, type Networks } from "#app/lib/networks.server.ts";

/**
 * The console's middleware and guards: who is signed in and in which
 * language (in the router context), the redirect or 401 without a session,
 * and the 401/403 answers.
 */
export const operatorContext = createContext<SignedIn | null>(null);
export const adminLangContext = createContext<AdminLang>(DEFAULT_ADMIN_LANG);

/**
 * Every /admin request: the operator's language and session (if any) go into
 * the context; every answer is private, never cached, never indexed; a cookie
 * whose session has ended is removed.
 */
export const adminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const app = services(context);
  const lang = await adminLangOf(request);
  // Outside the networks ADMIN_ALLOW_NETWORKS lists, the console does not answer at all (issue 52; 고시 제6조①1).
  if (!insideAllowedNetworks(app.adminAllowNetworks, context.get(requestContext).clientIp)) {
    app.log.warn("admin.network_refused", {});
    return outsideNetworks(adminTFor(lang)("network.refused"));
  }
  context.set(adminLangContext, lang);
  const token = plainValue(sessionCookie, request.headers.get("cookie"));
  const signedIn = await findSession(app.db, app.secret, token, new Date(), {
    ip: context.get(requestContext).clientIp,
    insideOnly: !!app.adminAllowNetworks?.length,
  });
  context.set(operatorContext, signedIn);
  const response = await next();
  try {
    response.headers.set("Cache-Control", "private, no-store");
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
    if (token && !signedIn && !response.headers.has("Set-Cookie"))
      response.headers.append("Set-Cookie", await clearCookie(sessionCookie, app.secureCookies));
  } catch {
    // Immutable headers (Response.redirect): nothing to add.
  }
  return response;
};

const allowlists = new WeakMap<readonly string[], Networks>();

/** Whether `ip` may reach the console: always without a list; inside one of its blocks with one. */
export function insideAllowedNetworks(list: readonly string[] | undefined, ip: string): boolean {
  if (!list?.length) return true;
  let allowed = allowlists.get(list);
  if (!allowed) allowlists.set(list, (allowed = networks(list)));
  return allowed.has(ip);
}

/** The console's answer outside the allowed networks: 403, saying only that. */
function outsideNetworks(message: string): Response {
  return new Response(`${message}\n`, {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" },
  });
}

/**
 * Console pages: without a session, to the sign-in page (and back here after).
 * An operator who must use two-step sign-in and has not set it up yet: to the
 * account page, where it is set up (ADR 0022); no other page is open to it.
 */
export const requireOperatorPage: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const who = context.get(operatorContext);
  if (who?.mustSetUpTwoStep && new URL(request.url).pathname.replace(/\.data$/, "") !== ACCOUNT_PATH) throw redirect(ACCOUNT_PATH);
  // The privacy officer sees no personal data (issue 52, ADR 0053): its own pages only.
  if (who?.operator.role === "officer" && !OFFICER_PATHS.includes(new URL(request.url).pathname.replace(/\.data$/, "")))
    throw redirect(ACCESS_REVIEW_PATH);
  if (!who) {
    const url = new URL(request.url);
    const back = url.pathname.replace(/\.data$/, "") + url.search.replace(/([?&])_routes=[^&]*&?/, "$1").replace(/[?&]$/, "");
    const next = headerValue("path", back, { fallback: "/admin", within: "/admin", log: services(context).log });
    throw redirect(`${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`);
  }
  return next();
};

/** Console data (photos, CSV, form posts): 401 without a session, never a redirect. */
export const requireOperatorData: MiddlewareFunction<Response> = async ({ context }, next) => {
  const who = context.get(operatorContext);
  if (!who) return unauthorized();
  if (who.mustSetUpTwoStep || who.operator.role === "officer") return forbidden();
  return next();
};

export function unauthorized(): Response {
  return Response.json(
    { res_status: 401, message: "Unauthorized", errors: {} },
    { status: 401, headers: { "Cache-Control": "private, no-store" } },
  );
}

export function forbidden(): Response {
  return Response.json(
    { res_status: 403, message: "Forbidden", errors: {} },
    { status: 403, headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * What each role may do (ADR 0022). Agents read and handle requests (and
 * their own alerts and account); everything else needs an administrator.
 * The privacy officer (ADR 0053) ranks below both: it has pages of its own
 * (requireOfficer) and none of theirs.
 */
export const ROLE_RANK: Readonly<Record<OperatorRole, number>> = { officer: 0, agent: 1, admin: 2 };

export function hasRole(who: Pick<SignedIn, "operator"> | null, role: OperatorRole): boolean {
  return !!who && ROLE_RANK[who.operator.role] >= ROLE_RANK[role];
}

/**
 * The role guard for loaders and actions (pages, `.data` requests, form
 * posts and downloads alike): the signed-in operator when it has `role`;
 * otherwise it throws 401 (no session) or 403. Call it first thing in every
 * loader AND action of a page route: `const who = requireRole(context, "admin");`
 * (not as a page route's middleware: a middleware's error is rendered by the
 * root's boundary, outside the console's shell).
 */
export function requireRole(context: Readonly<RouterContextProvider>, role: OperatorRole): SignedIn {
  const who = signedIn(context);
  if (!hasRole(who, role)) throw forbidden();
  return who;
}

/** The privacy officer's pages (the access review, the destruction ledger): that role only, administrators included out (ADR 0053). */
export function requireOfficer(context: Readonly<RouterContextProvider>): SignedIn {
  const who = signedIn(context);
  if (who.operator.role !== "officer") throw forbidden();
  return who;
}

/** The same guard as a middleware, for resource routes (downloads): `export const middleware = [requireOperatorData, adminOnly]`. */
export const adminOnly: MiddlewareFunction<Response> = async ({ context }, next) => {
  requireRole(context, "admin");
  return next();
};

/** The signed-in operator, for loaders and actions behind a guard. */
export function signedIn(context: Readonly<RouterContextProvider>): SignedIn {
  const value = context.get(operatorContext);
  if (!value) throw unauthorized();
  return value;
}

export function adminLang(context: Readonly<RouterContextProvider>): AdminLang {
  return context.get(adminLangContext);
}
