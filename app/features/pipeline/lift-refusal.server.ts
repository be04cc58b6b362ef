import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { RequestKind } from "#app/requests/kinds.ts";
import { liftContactRefusal } from "#app/requests/do-not-contact.server.ts";
import { cleanText, hasControlCharacter } from "#app/lib/schema.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { requestDetail } from "#app/features/pipeline/request-detail.server.ts";
import { LIFT_REASON_MAX, type LiftResult } from "#app/features/pipeline/lift-refusal.ts";

/** Eight digits in a row read as a phone or ID number: the reason stays in the audit log, the number must not. */
const LOOKS_LIKE_A_NUMBER = /\d(?:[\s-]?\d){7}/;

/**
 * An administrator lifts a number's refusal of contact from one of its
 * requests (issue 48 item 5), with a reason: the number leaves the list, the
 * audit log keeps who, when and why (never the number). The person lifts it
 * themselves on the rights page, with a code.
 */
export async function liftRefusalByAdmin(
  db: Kysely<Database>,
  who: { operator: { id: number; email: string } },
  request: { kind: RequestKind; id: number },
  rawReason: string,
  now = new Date(),
): Promise<LiftResult | null> {
  const reason = cleanText(rawReason).trim();
  if (
    !reason ||
    reason.length > LIFT_REASON_MAX ||
    hasControlCharacter(rawReason.replace(/\r?\n/g, " ")) ||
    LOOKS_LIKE_A_NUMBER.test(reason)
  )
    return { ok: false, error: "reason" };
  const detail = await requestDetail(db, request.kind, request.id);
  if (!detail) return null;
  const phone = (detail.fields.find((f) => f.label === "phone")?.value ?? "").replace(/\D+/g, "");
  return db.transaction().execute(async (trx) => {
    if (!(await liftContactRefusal(trx, phone))) return { ok: false, error: "notRefused" } as const;
    await audit(trx, who, "call", request, `do_not_contact lifted by an administrator: ${reason}`, now);
    return { ok: true } as const;
  });
}
