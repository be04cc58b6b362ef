import { data, href, redirect } from "react-router";
import type { Route } from "./+types/admin.sign-in";
import { BadRequest, readUrlEncoded } from "#app/lib/http.server.ts";
import { rateLimited } from "#app/web/svc.server.ts";
import { requestContext, services } from "#app/lib/services.server.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { operatorContext } from "#app/features/console/guards.server.ts";
import { safeNext } from "#app/features/console/safe-next.server.ts";
import { setCookie } from "#app/lib/cookies.server.ts";
import { sessionCookie } from "#app/features/console/cookies.server.ts";
import { attemptSignIn, normaliseEmail } from "#app/features/console/sign-in.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { deviceHeader, readDevice } from "#app/features/console/device-cookie.server.ts";
import { secondStepHeader } from "#app/features/console/two-step.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { SignInPage, type SignInError } from "#app/features/console/SignInPage.tsx";
import { keepRetryAfter } from "#app/lib/cache.ts";
import { watchLockout, watchSignIn } from "#app/features/alerts/security.server.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  const next = safeNext(new URL(request.url).searchParams.get("next"), services(context).log);
  if (context.get(operatorContext)) throw redirect(next);
  const passwordSet = new URL(request.url).searchParams.get("done") === "password";
  return { title: consoleTitle(context, "signIn.title"), next, passwordSet };
}

export const meta = adminMeta;

/** A refused sign-in says when to try again (Retry-After), with and without JavaScript. */
export const headers = keepRetryAfter;

type Failure = { error: SignInError; email: string; next: string; retryMinutes?: number };

export async function action({ request, context }: Route.ActionArgs) {
  const app = services(context);
  const wait = await rateLimited({ context }, "admin-sign-in");
  if (wait > 0) {
    return data<Failure>(
      { error: "rate_limited", email: "", next: "/admin", retryMinutes: Math.ceil(wait / 60) },
      { status: 429, headers: { "Retry-After": String(wait) } },
    );
  }
  let form: URLSearchParams;
  try {
    form = await readUrlEncoded(request, 4 * 1024);
  } catch (error) {
    if (error instanceof BadRequest) return data<Failure>({ error: "missing", email: "", next: "/admin" }, { status: 400 });
    throw error;
  }
  const next = safeNext(form.get("next"), app.log);
  const email = normaliseEmail(form.get("email")).slice(0, 320);
  const password = form.get("password") ?? "";
  if (!email || !password) return data<Failure>({ error: "missing", email, next }, { status: 400 });

  const now = new Date();
  const result = await attemptSignIn(
    app.db,
    {
      email,
      password,
      clientIp: context.get(requestContext).clientIp,
      userAgent: request.headers.get("user-agent"),
      device: await readDevice(app.secret, request),
    },
    now,
  );
  if (!result.ok) {
    app.log.info("admin.sign_in_failed", { reason: result.reason });
    if (result.reason === "locked") await watchLockout(context, result, now);
    if (result.reason === "invalid") return data<Failure>({ error: "invalid", email, next }, { status: 401 });
    const retryMinutes = Math.ceil(result.retryAfterSeconds / 60);
    // Locked: this address for this account (423). Delayed: the account, from everywhere, for a while (429).
    return result.reason === "locked"
      ? data<Failure>(
          { error: "locked", email, next, retryMinutes },
          { status: 423, headers: { "Retry-After": String(result.retryAfterSeconds) } },
        )
      : data<Failure>(
          { error: "delayed", email, next, retryMinutes },
          { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
        );
  }
  if (result.token === null) {
    // The right password of an operator with two-step sign-in: the code comes next (no session yet).
    const pending = { operatorId: result.operator.id, passwordStamp: result.passwordStamp, next };
    const header = await secondStepHeader(app.secret, app.secureCookies, pending, now);
    return redirect(href("/admin/sign-in/code"), { headers: { "Set-Cookie": header } });
  }
  await audit(app.db, { operator: result.operator }, "sign_in", null, "", now);
  // A network this operator has not signed in from before: the administrators hear of it (issue 52).
  await watchSignIn(context, result.operator.id, now);
  app.log.info("admin.signed_in", { operatorId: result.operator.id });
  const headers = new Headers();
  headers.append("Set-Cookie", await setCookie(sessionCookie, result.token, app.secureCookies));
  headers.append("Set-Cookie", await deviceHeader(app.secret, app.secureCookies, result.device));
  return redirect(next, { headers });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData as Failure | undefined;
  return (
    <SignInPage
      next={failure?.next ?? loaderData.next}
      passwordSet={!failure && loaderData.passwordSet}
      error={failure?.error}
      email={failure?.email}
      retryMinutes={failure?.retryMinutes}
    />
  );
}
