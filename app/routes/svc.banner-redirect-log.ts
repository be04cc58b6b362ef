import type { Route } from "./+types/svc.banner-redirect-log";
import { readJson, BadRequest } from "~/lib/http.server";
import { validate } from "~/lib/schema";
import { services } from "~/lib/services.server";
import { svcAction, svcMethodNotAllowed, svcOk } from "~/lib/svc.server";
import { bannerLogSchema } from "~/features/banners/schema";
import { isKnownBanner, recordBannerRedirect } from "~/features/banners/banner-log.server";

export const loader = svcMethodNotAllowed;

export const action = svcAction("banner-log", async ({ request, context }: Route.ActionArgs) => {
  const result = validate(bannerLogSchema, await readJson(request, 4 * 1024));
  if (!result.success) throw new BadRequest("invalid", result.errors);
  if (!isKnownBanner(result.output)) throw new BadRequest("invalid", { partner_name: "common.errors.unknownPartner" });
  const id = await recordBannerRedirect(services(context).db, result.output);
  return svcOk({ id });
});
