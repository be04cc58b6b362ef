import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { BlogItem, BlogPage } from "#app/features/blogs/types.ts";

const HTTP_URL = /^https?:\/\//i;

/** Only rows whose link is http(s) are listed (and counted, so the paging fields agree). */
function httpLinks(eb: ExpressionBuilder<Database, "blog_links">) {
  const url = eb.fn<string>("lower", ["og_url"]);
  return eb.or([eb(url, "like", "http://%"), eb(url, "like", "https://%")]);
}

/** Only http(s) links and images ever leave the server; an image path on this site is kept. */
function safeItem(row: {
  id: number;
  og_title: string | null;
  og_url: string;
  og_image: string | null;
  domain_addr: string;
}): BlogItem | null {
  if (!HTTP_URL.test(row.og_url)) return null;
  const image = row.og_image && (HTTP_URL.test(row.og_image) || /^\/(?!\/)/.test(row.og_image)) ? row.og_image : null;
  return { og_seq: row.id, og_title: row.og_title, og_url: row.og_url, og_image: image, domain_addr: row.domain_addr };
}

/** Newest first; a page past the end is empty with hasNext false. */
export async function listBlogLinks(db: Kysely<Database>, pageNum: number, pageSize: number): Promise<BlogPage> {
  const countRow = await db
    .selectFrom("blog_links")
    .where(httpLinks)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirst();
  const total = Number(countRow?.n ?? 0);
  const rows = await db
    .selectFrom("blog_links")
    .where(httpLinks)
    .select(["id", "og_title", "og_url", "og_image", "domain_addr"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  const list = rows.map(safeItem).filter((x): x is BlogItem => x !== null);
  const pages = Math.ceil(total / pageSize);
  const hasNext = pageNum < pages;
  return { list, items: list, pageNum, pageSize, total, pages, hasNext, hasNextPage: hasNext };
}

/** The most pages the blog page renders on the server (`?page=n`, the no-script "more"). */
export const MAX_SERVER_PAGES = 25;

/** `?page=n` of the blog page: a whole number from 1 to MAX_SERVER_PAGES, else 1. */
export function requestedPage(url: URL): number {
  const raw = url.searchParams.get("page") ?? "";
  const page = /^\d{1,3}$/.test(raw) ? Number(raw) : 1;
  return Math.min(Math.max(page, 1), MAX_SERVER_PAGES);
}

/**
 * Pages 1…n at once for the server render: the same rows, in the same order,
 * as n calls of the API, so the browser goes on from page n + 1.
 */
export async function firstPages(db: Kysely<Database>, n: number, pageSize: number) {
  const page = await listBlogLinks(db, 1, n * pageSize);
  return { items: page.list, nextPage: n + 1, hasNext: page.hasNext };
}
