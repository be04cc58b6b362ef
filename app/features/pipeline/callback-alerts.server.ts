import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Alerts } from "#app/features/alerts/alerts.server.ts";
import { CALLBACK_DUE_KIND } from "#app/features/alerts/message.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { DECIDED_STAGES } from "#app/features/pipeline/stages.ts";

/**
 * A call-back coming due alerts its agent, once (issue 26, item 3; ADR 0028).
 * Every instance ticks; one UPDATE stamps `callback_alert_for` with the
 * call-back time of each lead that is due within the lead time and not yet
 * alerted for that time, and answers those leads. Only the transaction that
 * stamped a row writes its push rows (same transaction), so two instances
 * ticking at once alert it once: on PostgreSQL the second UPDATE waits for the
 * first's row lock and then sees the stamp; SQLite has one writer at a time.
 * A new call-back time is a new `next_call_at`, alerted again. The push says
 * "call-back due: consultation #id at hh:mm" — no name, no phone number.
 */

/** How long before the asked time the agent is alerted. */
export const CALLBACK_ALERT_LEAD_MS = 5 * 60_000;
/** A call-back this late when first seen (every instance was down) is not pushed: My calls shows it overdue. */
export const CALLBACK_ALERT_STALE_MS = 60 * 60_000;
/** How often each instance looks. */
export const CALLBACK_TICK_MS = 30_000;

export async function alertDueCallbacks(db: Kysely<Database>, alerts: Pick<Alerts, "notify">, now = new Date()): Promise<number> {
  const soon = new Date(now.getTime() + CALLBACK_ALERT_LEAD_MS).toISOString();
  const stale = new Date(now.getTime() - CALLBACK_ALERT_STALE_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .updateTable("consultation_answers")
      .set((eb) => ({ callback_alert_for: eb.ref("next_call_at") }))
      .where("next_call_asked", "=", 1)
      .where("next_call_at", "<=", soon)
      .where("next_call_at", ">", stale)
      .where("assigned_operator_id", "is not", null)
      .where("status", "not in", DECIDED_STAGES)
      .where((eb) => eb.or([eb("callback_alert_for", "is", null), eb("callback_alert_for", "<>", eb.ref("next_call_at"))]))
      .returning(["id", "lang", "assigned_operator_id", "next_call_at"])
      .execute();
    for (const lead of due) {
      await alerts.notify(trx, [lead.assigned_operator_id!], {
        kind: CALLBACK_DUE_KIND,
        id: lead.id,
        lang: lead.lang,
        createdAt: lead.next_call_at!,
      });
    }
    return due.length;
  });
}

/** The tick of one instance; answers a function that stops it. */
export function startCallbackAlerts(
  db: Kysely<Database>,
  alerts: Pick<Alerts, "notify" | "wake">,
  log: Logger,
  options: { intervalMs?: number } = {},
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    running ??= alertDueCallbacks(db, alerts)
      .then((count) => {
        if (count === 0) return;
        log.info("callback.alerted", { count });
        alerts.wake();
      })
      .catch((error: unknown) => log.error("callback.alert_failed", {}, error))
      .finally(() => (running = null));
  };
  const every = setInterval(tick, options.intervalMs ?? CALLBACK_TICK_MS);
  every.unref();
  return async () => {
    clearInterval(every);
    await running;
  };
}
