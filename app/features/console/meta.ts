import { titleWithBrand } from "#app/web/seo.ts";
import { rootBusiness } from "#app/web/meta.ts";

/** `<title>` of a console page (its loader returns `title`), never indexed. */
export function adminMeta({
  loaderData,
  matches,
}: {
  loaderData?: unknown;
  matches?: readonly ({ id: string; loaderData?: unknown } | undefined)[];
}) {
  const title = (loaderData as { title?: string } | undefined)?.title;
  return [{ title: titleWithBrand(title, rootBusiness(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}
