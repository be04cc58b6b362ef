import { createCookie, type Cookie } from "react-router";
import { ADMIN_LANG_COOKIE, DEVICE_COOKIE, SECOND_STEP_COOKIE, SESSION_COOKIE } from "#app/lib/cookie-names.ts";
import { PLAIN_VALUE, YEAR_SECONDS } from "#app/lib/cookies.server.ts";
import { DEVICE_COOKIE_MS, SECOND_STEP_MS, SESSION_ABSOLUTE_MS } from "#app/features/console/policy.ts";

/**
 * The operator console's cookies: its session, its language, the step
 * between password and code, and a trusted device. Written and cleared with
 * lib's `setCookie` and `clearCookie` (Secure behind HTTPS).
 */

/**
 * The operator's session: HttpOnly, SameSite=Lax. Path `/`, not `/admin`:
 * React Router fetches the console index's data from `/admin.data`, which a
 * `Path=/admin` cookie would not reach.
 */
export const sessionCookie = createCookie(SESSION_COOKIE, {
  path: "/",
  maxAge: SESSION_ABSOLUTE_MS / 1000,
  httpOnly: true,
  sameSite: "lax",
  ...PLAIN_VALUE,
});

/** The console's language (ko/en); Path `/` for the same reason as the session. */
export const adminLangCookie = createCookie(ADMIN_LANG_COOKIE, { path: "/", maxAge: YEAR_SECONDS, sameSite: "lax", ...PLAIN_VALUE });

/**
 * Between the password and the code of a two-step sign-in (ADR 0022): which
 * operator passed the password step, until when. HttpOnly, console-only,
 * signed with the app's secret (React Router's signature), five minutes.
 */
export function secondStepCookie(secret: string): Cookie {
  return createCookie(SECOND_STEP_COOKIE, {
    path: "/admin",
    maxAge: SECOND_STEP_MS / 1000,
    httpOnly: true,
    sameSite: "lax",
    secrets: [secret],
  });
}

/**
 * A browser that has signed in to an operator's account before (ADR 0017):
 * the account and a random token, signed with the app's secret (React
 * Router's signature). HttpOnly, console-only, as long as the trust lasts.
 */
export function deviceCookie(secret: string): Cookie {
  return createCookie(DEVICE_COOKIE, {
    path: "/admin",
    maxAge: DEVICE_COOKIE_MS / 1000,
    httpOnly: true,
    sameSite: "lax",
    secrets: [secret],
  });
}
