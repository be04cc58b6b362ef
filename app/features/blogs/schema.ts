import { v } from "#app/lib/schema.ts";
import { BLOG_MAX_PAGE_SIZE, BLOG_PAGE_SIZE } from "#app/features/blogs/types.ts";

// Types and constants live in ./types so the browser can use them without valibot.
export { BLOG_MAX_PAGE_SIZE, BLOG_PAGE_SIZE, type BlogItem, type BlogPage } from "#app/features/blogs/types.ts";

/** The largest /svc/og/list body read: two small numbers. */
export const OG_LIST_BODY_LIMIT = 2 * 1024;

/** POST /svc/og/list (spec §7): whole numbers, page from 1, size 1–50. */
export const ogListSchema = v.object({
  page_num: v.pipe(
    v.number("common.errors.integer"),
    v.integer("common.errors.integer"),
    v.minValue(1, "common.errors.range"),
    v.maxValue(1_000_000, "common.errors.range"),
  ),
  page_size: v.optional(
    v.pipe(
      v.number("common.errors.integer"),
      v.integer("common.errors.integer"),
      v.minValue(1, "common.errors.range"),
      v.maxValue(BLOG_MAX_PAGE_SIZE, "common.errors.range"),
    ),
    BLOG_PAGE_SIZE,
  ),
});
