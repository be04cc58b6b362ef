import { data, href, redirect } from "react-router";
import type { Route } from "./+types/admin.account";
import { services } from "#app/lib/services.server.ts";
import { validate } from "#app/lib/schema.ts";
import { clearCookie } from "#app/lib/cookies.server.ts";
import { sessionCookie } from "#app/features/console/cookies.server.ts";
import { consoleForm, consoleTitle } from "#app/features/console/console.server.ts";
import { signedIn } from "#app/features/console/guards.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { twoStepStatus } from "#app/features/operators/account.server.ts";
import { accountActionSchema } from "#app/features/operators/operators-schema.ts";
import { endOwnSessions, listOwnSessions } from "#app/features/console/session-store.server.ts";
import { confirmSetup, newRecoveryCodes } from "#app/features/console/two-step.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { AccountPage, type AccountResult } from "#app/features/operators/AccountPage.tsx";
import { isOnDuty, setOnDuty } from "#app/features/pipeline/assignment.server.ts";
import { DutySwitch } from "#app/features/pipeline/AssignmentParts.tsx";

/** The operator's own account: two-step sign-in (set up with a QR code, recovery codes), its sessions, and whether it is on duty. */
export async function loader({ context }: Route.LoaderArgs) {
  const who = signedIn(context);
  const { db, secret, adminAllowNetworks } = services(context);
  const now = new Date();
  const [twoStep, sessions, onDuty] = await Promise.all([
    twoStepStatus(db, who, secret, !!adminAllowNetworks?.length),
    listOwnSessions(db, who, now),
    isOnDuty(db, who.operator.id),
  ]);
  // Not before two-step sign-in is set up where it must be: no other console page is open yet.
  return { title: consoleTitle(context, "account.title"), twoStep, sessions, onDuty: who.mustSetUpTwoStep ? null : onDuty };
}

export const meta = adminMeta;

export async function action({ request, context }: Route.ActionArgs) {
  const { form, who } = await consoleForm(request, context, 4 * 1024);
  const { db, log, secureCookies, secret } = services(context);
  const parsed = validate(accountActionSchema, Object.fromEntries(form));
  if (!parsed.success) return data<AccountResult>({ error: "account.error.missing" }, { status: 400 });
  const input = parsed.output;
  const now = new Date();
  const self = { kind: "operator", id: who.operator.id };
  switch (input.intent) {
    case "confirm": {
      const codes = await confirmSetup(db, who.operator.id, input.code, now, secret);
      if (!codes) return data<AccountResult>({ error: "account.error.code" }, { status: 400 });
      await audit(db, who, "two_step_on", self, "", now);
      log.info("admin.two_step_on", { operatorId: who.operator.id });
      return data<AccountResult>({ ok: "two_step_on", codes });
    }
    case "codes": {
      if (who.mustSetUpTwoStep || !(await twoStepStatus(db, who, secret)).enabled)
        return data<AccountResult>({ error: "account.error.missing" }, { status: 400 });
      const codes = await newRecoveryCodes(db, who.operator.id, now);
      await audit(db, who, "two_step_codes", self, "", now);
      return data<AccountResult>({ ok: "codes", codes });
    }
    case "duty": {
      if (who.mustSetUpTwoStep) return data<AccountResult>({ error: "account.error.missing" }, { status: 400 });
      await setOnDuty(db, who, input.on === "1", now);
      return data<AccountResult>({ ok: "duty", on: input.on === "1" });
    }
    case "end_session":
    case "end_others":
    case "end_all": {
      const which = input.intent === "end_session" ? { id: input.id } : input.intent === "end_others" ? "others" : "all";
      const ended = await endOwnSessions(db, who, which);
      await audit(db, who, "session_end", self, `${input.intent} count=${ended}`, now);
      const mine = input.intent === "end_all" || (input.intent === "end_session" && input.id === who.sessionId);
      if (mine) return redirect(href("/admin/sign-in"), { headers: { "Set-Cookie": await clearCookie(sessionCookie, secureCookies) } });
      return data<AccountResult>({ ok: "sessions", count: ended });
    }
  }
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { onDuty } = loaderData;
  const duty = onDuty === null ? null : <DutySwitch on={onDuty} done={actionData && "ok" in actionData && actionData.ok === "duty"} />;
  return <AccountPage data={loaderData} result={actionData} duty={duty} />;
}
