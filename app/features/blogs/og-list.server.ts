import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema.ts";
import type { BlogItem, BlogPage } from "./schema";

const HTTP_URL = /^https?:\/\//i;

/** Only http(s) links and images ever leave the server; an image path on this site is kept. */
function safeItem(row: { id: number; og_title: string | null; og_url: string; og_image: string | null; domain_addr: string }): BlogItem | null {
  if (!HTTP_URL.test(row.og_url)) return null;
  const image = row.og_image && (HTTP_URL.test(row.og_image) || row.og_image.startsWith("/")) ? row.og_image : null;
  return { og_seq: row.id, og_title: row.og_title, og_url: row.og_url, og_image: image, domain_addr: row.domain_addr };
}

/** Newest first; a page past the end is empty with hasNext false. */
export async function listBlogLinks(db: Kysely<Database>, pageNum: number, pageSize: number): Promise<BlogPage> {
  const countRow = await db.selectFrom("blog_links").select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst();
  const total = Number(countRow?.n ?? 0);
  const rows = await db
    .selectFrom("blog_links")
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
