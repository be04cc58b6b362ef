import { href } from "react-router";
import { postSvc } from "#app/lib/svc-fetch.ts";
import { BLOG_PAGE_SIZE, type BlogItem } from "#app/features/blogs/types.ts";
import { createQueryCache } from "#app/features/blogs/query-cache.ts";

/** One page of the feed as the browser uses it. */
export interface FeedPage {
  items: BlogItem[];
  hasNext: boolean;
}

const HTTP_URL = /^https?:\/\//i;

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
}

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}

/** An item is shown only with an http(s) link; an image only if http(s) or a path on this site. */
function toItem(value: unknown): BlogItem | null {
  const raw = asRecord(value);
  const url = typeof raw.og_url === "string" ? raw.og_url.trim() : "";
  const seq = num(raw.og_seq);
  if (!HTTP_URL.test(url) || seq === undefined) return null;
  const image = typeof raw.og_image === "string" && (HTTP_URL.test(raw.og_image) || /^\/(?!\/)/.test(raw.og_image)) ? raw.og_image : null;
  const title = typeof raw.og_title === "string" && raw.og_title.trim() ? raw.og_title : null;
  const domain = typeof raw.domain_addr === "string" && raw.domain_addr.trim() ? raw.domain_addr : hostOf(url);
  return { og_seq: seq, og_title: title, og_url: url, og_image: image, domain_addr: domain };
}

/**
 * Reads `data` of a /svc/og/list answer the way spec §3 describes it: a
 * `list` or `items` array and paging hints — `hasNextPage` or `hasNext`, or
 * `pages` and `pageNum`, or `total`. An empty page never claims a next one.
 */
export function parseFeedPage(data: unknown, pageNum: number, pageSize = BLOG_PAGE_SIZE): FeedPage {
  const d = asRecord(data);
  const raw = Array.isArray(d.list) ? d.list : Array.isArray(d.items) ? d.items : [];
  const items = raw.map(toItem).filter((x): x is BlogItem => x !== null);
  let hasNext: boolean;
  if (typeof d.hasNextPage === "boolean") hasNext = d.hasNextPage;
  else if (typeof d.hasNext === "boolean") hasNext = d.hasNext;
  else if (num(d.pages) !== undefined) hasNext = (num(d.pageNum) ?? pageNum) < num(d.pages)!;
  else if (num(d.total) !== undefined) hasNext = pageNum * pageSize < num(d.total)!;
  else hasNext = raw.length >= pageSize;
  return { items, hasNext: hasNext && raw.length > 0 };
}

class FeedError extends Error {}

/** POST /svc/og/list {page_num, page_size: 4} (spec §7). */
export async function fetchFeedPage(pageNum: number): Promise<FeedPage> {
  const outcome = await postSvc(href("/svc/og/list"), { page_num: pageNum, page_size: BLOG_PAGE_SIZE });
  if (outcome.kind !== "ok") throw new FeedError(outcome.kind === "rejected" ? `og/list answered ${outcome.status}` : "og/list: no answer");
  return parseFeedPage(outcome.data, pageNum);
}

/** Spec §9: fresh 30 s, kept 5 minutes, one retry, no refetch on window focus. */
export const feedCache = createQueryCache<number, FeedPage>({ freshMs: 30_000, keepMs: 5 * 60_000, retries: 1, retryDelayMs: 1_000 });
