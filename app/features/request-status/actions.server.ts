import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { AppServices } from "#app/lib/services.server.ts";
import { eraseRequests } from "#app/features/privacy-rights/erase.server.ts";
import { findStatusLink, type StatusLink } from "#app/features/request-status/link.server.ts";
import { statusFacts } from "#app/features/request-status/status.server.ts";
import { FINAL_STAGES, stageOf } from "#app/features/request-status/view.ts";
import { isOfferedSlot } from "#app/features/request-status/hours.ts";
import { reclaim } from "#app/features/retention/retention.server.ts";
import { moveStage } from "#app/features/requests/pipeline.server.ts";
import type { RequestStage } from "#db/schema.ts";

/**
 * The visitor's two actions on the status page (issue 28), without a phone
 * call: choose another call-back time, or close the request and erase its
 * personal data. Each is refused on a request that is already decided or
 * closed, runs in one transaction, and is audited as the visitor's own act
 * (no operator; no personal data in the entry).
 */
export type ActionOutcome = { ok: "rescheduled"; at: string } | { ok: "withdrawn" } | { error: "closed" | "slot" | "gone" | "confirm" };

/** The audit log's name for the visitor acting on their own request. */
export const VISITOR = "(visitor)";
/** The alert kind that tells the agents a call-back moved (no personal data: the request's number and the time). */
export const CALLBACK_ALERT_KIND = "callback";

type Store = Pick<AppServices, "db" | "alerts">;

async function auditVisitor(
  trx: Transaction<Database>,
  action: "visitor_reschedule" | "visitor_withdraw",
  link: StatusLink,
  detail: string,
  now: Date,
) {
  await trx
    .insertInto("admin_audit_log")
    .values({
      operator_id: null,
      operator_email: VISITOR,
      action,
      record_kind: link.request_kind,
      record_id: link.request_id,
      detail,
      created_at: now.toISOString(),
    })
    .execute();
}

/** The live link and whether its request may still be changed. */
async function openLink(
  store: Store,
  token: string,
  now: Date,
): Promise<{ link: StatusLink; stage: RequestStage } | { error: "gone" | "closed" }> {
  const link = await findStatusLink(store.db, token, now);
  if (!link) return { error: "gone" };
  const facts = await statusFacts(store.db, link);
  if (!facts) return { error: "gone" };
  if (link.request_kind !== "consultation" || link.withdrawn_at || FINAL_STAGES.includes(stageOf(facts.status))) return { error: "closed" };
  return { link, stage: facts.status as RequestStage };
}

/** "Call me at another time": a slot inside the working hours within 7 days. */
export async function rescheduleCall(store: Store, token: string, slot: string, now = new Date()): Promise<ActionOutcome> {
  const open = await openLink(store, token, now);
  if ("error" in open) return open;
  const at = isOfferedSlot(slot, now);
  if (!at) return { error: "slot" };
  const iso = at.toISOString();
  await store.db.transaction().execute(async (trx) => {
    await trx.updateTable("request_status_links").set({ callback_at: iso }).where("id", "=", open.link.id).execute();
    await auditVisitor(trx, "visitor_reschedule", open.link, `callback_at=${iso}`, now);
    await store.alerts.schedule(trx, { kind: CALLBACK_ALERT_KIND, id: open.link.request_id, lang: open.link.lang, createdAt: iso });
  });
  store.alerts.wake();
  return { ok: "rescheduled", at: iso };
}

/**
 * "I no longer need this", after its confirmation step: the request closes as
 * withdrawn and its personal data is erased by the privacy page's erasure
 * (answers, consent records, alert deliveries); the link stays and says what
 * was deleted. Its source (no personal data) stays for the reports.
 */
export async function withdrawRequest(store: Store, token: string, confirmed: boolean, now = new Date()): Promise<ActionOutcome> {
  const open = await openLink(store, token, now);
  if ("error" in open) return open;
  if (!confirmed) return { error: "confirm" };
  const { link, stage } = open;
  // The pipeline's own move (issue 26): closed as "withdrew", in its history (no personal data, it stays for
  // the reports); inside the same transaction the request's personal data is erased and the link remembers it.
  const moved = await moveStage(
    store.db,
    null,
    "consultation",
    link.request_id,
    stage,
    { to: "closed", reason: "withdrew" },
    now,
    async (trx) => {
      const counts = await eraseRequests(trx, { consultation: [link.request_id] });
      await trx
        .updateTable("request_status_links")
        .set({ withdrawn_at: now.toISOString(), erased: JSON.stringify(counts), callback_at: null })
        .where("id", "=", link.id)
        .execute();
      await auditVisitor(trx, "visitor_withdraw", link, "withdrawn; personal data erased", now);
    },
  );
  if (!moved.ok) return { error: moved.error === "missing" ? "gone" : "closed" };
  // Deleted means gone from the files too, as retention makes it (SQLite's WAL checkpointed, PostgreSQL's tables vacuumed).
  await reclaim(store.db, ["consultation_answer_items", "consent_records", "consultation_answers", "alert_deliveries"]);
  return { ok: "withdrawn" };
}
