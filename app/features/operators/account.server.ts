import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { authenticatorIssuer } from "#app/business/brand.server.ts";
import { pendingSecret, totpQrSvg, twoStepPolicy, twoStepRequired, unusedRecoveryCodes } from "#app/features/console/two-step.server.ts";

/** What the account page shows of two-step sign-in. */
export type TwoStepStatus =
  { enabled: true; required: boolean; recoveryLeft: number } | { enabled: false; required: boolean; qrSvg: string; secret: string };

export async function twoStepStatus(db: Kysely<Database>, who: SignedIn, appSecret: string, insideOnly = false): Promise<TwoStepStatus> {
  const row = await db.selectFrom("admin_operators").select("totp_enabled_at").where("id", "=", who.operator.id).executeTakeFirstOrThrow();
  const required = twoStepRequired(await twoStepPolicy(db, insideOnly), who.operator.role);
  if (row.totp_enabled_at) return { enabled: true, required, recoveryLeft: await unusedRecoveryCodes(db, who.operator.id) };
  const secret = await pendingSecret(db, who.operator.id, appSecret);
  const { svg } = await totpQrSvg(secret, who.operator.email, await authenticatorIssuer(db));
  return { enabled: false, required, qrSvg: svg, secret: secret.match(/.{1,4}/g)!.join(" ") };
}
