import { v } from "~/lib/schema";

export const BLOG_PAGE_SIZE = 4;
export const BLOG_MAX_PAGE_SIZE = 50;

/** POST /svc/og/list (spec §7): whole numbers, page from 1, size 1–50. */
export const ogListSchema = v.object({
  page_num: v.pipe(v.number("common.errors.integer"), v.integer("common.errors.integer"), v.minValue(1, "common.errors.range"), v.maxValue(1_000_000, "common.errors.range")),
  page_size: v.optional(
    v.pipe(v.number("common.errors.integer"), v.integer("common.errors.integer"), v.minValue(1, "common.errors.range"), v.maxValue(BLOG_MAX_PAGE_SIZE, "common.errors.range")),
    BLOG_PAGE_SIZE,
  ),
});

export interface BlogItem {
  og_seq: number;
  og_title: string | null;
  og_url: string;
  og_image: string | null;
  domain_addr: string;
}

/** The list answer, with every paging hint the spec's client understands. */
export interface BlogPage {
  list: BlogItem[];
  items: BlogItem[];
  pageNum: number;
  pageSize: number;
  total: number;
  pages: number;
  hasNext: boolean;
  hasNextPage: boolean;
}
