import type { Route } from "./+types/information-service.blogs";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { sharedPage } from "~/lib/cache";
import { services } from "~/lib/services.server";
import { PageTitle } from "~/features/layout/PageTitle";
import { firstPages, requestedPage } from "~/features/blogs/og-list.server";
import { BLOG_PAGE_SIZE } from "~/features/blogs/types";
import { BlogsPage } from "~/features/blogs/BlogsPage";

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
