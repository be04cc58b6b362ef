import type { Kysely } from "kysely";
import type { Database, RightsRequestKind, RightsStatus } from "#db/schema.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";

/** The rights requests visitors sent through /privacy-rights, newest first (the console's "Privacy" page). */
export interface RightsRow {
  id: number;
  request: ActedKind;
  phone: string;
  status: RightsStatus;
  received: string;
}

/**
 * The requests this page carries out; access requests and complaints are
 * answered on the deadlines page (issue 28). A contact refusal is carried out
 * when it arrives (issue 35): listed here, closed, for the record and a copy.
 */
type ActedKind = Extract<RightsRequestKind, "withdraw_marketing" | "erase" | "refuse_contact">;
const ACTED_KINDS: ActedKind[] = ["withdraw_marketing", "erase", "refuse_contact"];

export async function listRightsRequests(db: Kysely<Database>): Promise<RightsRow[]> {
  const rows = await db
    .selectFrom("rights_requests")
    .select(["id", "request_kind", "phone", "status", "created_at"])
    .where("request_kind", "in", ACTED_KINDS)
    .orderBy("id", "desc")
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    request: r.request_kind as ActedKind,
    phone: r.phone,
    status: r.status,
    received: formatSeoul(r.created_at),
  }));
}

/** A rights request's number and kind, or undefined. */
export async function rightsRequest(db: Kysely<Database>, id: number) {
  return db.selectFrom("rights_requests").select(["id", "request_kind", "phone"]).where("id", "=", id).executeTakeFirst();
}

/** Marks a rights request done (a withdrawal keeps its request; an erasure deletes it with the rest). */
export async function closeRightsRequest(db: Kysely<Database>, id: number, now = new Date()) {
  await db.updateTable("rights_requests").set({ status: "closed", updated_at: now.toISOString() }).where("id", "=", id).execute();
}
