import { data } from "react-router";
import type { Route } from "./+types/admin.calls";
import { services } from "#app/lib/services.server.ts";
import { recordView } from "#app/features/access/access.server.ts";
import { alertsOf } from "#app/features/alerts/context.server.ts";
import { consoleForm, consoleTitle, positiveId } from "#app/features/console/console.server.ts";
import { signedIn } from "#app/features/console/guards.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { claim, myCalls } from "#app/features/pipeline/my-calls.server.ts";
import { announceCall } from "#app/features/pipeline/calls.server.ts";
import { logCallAction } from "#app/features/pipeline/call-action.server.ts";
import { MyCallsPage, type MyCallsResult } from "#app/features/pipeline/MyCallsPage.tsx";

/** My calls (issue 26, item 3): the signed-in agent's queue. */
export async function loader({ context }: Route.LoaderArgs) {
  const who = signedIn(context);
  const calls = await myCalls(services(context).db, who.operator.id);
  const shown = [...calls.due, ...calls.later, ...calls.atOpening, ...calls.unclaimed].map((c) => ({ kind: "consultation", id: c.id }));
  await recordView(context, { kind: "calls", records: shown });
  return { title: consoleTitle(context, "mycalls.title"), calls };
}

export const meta = adminMeta;

export async function action({ request, context }: Route.ActionArgs) {
  const { form, who } = await consoleForm(request, context);
  const id = positiveId(form.get("id"));
  if (!id) throw data(null, { status: 400 });
  const { db } = services(context);
  if (form.get("intent") === "claim") {
    const claimed = await claim(db, who, id);
    return data<MyCallsResult>({ claimed, id }, { status: claimed ? 200 : 409 });
  }
  if (form.get("intent") === "dialing") {
    // The dial link's tap (with JavaScript): the visitor's phone hears that we are about to call (issue 38).
    const announced = await announceCall(db, id);
    if (announced) alertsOf(context).wake();
    return data<MyCallsResult>({ announced, id });
  }
  if (form.get("intent") !== "call") throw data(null, { status: 400 });
  // A call logged on an unclaimed lead claims it.
  await claim(db, who, id);
  const call = await logCallAction(db, who, id, form);
  if (!call.ok && call.error === "missing") throw data(null, { status: 404 });
  if (call.ok) alertsOf(context).wake();
  return data<MyCallsResult>({ call, id }, { status: call.ok ? 200 : 400 });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <MyCallsPage data={loaderData.calls} result={actionData} />;
}
