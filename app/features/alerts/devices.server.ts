import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { pushEndpoint, validDeviceKeys } from "#app/outbox/channels/endpoint.server.ts";

/**
 * The operators' devices that receive Web Push alerts. A subscription belongs
 * to the operator who turned alerts on; the same browser signed in as another
 * operator moves to that operator.
 */
type Db = Kysely<Database>;

/** The devices of operators who are still enabled: the only ones alerts go to (select what you need). */
export function enabledDevices(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom("push_subscriptions as s")
    .innerJoin("admin_operators as o", "o.id", "s.operator_id")
    .where("o.disabled_at", "is", null);
}

interface DeviceInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A browser's PushSubscription from a form, or null when anything is off. */
export function readDevice(form: URLSearchParams, allowHosts: readonly string[]): DeviceInput | null {
  const endpoint = form.get("endpoint");
  const p256dh = form.get("p256dh");
  const auth = form.get("auth");
  if (!pushEndpoint(endpoint, allowHosts) || !validDeviceKeys(p256dh, auth)) return null;
  return { endpoint: endpoint!, p256dh: p256dh!, auth: auth! };
}

export async function saveDevice(db: Db, operatorId: number, device: DeviceInput, now = new Date()): Promise<void> {
  await db
    .insertInto("push_subscriptions")
    .values({ operator_id: operatorId, ...device, created_at: now.toISOString() })
    .onConflict((oc) => oc.column("endpoint").doUpdateSet({ operator_id: operatorId, p256dh: device.p256dh, auth: device.auth }))
    .execute();
}

/** Removes this operator's subscription of that endpoint; answers whether there was one. */
export async function removeDevice(db: Db, operatorId: number, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom("push_subscriptions")
    .where("operator_id", "=", operatorId)
    .where("endpoint", "=", endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findDevice(db: Db, operatorId: number, endpoint: string): Promise<DeviceInput | undefined> {
  return db
    .selectFrom("push_subscriptions")
    .select(["endpoint", "p256dh", "auth"])
    .where("operator_id", "=", operatorId)
    .where("endpoint", "=", endpoint)
    .executeTakeFirst();
}

/** The endpoints of this operator's devices (the page tells whether this browser is one). */
export async function operatorEndpoints(db: Db, operatorId: number): Promise<string[]> {
  return (await db.selectFrom("push_subscriptions").select("endpoint").where("operator_id", "=", operatorId).execute()).map(
    (r) => r.endpoint,
  );
}
