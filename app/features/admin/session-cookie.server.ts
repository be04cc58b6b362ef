import { readCookie } from "#app/i18n/detect.ts";
import { SESSION_ABSOLUTE_MS } from "#app/features/admin/policy.ts";

/**
 * The session cookie holds the session's random token. It is HttpOnly,
 * SameSite=Lax, and Secure behind HTTPS. Its Path is `/`, not `/admin`: React
 * Router fetches the console index's data from `/admin.data`, which a
 * `Path=/admin` cookie would not reach.
 */
export const SESSION_COOKIE = "admin_session";

export function sessionCookie(token: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${SESSION_ABSOLUTE_MS / 1000}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function sessionToken(request: Request): string | undefined {
  return readCookie(request.headers.get("cookie"), SESSION_COOKIE);
}
