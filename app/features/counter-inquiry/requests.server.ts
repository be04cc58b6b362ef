import { insertOnce, recordRequest, requestTimes, type RequestStore } from "#app/requests/record.server.ts";
import type { InquiryInput } from "#app/features/counter-inquiry/schema.ts";
import type { StoredPhoto } from "#app/features/counter-inquiry/photos.server.ts";
import type { RequestSource } from "#app/requests/source.ts";

/** Rate-limit buckets of the /svc/as and /svc/purchase routes (the page's form action has its own, in submit.server.ts). */
export const AS_BUCKET = "as-request";
export const PURCHASE_BUCKET = "purchase-request";
/** A purchase inquiry's JSON (four fields of at most 3,000 characters): the API's and the form's body limit. */
export const INQUIRY_BODY_LIMIT = 32 * 1024;

function columns(input: InquiryInput, lang: string, now: Date) {
  return {
    applicant_name: input.applicant_name,
    contact_phone: input.contact_phone,
    applicant_addr: input.applicant_addr,
    inquiry_content: input.inquiry_content,
    submission_id: input.submission_id ?? null,
    lang,
    ...requestTimes(now),
  };
}

/**
 * An A/S request, its photos and its alerts, in one transaction: all are
 * stored or none. The photos are bytes in the database, readable only through the
 * operator console (no file on a public path, no guessable URL). A retried
 * submission finds its first row and adds no photos.
 */
export async function createAsRequest(
  store: RequestStore,
  input: InquiryInput,
  photos: readonly StoredPhoto[],
  lang: string,
  source: RequestSource = {},
  now = new Date(),
) {
  return recordRequest(store, { kind: "as", lang, now, source, phone: input.contact_phone }, async (trx) => {
    const request = await insertOnce(trx, "as_requests", columns(input, lang, now));
    if (request.created && photos.length > 0) {
      await trx
        .insertInto("as_request_photos")
        .values(photos.map((photo) => ({ as_request_id: request.id, ...photo, created_at: now.toISOString() })))
        .execute();
    }
    return request;
  });
}

export async function createPurchaseRequest(
  store: RequestStore,
  input: InquiryInput,
  lang: string,
  source: RequestSource = {},
  now = new Date(),
) {
  return recordRequest(store, { kind: "purchase", lang, now, source, phone: input.contact_phone }, (trx) =>
    insertOnce(trx, "purchase_requests", columns(input, lang, now)),
  );
}
