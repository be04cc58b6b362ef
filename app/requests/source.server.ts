import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { cleanSource, isEmptySource, SOURCE_KEYS, sourceField, utmOf, type RequestSource } from "#app/requests/source.ts";

/**
 * Where a request came from, on the server (issue 28, point 4). With
 * JavaScript the page sends what the tab remembered (hidden `src_*` fields or
 * the API payload's `source`); without it, the server has only what it can
 * see: the UTM tags of the page the form was posted from (the post's own
 * query, else its same-site Referer). Nothing else is inferred, and nothing
 * is stored for a request that came from nowhere we can tell.
 */
export function sourceFromFields(fields: Record<string, string | undefined>): RequestSource {
  return cleanSource(Object.fromEntries(SOURCE_KEYS.map((key) => [key, fields[sourceField(key)]])));
}

/** The UTM tags the server can see on a post: its URL's, else those of the same-site page it came from. */
export function utmOfPost(request: Request): RequestSource {
  const url = new URL(request.url);
  const own = utmOf(url.search);
  if (!isEmptySource(own)) return own;
  const referer = request.headers.get("referer");
  if (!referer) return {};
  try {
    const from = new URL(referer);
    return from.host === url.host ? utmOf(from.search) : {};
  } catch {
    return {};
  }
}

/** A form post's source: the tab's (hidden fields) when there is one, else what the post itself shows. */
export function sourceOfForm(request: Request, fields: Record<string, string | undefined>): RequestSource {
  const sent = sourceFromFields(fields);
  return isEmptySource(sent) ? utmOfPost(request) : sent;
}

/** An API payload's `source` object (optional, unknown keys ignored, bad values dropped). */
export function sourceOfPayload(body: unknown): RequestSource {
  return body && typeof body === "object" ? cleanSource((body as { source?: unknown }).source) : {};
}

export async function storeSource(
  trx: Transaction<Database>,
  request: { kind: string; id: number; now: Date },
  source: RequestSource,
): Promise<void> {
  if (isEmptySource(source)) return;
  await trx
    .insertInto("request_sources")
    .values({
      request_kind: request.kind,
      request_id: request.id,
      utm_source: source.utm_source ?? null,
      utm_medium: source.utm_medium ?? null,
      utm_campaign: source.utm_campaign ?? null,
      banner_key: source.banner ?? null,
      referrer_domain: source.referrer ?? null,
      eligibility_used: source.eligibility ? 1 : 0,
      created_at: request.now.toISOString(),
    })
    .onConflict((oc) => oc.columns(["request_kind", "request_id"]).doNothing())
    .execute();
}
