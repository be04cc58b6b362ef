import { data } from "react-router";
import type { Route } from "./+types/admin.operators";
import { services } from "#app/lib/services.server.ts";
import { validate } from "#app/lib/schema.ts";
import { consoleForm, consoleTitle } from "#app/features/console/console.server.ts";
import { adminLang, requireRole } from "#app/features/console/guards.server.ts";
import { mailPasswordLink } from "#app/features/operators/link-mail.server.ts";
import { operatorActionSchema } from "#app/features/operators/operators-schema.ts";
import {
  OperatorRefused,
  changeRole,
  inviteOperator,
  listOperators,
  resetPassword,
  resetTwoStep,
  setDisabled,
} from "#app/features/operators/operators.server.ts";
import { passwordLinkUrl } from "#app/features/operators/password-link.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { setTwoStepPolicy, twoStepPolicy } from "#app/features/console/two-step.server.ts";
import { OperatorsPage, type OperatorsResult } from "#app/features/operators/OperatorsPage.tsx";

/** Administrators only: the operators, invitations, roles, disabling and password resets (ADR 0022). */
export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const { db, adminAllowNetworks } = services(context);
  const insideOnly = !!adminAllowNetworks?.length;
  return {
    title: consoleTitle(context, "operators.title"),
    operators: await listOperators(db),
    policy: await twoStepPolicy(db, insideOnly),
    insideOnly,
  };
}

export const meta = adminMeta;

export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  const { form, who } = await consoleForm(request, context);
  const { db, log, publicOrigin, adminAllowNetworks } = services(context);
  const parsed = validate(operatorActionSchema, Object.fromEntries(form));
  if (!parsed.success)
    return data<OperatorsResult>({ error: Object.values(parsed.errors)[0] ?? "operators.error.missing" }, { status: 400 });
  const input = parsed.output;
  const now = new Date();
  try {
    switch (input.intent) {
      case "invite": {
        const { id, token } = await inviteOperator(db, who, input, now);
        log.info("admin.operator_invited", { operatorId: id });
        const link = passwordLinkUrl(request, token, publicOrigin);
        const mailed = await mailPasswordLink(services(context), { to: input.email, purpose: "invite", lang: adminLang(context), link });
        return data<OperatorsResult>({ ok: "invited", id, email: input.email, link, mailed });
      }
      case "role":
        await changeRole(db, who, input.id, input.role, now);
        return data<OperatorsResult>({ ok: "role", id: input.id });
      case "disable":
      case "enable":
        await setDisabled(db, who, input.id, input.intent === "disable", now);
        log.info(`admin.operator_${input.intent}d`, { operatorId: input.id });
        return data<OperatorsResult>({ ok: input.intent === "disable" ? "disabled" : "enabled", id: input.id });
      case "reset_two_step":
        await resetTwoStep(db, who, input.id, now);
        log.info("admin.operator_two_step_reset", { operatorId: input.id });
        return data<OperatorsResult>({ ok: "two_step_reset", id: input.id });
      case "two_step_policy":
        // Administrators only: never while the console answers from outside the business's networks (issue 52).
        if (input.policy === "admins" && !adminAllowNetworks?.length)
          return data<OperatorsResult>({ error: "operators.error.policyOutside" }, { status: 409 });
        await setTwoStepPolicy(db, input.policy, now);
        await audit(db, who, "two_step_policy", null, input.policy, now);
        return data<OperatorsResult>({ ok: "policy" });
      case "reset": {
        const { token, email } = await resetPassword(db, who, input.id, now);
        log.info("admin.operator_reset", { operatorId: input.id });
        const link = passwordLinkUrl(request, token, publicOrigin);
        const mailed = await mailPasswordLink(services(context), { to: email, purpose: "reset", lang: adminLang(context), link });
        return data<OperatorsResult>({ ok: "reset", id: input.id, email, link, mailed });
      }
    }
  } catch (error) {
    if (error instanceof OperatorRefused) return data<OperatorsResult>({ error: `operators.error.${error.code}` }, { status: 409 });
    throw error;
  }
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <OperatorsPage data={loaderData} result={actionData} />;
}
