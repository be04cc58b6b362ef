import { data, type RouterContextProvider } from "react-router";
import { BadRequest, readUrlEncoded } from "#app/lib/http.server.ts";
import { adminTFor } from "#app/features/console/i18n.server.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";
import { adminLang, forbidden, signedIn } from "#app/features/console/guards.server.ts";
import { csrfMatches, type SignedIn } from "#app/features/console/session-store.server.ts";

/**
 * Helpers for the console's route modules: the page title in the operator's
 * language, and form posts that must carry the session's token.
 */
export function consoleT(context: Readonly<RouterContextProvider>) {
  return adminTFor(adminLang(context));
}

export function consoleTitle(context: Readonly<RouterContextProvider>, key: AdminKey): string {
  return consoleT(context)(key);
}

/** A console form post: signed in, url-encoded, at most `limit` bytes, with the session's token (else 403). */
export async function consoleForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  limit = 16 * 1024,
): Promise<{ form: URLSearchParams; who: SignedIn }> {
  const who = signedIn(context);
  let form: URLSearchParams;
  try {
    form = await readUrlEncoded(request, limit);
  } catch (error) {
    if (error instanceof BadRequest) throw data({ res_status: 400, message: error.code, errors: {} }, { status: 400 });
    throw error;
  }
  if (!csrfMatches(who, form.get("csrf"))) throw forbidden();
  return { form, who };
}

/** A whole positive number from a route or form parameter, or null. */
export function positiveId(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}
