import { data } from "react-router";
import type { Route } from "./+types/admin.notifications";
import { services } from "#app/lib/services.server.ts";
import { consoleForm, consoleTitle } from "#app/features/console/console.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { signedIn } from "#app/features/console/guards.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { channelOverview, responseTimes } from "#app/features/alerts/status.server.ts";
import { findDevice, operatorEndpoints, readDevice, removeDevice, saveDevice } from "#app/features/alerts/devices.server.ts";
import { NotificationsPage, type DeviceActionResult } from "#app/features/alerts/NotificationsPage.tsx";
import { alertsOf } from "#app/features/alerts/context.server.ts";

/** The console's Alerts page: this device's push switch and test, every channel's deliveries, the response time. */
export async function loader({ context }: Route.LoaderArgs) {
  const who = signedIn(context);
  const { db } = services(context);
  const alerts = alertsOf(context);
  const now = new Date();
  const [channels, response, endpoints] = await Promise.all([
    channelOverview(db, alerts, now),
    responseTimes(db, now),
    operatorEndpoints(db, who.operator.id),
  ]);
  return { title: consoleTitle(context, "notify.title"), channels, response, endpoints, vapidPublicKey: alerts.config.vapid.publicKey };
}

export const meta = adminMeta;

/** intent=subscribe | unsubscribe | test, with this browser's PushSubscription. */
export async function action({ request, context }: Route.ActionArgs) {
  const { form, who } = await consoleForm(request, context);
  const { db } = services(context);
  const alerts = alertsOf(context);
  const intent = form.get("intent");
  const bad = () => data<DeviceActionResult>({ ok: false, intent: "invalid" }, { status: 400 });
  if (intent === "unsubscribe") {
    const endpoint = form.get("endpoint") ?? "";
    if (!endpoint || endpoint.length > 2048) return bad();
    if (await removeDevice(db, who.operator.id, endpoint)) await audit(db, who, "push_off", null);
    return { ok: true, intent } satisfies DeviceActionResult;
  }
  const device = readDevice(form, alerts.config.pushAllowHosts);
  if (!device) return bad();
  if (intent === "subscribe") {
    await saveDevice(db, who.operator.id, device);
    await audit(db, who, "push_on", null);
    return { ok: true, intent } satisfies DeviceActionResult;
  }
  if (intent === "test") {
    const known = await findDevice(db, who.operator.id, device.endpoint);
    if (!known) return data<DeviceActionResult>({ ok: false, intent, reason: "not subscribed" }, { status: 409 });
    const result = await alerts.sendTestPush(known);
    if (!result.ok && result.gone) await removeDevice(db, who.operator.id, known.endpoint);
    return result.ok
      ? ({ ok: true, intent } satisfies DeviceActionResult)
      : data<DeviceActionResult>({ ok: false, intent, reason: result.reason }, { status: 502 });
  }
  return bad();
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <NotificationsPage data={loaderData} />;
}
