import type { Route } from "./+types/svc.banner-redirect-log";
import { readJson, BadRequest } from "#app/lib/http.server.ts";
import { validate } from "#app/lib/schema.ts";
import { services } from "#app/lib/services.server.ts";
import { svcAction, svcMethodNotAllowed, svcOk } from "#app/web/svc.server.ts";
import { bannerLogSchema, BANNER_LOG_BODY_LIMIT } from "#app/features/banners/schema.ts";
import { isKnownBanner, recordBannerRedirect } from "#app/features/banners/banner-log.server.ts";

export const loader = svcMethodNotAllowed;

export const action = svcAction("banner-log", async ({ request, context }: Route.ActionArgs) => {
  const result = validate(bannerLogSchema, await readJson(request, BANNER_LOG_BODY_LIMIT));
  if (!result.success) throw new BadRequest("invalid", result.errors);
  const { db } = services(context);
  if (!(await isKnownBanner(db, result.output))) throw new BadRequest("invalid", { partner_name: "common.errors.unknownPartner" });
  const id = await recordBannerRedirect(db, result.output);
  return svcOk({ id });
});
