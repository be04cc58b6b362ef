import { data, redirect, href } from "react-router";
import type { Route } from "./+types/admin.password";
import { BadRequest, readUrlEncoded } from "#app/lib/http.server.ts";
import { rateLimited } from "#app/web/svc.server.ts";
import { services } from "#app/lib/services.server.ts";
import { validate } from "#app/lib/schema.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { setPasswordSchema } from "#app/features/operators/operators-schema.ts";
import { readPasswordLink, spendPasswordLink } from "#app/features/operators/operators.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { PasswordLinkPage, type PasswordLinkResult } from "#app/features/operators/PasswordLinkPage.tsx";
import { keepRetryAfter } from "#app/lib/cache.ts";

/**
 * /admin/password/<token>: an invitation or a reset link sets the password,
 * once, within 48 hours (ADR 0022). An expired, used or unknown link says so.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await readPasswordLink(services(context).db, params.token, new Date());
  const title = consoleTitle(context, "password.title");
  return link.state === "valid" ? { title, state: link.state, email: link.email, purpose: link.purpose } : { title, state: link.state };
}

export const meta = adminMeta;

/** A refused sign-in says when to try again (Retry-After), with and without JavaScript. */
export const headers = keepRetryAfter;

export async function action({ request, params, context }: Route.ActionArgs) {
  const wait = await rateLimited({ context }, "admin-password");
  if (wait > 0)
    return data<PasswordLinkResult>({ error: "password.error.rate_limited" }, { status: 429, headers: { "Retry-After": String(wait) } });
  let form: URLSearchParams;
  try {
    form = await readUrlEncoded(request, 8 * 1024);
  } catch (error) {
    if (error instanceof BadRequest) return data<PasswordLinkResult>({ error: "password.error.too_short" }, { status: 400 });
    throw error;
  }
  const parsed = validate(setPasswordSchema, { password: form.get("password") ?? "", repeat: form.get("repeat") ?? "" });
  if (!parsed.success) return data<PasswordLinkResult>({ error: Object.values(parsed.errors)[0]! }, { status: 400 });
  const { db, log } = services(context);
  const result = await spendPasswordLink(db, params.token, parsed.output.password, new Date());
  if (result.state !== "valid") return data<PasswordLinkResult>({ error: `password.state.${result.state}` }, { status: 410 });
  log.info("admin.password_set", { operatorId: result.operatorId, purpose: result.purpose });
  return redirect(`${href("/admin/sign-in")}?done=password`);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <PasswordLinkPage data={loaderData} result={actionData} />;
}
