import { data, type ActionFunctionArgs, type RouterContextProvider } from "react-router";
import { services } from "#app/lib/services.server.ts";
import { moduleOn } from "#app/business/modules.server.ts";
import { svcError } from "#app/web/svc.server.ts";
import type { tFor } from "#app/i18n/route.server.ts";

/**
 * The cash counter as a line of business (issue 47, item 4): while the
 * business has it switched off, its pages answer the site's not-found page,
 * and its form posts and `/svc` calls a 404, before reading a byte of the
 * body, so nothing is stored.
 */
export function counterOn(context: Readonly<RouterContextProvider>): Promise<boolean> {
  return moduleOn(services(context).db, "counter");
}

/** For a form post: a 404 (the not-found page) while the line is off. */
export async function requireCounter(context: Readonly<RouterContextProvider>): Promise<void> {
  if (!(await counterOn(context))) throw data(null, { status: 404 });
}

/** A `/svc` handler that answers the envelope's 404 while the line is off. */
export function whileCounterOn(
  handler: (args: ActionFunctionArgs, t: ReturnType<typeof tFor>) => Promise<Response>,
): (args: ActionFunctionArgs, t: ReturnType<typeof tFor>) => Promise<Response> {
  return async (args, t) => ((await counterOn(args.context)) ? handler(args, t) : svcError(404, t("api.not_found")));
}
