import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { ipPrefix } from "#app/features/console/device.ts";

/**
 * Where operators sign in from (issue 52, item 5; 고시 제6조①2): each
 * sign-in notes its network (the prefix sessions keep: an IPv4 /24 or an
 * IPv6 /48, never the address). `new`: a network this operator has not
 * signed in from before, while others are known — the administrators are
 * alerted; `first`: the operator's first known network (nothing to compare
 * with, no alert); `known`: seen before; `unknown`: no address to read.
 */
export type NetworkNews = "first" | "known" | "new" | "unknown";

export async function noteSignInNetwork(db: Kysely<Database>, operatorId: number, ip: string | undefined, now: Date): Promise<NetworkNews> {
  const network = ipPrefix(ip);
  if (!network) return "unknown";
  const at = now.toISOString();
  const known = await db.selectFrom("admin_operator_networks").select("network").where("operator_id", "=", operatorId).execute();
  if (known.some((k) => k.network === network)) {
    await db
      .updateTable("admin_operator_networks")
      .set({ last_seen_at: at })
      .where("operator_id", "=", operatorId)
      .where("network", "=", network)
      .execute();
    return "known";
  }
  // Two sign-ins from one new network at once: one row, and each says "new" (one alert more at worst).
  await db
    .insertInto("admin_operator_networks")
    .values({ operator_id: operatorId, network, first_seen_at: at, last_seen_at: at })
    .onConflict((oc) => oc.columns(["operator_id", "network"]).doUpdateSet({ last_seen_at: at }))
    .execute();
  return known.length ? "new" : "first";
}
