import { site } from "#app/config/site.ts";

/** `<title>` of a console page (its loader returns `title`), never indexed. */
export function adminMeta({ loaderData }: { loaderData?: unknown }) {
  const title = (loaderData as { title?: string } | undefined)?.title;
  return [{ title: title ? `${title} | ${site.brandName}` : site.brandName }, { name: "robots", content: "noindex, nofollow" }];
}
