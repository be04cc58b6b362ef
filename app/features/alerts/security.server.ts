import type { Kysely } from "kysely";
import type { RouterContextProvider } from "react-router";
import { requestContext, services } from "#app/lib/services.server.ts";
import { noteSignInNetwork } from "#app/features/console/networks-seen.server.ts";
import { alertsOf } from "#app/features/alerts/context.server.ts";
import type { Database } from "#db/schema.ts";
import type { Alerts } from "#app/features/alerts/alerts.server.ts";
import { LOCKOUT_KIND, NEW_NETWORK_KIND } from "#app/features/alerts/message.ts";

/**
 * A sign-in the administrators should look at (issue 52, item 5; 고시
 * 제6조①2): a lock-out, or an operator signed in from a network not seen
 * before. Queued as Web Push to every enabled administrator's devices
 * through the existing alerts outbox, then the worker is woken. `operatorId`
 * 0: the locked address is no operator's.
 */
export async function alertAdministrators(
  db: Kysely<Database>,
  alerts: Alerts,
  kind: typeof LOCKOUT_KIND | typeof NEW_NETWORK_KIND,
  operatorId: number,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const admins = await trx
      .selectFrom("admin_operators")
      .select("id")
      .where("role", "=", "admin")
      .where("disabled_at", "is", null)
      .execute();
    await alerts.notify(
      trx,
      admins.map((a) => a.id),
      { kind, id: operatorId, lang: "ko", createdAt: now.toISOString() },
    );
  });
  alerts.wake();
}

export { LOCKOUT_KIND, NEW_NETWORK_KIND };

/** After a completed sign-in: the operator's network noted, and the administrators alerted when it is new for them. */
export async function watchSignIn(context: Readonly<RouterContextProvider>, operatorId: number, now: Date): Promise<void> {
  const { db } = services(context);
  const news = await noteSignInNetwork(db, operatorId, context.get(requestContext).clientIp, now);
  if (news === "new") await alertAdministrators(db, alertsOf(context), NEW_NETWORK_KIND, operatorId, now);
}

/** After a refused attempt: the administrators alerted when this failure is the one that locked the address out. */
export async function watchLockout(
  context: Readonly<RouterContextProvider>,
  refusal: { justLocked?: { operatorId: number | null } },
  now: Date,
): Promise<void> {
  if (!refusal.justLocked) return;
  await alertAdministrators(services(context).db, alertsOf(context), LOCKOUT_KIND, refusal.justLocked.operatorId ?? 0, now);
}
