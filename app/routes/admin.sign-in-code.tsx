import { data, href, redirect } from "react-router";
import type { Route } from "./+types/admin.sign-in-code";
import { BadRequest, readUrlEncoded } from "#app/lib/http.server.ts";
import { rateLimited } from "#app/web/svc.server.ts";
import { requestContext, services } from "#app/lib/services.server.ts";
import { setCookie } from "#app/lib/cookies.server.ts";
import { sessionCookie } from "#app/features/console/cookies.server.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { attemptSecondStep } from "#app/features/console/sign-in.server.ts";
import { ROTATE_COMMAND } from "#app/features/console/totp-at-rest.server.ts";
import { clearSecondStepHeader, readSecondStep } from "#app/features/console/two-step.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { deviceHeader, readDevice } from "#app/features/console/device-cookie.server.ts";
import { safeNext } from "#app/features/console/safe-next.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { SecondStepPage, type SecondStepError } from "#app/features/console/SecondStepPage.tsx";
import { keepRetryAfter } from "#app/lib/cache.ts";
import { watchLockout, watchSignIn } from "#app/features/alerts/security.server.ts";

/**
 * The second step of a sign-in (ADR 0022): a code from the authenticator app
 * or a recovery code, after the right password (the signed `admin_second_step`
 * cookie, five minutes), under the per-IP limit and the sign-in throttle.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = services(context);
  if (!(await readSecondStep(app.secret, request, new Date()))) throw redirect(href("/admin/sign-in"));
  return { title: consoleTitle(context, "secondStep.title") };
}

export const meta = adminMeta;

/** A refused sign-in says when to try again (Retry-After), with and without JavaScript. */
export const headers = keepRetryAfter;

type Failure = { error: SecondStepError; retryMinutes?: number };

export async function action({ request, context }: Route.ActionArgs) {
  const app = services(context);
  const wait = await rateLimited({ context }, "admin-sign-in");
  if (wait > 0) {
    return data<Failure>(
      { error: "rate_limited", retryMinutes: Math.ceil(wait / 60) },
      { status: 429, headers: { "Retry-After": String(wait) } },
    );
  }
  const now = new Date();
  const pending = await readSecondStep(app.secret, request, now);
  if (!pending) return redirect(href("/admin/sign-in"));
  let form: URLSearchParams;
  try {
    form = await readUrlEncoded(request, 2 * 1024);
  } catch (error) {
    if (error instanceof BadRequest) return data<Failure>({ error: "missing" }, { status: 400 });
    throw error;
  }
  const code = (form.get("code") ?? "").trim();
  if (!code || code.length > 64) return data<Failure>({ error: "missing" }, { status: 400 });

  const result = await attemptSecondStep(
    app.db,
    {
      operatorId: pending.id,
      passwordStamp: pending.passwordStamp,
      code,
      appSecret: app.secret,
      clientIp: context.get(requestContext).clientIp,
      userAgent: request.headers.get("user-agent"),
      device: await readDevice(app.secret, request),
    },
    now,
  );
  if (!result.ok && result.reason === "stale") {
    return redirect(href("/admin/sign-in"), { headers: { "Set-Cookie": await clearSecondStepHeader(app.secret, app.secureCookies) } });
  }
  if (!result.ok && result.reason === "key_mismatch") {
    // The server's APP_SECRET changed under sealed secrets: say so, and what fixes it (issue 47, item 7).
    app.log.warn("admin.second_step_failed", { reason: "key_mismatch", fix: ROTATE_COMMAND });
    return data<Failure>({ error: "key" }, { status: 503, headers: { "Retry-After": "300" } });
  }
  if (!result.ok) {
    app.log.info("admin.second_step_failed", { reason: result.reason });
    if (result.reason === "locked") await watchLockout(context, result, now);
    if (result.reason === "invalid") return data<Failure>({ error: "invalid" }, { status: 401 });
    const retryMinutes = Math.ceil(result.retryAfterSeconds / 60);
    return data<Failure>(
      { error: result.reason, retryMinutes },
      { status: result.reason === "locked" ? 423 : 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  await audit(app.db, { operator: result.operator }, "sign_in", null, result.method, now);
  // A network this operator has not signed in from before: the administrators hear of it (issue 52).
  await watchSignIn(context, result.operator.id, now);
  app.log.info("admin.signed_in", { operatorId: result.operator.id, method: result.method });
  const headers = new Headers();
  headers.append("Set-Cookie", await setCookie(sessionCookie, result.token, app.secureCookies));
  headers.append("Set-Cookie", await clearSecondStepHeader(app.secret, app.secureCookies));
  headers.append("Set-Cookie", await deviceHeader(app.secret, app.secureCookies, result.device));
  return redirect(safeNext(pending.next, app.log), { headers });
}

export default function Page({ actionData }: Route.ComponentProps) {
  const failure = actionData as Failure | undefined;
  return <SecondStepPage error={failure?.error} retryMinutes={failure?.retryMinutes} />;
}
