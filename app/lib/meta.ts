import { site } from "~/config/site";

interface PageLoaderData {
  title?: string;
  description?: string;
}

/** `<title>` and description of a page from its loader data. */
export function pageMeta({ loaderData }: { loaderData?: PageLoaderData | unknown }) {
  const data = (loaderData ?? {}) as PageLoaderData;
  const title = data.title ? `${data.title} | ${site.brandName}` : site.brandName;
  return [{ title }, ...(data.description ? [{ name: "description", content: data.description }] : [])];
}
