import type { Route } from "./+types/svc.purchase";
import { isSpam, HONEYPOT_FIELD } from "~/lib/honeypot";
import { readJson, BadRequest } from "~/lib/http.server";
import { validate } from "~/lib/schema";
import { services } from "~/lib/services.server";
import { svcAction, svcMethodNotAllowed, svcOk } from "~/lib/svc.server";
import { localeOf } from "~/i18n/route.server";
import { inquirySchema } from "~/features/counter-inquiry/schema";
import { createPurchaseRequest, PURCHASE_BUCKET } from "~/features/counter-inquiry/requests.server";

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
