import { data } from "react-router";
import type { Route } from "./+types/admin.request";
import { services } from "#app/lib/services.server.ts";
import { alertsOf } from "#app/features/alerts/context.server.ts";
import { consoleForm, consoleT, positiveId } from "#app/features/console/console.server.ts";
import { requestDetail } from "#app/features/pipeline/request-detail.server.ts";
import { markOpened, NOTE_MAX, saveNote } from "#app/features/pipeline/request-workflow.server.ts";
import { moveStageAction } from "#app/features/pipeline/stage-action.server.ts";
import { stageHistory } from "#app/features/pipeline/pipeline.server.ts";
import { announceOnOpen, callState, isDoNotContact } from "#app/features/pipeline/calls.server.ts";
import { FROM_MY_CALLS } from "#app/features/pipeline/calls.ts";
import { logCallAction } from "#app/features/pipeline/call-action.server.ts";
import { audit, listAudit, recentlyViewed } from "#app/features/audit/audit.server.ts";
import { isRequestKind } from "#app/requests/kinds.ts";
import { textsOfRequest } from "#app/outbox/text.server.ts";
import { hasRole, requireRole, signedIn } from "#app/features/console/guards.server.ts";
import { leadAssignment, reassign } from "#app/features/pipeline/assignment.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { RequestPage, type RequestActionResult } from "#app/features/pipeline/RequestPage.tsx";
import { liftRefusalByAdmin } from "#app/features/pipeline/lift-refusal.server.ts";

function target(params: Route.LoaderArgs["params"]) {
  const id = positiveId(params.id);
  if (!isRequestKind(params.kind) || !id) throw data(null, { status: 404 });
  return { kind: params.kind, id };
}

/**
 * Opening a request is recorded in the audit log (once per operator per few
 * minutes, not per reload); the first opening by anyone marks it read.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const who = signedIn(context);
  const { kind, id } = target(params);
  const { db } = services(context);
  const detail = await requestDetail(db, kind, id);
  if (!detail) throw data(null, { status: 404 });
  await markOpened(db, kind, id);
  // Opened by its agent from My calls: the visitor's phone may hear that we are about to call (issue 38).
  if (kind === "consultation" && new URL(request.url).searchParams.get(FROM_MY_CALLS.name) === FROM_MY_CALLS.value)
    if (await announceOnOpen(db, who.operator.id, id)) alertsOf(context).wake();
  if (!(await recentlyViewed(db, who, { kind, id }))) await audit(db, who, "view", { kind, id });
  // The record's history is part of the audit log: administrators only (ADR 0022).
  const history = hasRole(who, "admin") ? (await listAudit(db, { page: 1, record: { kind, id } })).entries.slice(0, 20) : null;
  const t = consoleT(context);
  const phone = (detail.fields.find((f) => f.label === "phone")?.value ?? "").replace(/\D+/g, "");
  return {
    title: `${t(`kind.${kind}`)} #${id}`,
    detail,
    history,
    stages: await stageHistory(db, kind, id),
    calls: kind === "consultation" ? await callState(db, id) : null,
    // Who has the lead, for everyone; whom it may go to, for administrators (ADR 0022).
    assignment: kind === "consultation" ? await leadAssignment(db, id, hasRole(who, "admin")) : null,
    doNotContact: await isDoNotContact(db, phone, { kind, id }),
    // Administrators may lift a refusal, with a reason (issue 48 item 5).
    canLift: hasRole(who, "admin") && (await isDoNotContact(db, phone)),
    texts: await textsOfRequest(db, { kind, id }),
    noteMax: NOTE_MAX,
  };
}

export const meta = adminMeta;

export async function action({ request, params, context }: Route.ActionArgs) {
  const { kind, id } = target(params);
  const { form, who } = await consoleForm(request, context);
  const { db } = services(context);
  if (form.get("intent") === "call") {
    if (kind !== "consultation") throw data(null, { status: 404 });
    const call = await logCallAction(db, who, id, form);
    if (!call.ok && call.error === "missing") throw data(null, { status: 404 });
    // A missed call or a call-back set may have news for the visitor's phone (issue 38): sent now, not at the next poll.
    if (call.ok) alertsOf(context).wake();
    return data<RequestActionResult>({ call }, { status: call.ok ? 200 : 400 });
  }
  if (form.get("intent") === "assign") {
    if (kind !== "consultation") throw data(null, { status: 404 });
    requireRole(context, "admin");
    const assign = await reassign(db, who, id, form.get("to"));
    if (!assign.ok && assign.error === "missing") throw data(null, { status: 404 });
    return data<RequestActionResult>({ assign }, { status: assign.ok ? 200 : 400 });
  }
  if (form.get("intent") === "lift_refusal") {
    // An administrator lifts the number's refusal of contact, with a reason, audited (issue 48 item 5).
    requireRole(context, "admin");
    const lift = await liftRefusalByAdmin(db, who, { kind, id }, form.get("reason") ?? "");
    if (!lift) throw data(null, { status: 404 });
    return data<RequestActionResult>({ lift }, { status: lift.ok ? 200 : 400 });
  }
  if (form.get("intent") === "stage") {
    const stage = await moveStageAction(db, who, kind, id, form);
    if (!stage.ok && stage.error === "missing") throw data(null, { status: 404 });
    if (stage.ok) alertsOf(context).wake();
    return data<RequestActionResult>({ stage }, { status: stage.ok ? 200 : stage.error === "stale" ? 409 : 400 });
  }
  const note = (form.get("note") ?? "").replace(/\r\n/g, "\n");
  if (form.get("intent") !== "note" || note.length > NOTE_MAX) return data<RequestActionResult>({ note: "error" }, { status: 400 });
  if (!(await saveNote(db, kind, id, note))) throw data(null, { status: 404 });
  await audit(db, who, "update", { kind, id }, "note");
  return data<RequestActionResult>({ note: "saved" });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <RequestPage data={loaderData} result={actionData} />;
}
