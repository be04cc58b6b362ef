import type { Route } from "./+types/svc.purchase";
import { svcAction, svcBody, svcMethodNotAllowed, svcOk } from "#app/web/svc.server.ts";
import { sourceOfPayload } from "#app/requests/source.server.ts";
import { statusUrlFor } from "#app/requests/status-answer.server.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import { inquirySchema } from "#app/features/counter-inquiry/schema.ts";
import { createPurchaseRequest, INQUIRY_BODY_LIMIT, PURCHASE_BUCKET } from "#app/features/counter-inquiry/requests.server.ts";
import { requestStore } from "#app/features/alerts/context.server.ts";
import { whileCounterOn } from "#app/features/counter-inquiry/module.server.ts";

export const loader = svcMethodNotAllowed;

/** POST /svc/purchase/create (spec §7): JSON {applicant_name, contact_phone, applicant_addr, inquiry_content}; 404 while the cash counter is switched off (issue 47). */
export const action = svcAction(
  PURCHASE_BUCKET,
  whileCounterOn(async ({ request, context }: Route.ActionArgs) => {
    const sent = await svcBody(request, inquirySchema("purchase"), { limit: INQUIRY_BODY_LIMIT });
    const stored = sent
      ? await createPurchaseRequest(requestStore(context), sent.output, localeOf(context), sourceOfPayload(sent.body))
      : null;
    return svcOk({ accepted: true, status_url: statusUrlFor(context, request, stored?.statusToken ?? null) });
  }),
);
