import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { AlertEvent } from "#app/features/alerts/message.ts";
import { enabledDevices } from "#app/features/alerts/devices.server.ts";
import { insertDeliveries } from "#app/outbox/queue.server.ts";

/**
 * The operators' alerts on the outbox (app/outbox/, ADR 0014 and 0048): a new
 * request's alert rows are written in the request's own transaction, one per
 * channel and recipient.
 */
type Db = Kysely<Database> | Transaction<Database>;

/** Which channels are configured (Web Push rows follow the operators' subscriptions). */
export interface AlertTargets {
  webhook: boolean;
  email: readonly string[];
}

const subjectOf = (event: AlertEvent) => ({ kind: event.kind, id: event.id, lang: event.lang, createdAt: event.createdAt });

export async function scheduleAlerts(trx: Db, targets: AlertTargets, event: AlertEvent, now = new Date()): Promise<number> {
  // Devices of operators who are still enabled (a disabled operator's devices get nothing).
  const devices = await enabledDevices(trx).select("s.id").execute();
  return insertDeliveries(
    trx,
    [
      ...(targets.webhook ? [{ channel: "webhook" as const, recipient: "webhook" }] : []),
      ...targets.email.map((to) => ({ channel: "email" as const, recipient: to })),
      ...devices.map((d) => ({ channel: "push" as const, recipient: String(d.id) })),
    ],
    subjectOf(event),
    now,
  );
}

/**
 * An alert for some operators only (a call-back due to its agent): Web Push
 * rows for the devices of those of `operatorIds` who are still enabled.
 */
export async function schedulePush(trx: Db, operatorIds: readonly number[], event: AlertEvent, now = new Date()): Promise<number> {
  if (!operatorIds.length) return 0;
  const devices = await enabledDevices(trx).select("s.id").where("s.operator_id", "in", operatorIds).execute();
  return insertDeliveries(
    trx,
    devices.map((d) => ({ channel: "push" as const, recipient: String(d.id) })),
    subjectOf(event),
    now,
  );
}
