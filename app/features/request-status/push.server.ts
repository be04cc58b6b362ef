import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { validate } from "#app/lib/schema.ts";
import { findStatusLink } from "#app/requests/status-link.server.ts";
import { subscribeVisitor, unsubscribeVisitor } from "#app/features/visitor-news/visitor-push.server.ts";
import { PUSH_SUBSCRIBE, pushEndpointSchema, visitorSubscriptionSchema } from "#app/features/visitor-news/visitor-push.ts";

/**
 * "Tell me on this phone" and "Stop notifications" (issue 38): the phone's
 * push subscription, read with the one schema, tied to this status link.
 * Refused for a link that opens nothing or was withdrawn; bad input changes nothing.
 */
export type PushOutcome = { ok: "subscribed" | "unsubscribed" } | { error: "gone" | "malformed" };

export async function pushAction(
  db: Kysely<Database>,
  token: string,
  intent: string,
  form: Record<string, string>,
  now = new Date(),
): Promise<PushOutcome> {
  const subscribing = intent === PUSH_SUBSCRIBE;
  const parsed = subscribing
    ? validate(visitorSubscriptionSchema, { endpoint: form.endpoint, p256dh: form.p256dh, auth: form.auth })
    : validate(pushEndpointSchema, form.endpoint);
  if (!parsed.success) return { error: "malformed" };
  const link = await findStatusLink(db, token, now);
  if (!link || link.withdrawn_at) return { error: "gone" };
  if (subscribing) {
    await subscribeVisitor(db, link, parsed.output as { endpoint: string; p256dh: string; auth: string }, now);
    return { ok: "subscribed" };
  }
  await unsubscribeVisitor(db, link, parsed.output as string);
  return { ok: "unsubscribed" };
}
