import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { CodedError } from "#app/lib/coded-error.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";
import { paging } from "#app/lib/paging.ts";
import { checkUrl, fetchOpenGraph, OgFetchError, type OgFetchOptions } from "#app/features/blog-links/og-fetch.server.ts";
import { bumpContentVersion } from "#app/lib/content-version.server.ts";

/**
 * The blog/link items of /information-service/blogs (served by /svc/og/list):
 * an operator adds a URL, the server reads the page's Open Graph title and
 * image; the operator may correct them or delete the item. Each change moves
 * the content version in its transaction, so every instance drops its cached
 * blog page within seconds (ADR 0021, 0025).
 */
const BLOG_ADMIN_PAGE_SIZE = 30;
const TITLE_MAX = 500;
const URL_MAX = 2048;

type Db = Kysely<Database>;

export interface AdminBlogLink {
  id: number;
  title: string | null;
  url: string;
  image: string | null;
  domain: string;
  added: string;
}

export type BlogLinkError = "url" | "duplicate" | "blocked" | "unreachable" | "not_html" | "image" | "missing";

export class BlogLinkProblem extends CodedError<BlogLinkError> {}

export async function listAdminBlogLinks(
  db: Db,
  page: number,
): Promise<{ links: AdminBlogLink[]; total: number; page: number; pages: number }> {
  const {
    total,
    page: current,
    pages,
    limit,
    offset,
  } = paging(
    await db
      .selectFrom("blog_links")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirst(),
    page,
    BLOG_ADMIN_PAGE_SIZE,
  );
  const rows = await db
    .selectFrom("blog_links")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return {
    links: rows.map((r) => ({
      id: r.id,
      title: r.og_title,
      url: r.og_url,
      image: r.og_image,
      domain: r.domain_addr,
      added: formatSeoul(r.created_at),
    })),
    total,
    page: current,
    pages,
  };
}

function problemOf(error: unknown): BlogLinkProblem {
  if (error instanceof OgFetchError) {
    if (error.code === "url") return new BlogLinkProblem("url");
    if (error.code === "blocked") return new BlogLinkProblem("blocked");
    if (error.code === "not_html") return new BlogLinkProblem("not_html");
    return new BlogLinkProblem("unreachable");
  }
  throw error;
}

/** Fetches the page and stores its title, image and domain. */
export async function addBlogLink(db: Db, input: string, fetchOptions: OgFetchOptions, now = new Date()): Promise<AdminBlogLink> {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > URL_MAX) throw new BlogLinkProblem("url");
  let url: URL;
  try {
    url = checkUrl(trimmed);
  } catch {
    throw new BlogLinkProblem("url");
  }
  const existing = await db.selectFrom("blog_links").select("id").where("og_url", "=", url.href).executeTakeFirst();
  if (existing) throw new BlogLinkProblem("duplicate");
  const og = await fetchOpenGraph(url.href, fetchOptions).catch((error: unknown) => {
    throw problemOf(error);
  });
  const at = now.toISOString();
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("blog_links")
      .values({ og_title: og.title, og_url: url.href, og_image: og.image, domain_addr: og.domain, created_at: at, updated_at: at })
      .returning(["id", "og_title", "og_url", "og_image", "domain_addr", "created_at"])
      .executeTakeFirstOrThrow();
    await bumpContentVersion(trx, now);
    return inserted;
  });
  return {
    id: row.id,
    title: row.og_title,
    url: row.og_url,
    image: row.og_image,
    domain: row.domain_addr,
    added: formatSeoul(row.created_at),
  };
}

/** An operator's correction of the title and image (empty clears them). */
export async function updateBlogLink(db: Db, id: number, input: { title: string; image: string }, now = new Date()): Promise<void> {
  const title = input.title.replace(/\s+/g, " ").trim().slice(0, TITLE_MAX) || null;
  let image: string | null = null;
  const rawImage = input.image.trim();
  if (rawImage) {
    if (rawImage.length > URL_MAX) throw new BlogLinkProblem("image");
    try {
      image = checkUrl(rawImage).href;
    } catch {
      throw new BlogLinkProblem("image");
    }
  }
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("blog_links")
      .set({ og_title: title, og_image: image, updated_at: now.toISOString() })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new BlogLinkProblem("missing");
    await bumpContentVersion(trx, now);
  });
}

export async function deleteBlogLink(db: Db, id: number, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom("blog_links").where("id", "=", id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new BlogLinkProblem("missing");
    await bumpContentVersion(trx, now);
  });
}
