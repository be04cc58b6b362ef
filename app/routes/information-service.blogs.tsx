import type { Route } from "./+types/information-service.blogs";
import { pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { sharedPage } from "#app/lib/cache.ts";
import { services } from "#app/lib/services.server.ts";
import { PageTitle } from "#app/features/site/PageTitle.tsx";
import { firstPages, requestedPage } from "#app/features/blogs/og-list.server.ts";
import { BLOG_PAGE_SIZE } from "#app/features/blogs/types.ts";
import { BlogsPage } from "#app/features/blogs/BlogsPage.tsx";

/** The first page (or pages 1…n for `?page=n`, the no-script "more") is in the HTML. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const feed = await firstPages(services(context).db, requestedPage(new URL(request.url)), BLOG_PAGE_SIZE);
  return { ...pageData(context, ["blogs"], "infoBlogs"), feed };
}

export const meta = pageMeta;
/** The same for every visitor of a language (the feed changes rarely: kept 30 s). */
export const headers = sharedPage(30);

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle withDescription />
      {/* A new ?page= from a link starts the feed again from the server's pages. */}
      <BlogsPage key={loaderData.feed.nextPage} feed={loaderData.feed} />
    </>
  );
}
