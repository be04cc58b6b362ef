import { data } from "react-router";
import type { Route } from "./+types/admin.account";
import { services } from "#app/lib/services.server.ts";
import { consoleForm, consoleTitle } from "#app/features/admin/console.server.ts";
import { signedIn } from "#app/features/admin/guards.server.ts";
import { audit } from "#app/features/admin/audit.server.ts";
import { twoStepStatus } from "#app/features/admin/account.server.ts";
import { confirmSetup, newRecoveryCodes } from "#app/features/admin/two-step.server.ts";
import { adminMeta } from "#app/features/admin/meta.ts";
import { AccountPage, type AccountResult } from "#app/features/admin/AccountPage.tsx";

/** The operator's own account: two-step sign-in (set up with a QR code, recovery codes). */
export async function loader({ context }: Route.LoaderArgs) {
  const who = signedIn(context);
  const { db } = services(context);
  return { title: consoleTitle(context, "account.title"), twoStep: await twoStepStatus(db, who) };
}

export const meta = adminMeta;

export async function action({ request, context }: Route.ActionArgs) {
  const { form, who } = await consoleForm(request, context, 4 * 1024);
  const { db, log } = services(context);
  const intent = form.get("intent");
  const now = new Date();
  if (intent === "confirm") {
    const code = (form.get("code") ?? "").slice(0, 64);
    const codes = await confirmSetup(db, who.operator.id, code, now);
    if (!codes) return data<AccountResult>({ error: "account.error.code" }, { status: 400 });
    await audit(db, who, "two_step_on", { kind: "operator", id: who.operator.id }, "", now);
    log.info("admin.two_step_on", { operatorId: who.operator.id });
    return data<AccountResult>({ ok: "two_step_on", codes });
  }
  if (intent === "codes" && !who.mustSetUpTwoStep) {
    const status = await twoStepStatus(db, who);
    if (!status.enabled) return data<AccountResult>({ error: "account.error.code" }, { status: 400 });
    const codes = await newRecoveryCodes(db, who.operator.id, now);
    await audit(db, who, "two_step_codes", { kind: "operator", id: who.operator.id }, "", now);
    return data<AccountResult>({ ok: "codes", codes });
  }
  return data<AccountResult>({ error: "account.error.missing" }, { status: 400 });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountPage data={loaderData} result={actionData} />;
}
