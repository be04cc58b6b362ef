import type { Route } from "./+types/svc.purchase";
import { isSpam, HONEYPOT_FIELD } from "#app/lib/honeypot.ts";
import { readJson, BadRequest } from "#app/lib/http.server.ts";
import { validate } from "#app/lib/schema.ts";
import { services } from "#app/lib/services.server.ts";
import { svcAction, svcMethodNotAllowed, svcOk } from "#app/lib/svc.server.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import { inquirySchema } from "#app/features/counter-inquiry/schema.ts";
import { createPurchaseRequest, PURCHASE_BUCKET } from "#app/features/counter-inquiry/requests.server.ts";

export const loader = svcMethodNotAllowed;

/** POST /svc/purchase/create (spec §7): JSON {applicant_name, contact_phone, applicant_addr, inquiry_content}. */
export const action = svcAction(PURCHASE_BUCKET, async ({ request, context }: Route.ActionArgs) => {
  const body = await readJson(request, 32 * 1024);
  if (body && typeof body === "object" && isSpam((body as Record<string, unknown>)[HONEYPOT_FIELD])) return svcOk({ accepted: true });
  const result = validate(inquirySchema("purchase"), body);
  if (!result.success) throw new BadRequest("invalid", result.errors);
  await createPurchaseRequest(services(context), result.output, localeOf(context));
  return svcOk({ accepted: true });
});
