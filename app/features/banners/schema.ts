import { noControlCharacters, v } from "#app/lib/schema.ts";

/** The largest banner-log body read: a partner's name and a URL. */
export const BANNER_LOG_BODY_LIMIT = 4 * 1024;

/** POST /svc/banner/redirect/logs/create (spec §7). */
export const bannerLogSchema = v.object({
  partner_name: v.pipe(
    v.string("common.errors.required"),
    v.trim(),
    v.nonEmpty("common.errors.required"),
    v.maxLength(200, "common.errors.tooLong"),
    noControlCharacters(),
  ),
  redirect_url: v.pipe(
    v.string("common.errors.required"),
    v.trim(),
    v.maxLength(2048, "common.errors.tooLong"),
    noControlCharacters(),
    v.url("common.errors.url"),
    v.regex(/^https?:\/\//i, "common.errors.url"),
  ),
});

export type BannerLogInput = v.InferOutput<typeof bannerLogSchema>;
