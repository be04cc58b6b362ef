import { data } from "react-router";
import { services } from "#app/lib/services.server.ts";
import { HONEYPOT_FIELD, isSpam } from "#app/lib/honeypot.ts";
import { seoulDay } from "#app/lib/seoul-time.ts";
import { statusLinksOfPhone } from "#app/requests/phone.server.ts";
import { statusPath } from "#app/requests/status-link.server.ts";
import type { StatusKind } from "#app/requests/kinds.ts";
import { proofStep, proofAnswer } from "#app/features/phone-proof/proof.server.ts";
import { proofAction } from "#app/features/phone-proof/proof-action.server.ts";

export const FIND_BUCKET = "find-request";

export interface FoundLink {
  kind: StatusKind;
  path: string;
  day: string;
}

/**
 * "Find my request again" (issue 49 item 4): a number, then the code sent to
 * it, then the live status links of that number's requests — the same links
 * the completion pages showed, made again from their salts (ADR 0033), each
 * opening its status page in its request's language. A code goes out only
 * when the number has a live link; the page says the same either way.
 */
export const findAction = proofAction(FIND_BUCKET, async (args, form) => {
  const { db, secret } = services(args.context);
  // A bot that fills every field gets the first step's answer, and nothing is sent.
  if (isSpam(form[HONEYPOT_FIELD])) return proofAnswer({ step: "code", phone: "" });
  const outcome = await proofStep(args, form, "find", async (db, phone) => (await statusLinksOfPhone(db, secret, phone)).length > 0);
  if ("answer" in outcome) return outcome.answer;
  const links = await statusLinksOfPhone(db, secret, outcome.proven);
  const found: FoundLink[] = links.map((l) => ({ kind: l.kind, path: statusPath(l.token, l.lang), day: seoulDay(l.created_at) }));
  return data({ found }, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
});
