import { useLoaderData } from "react-router";
import { PageHeading } from "#app/ui/PageHeading.tsx";

/**
 * The page's `<h1>`: the translated title its loader gives (`pageData`), and
 * its description as the subtitle when asked. Titles live in the server-only
 * `pages` catalog, so they reach the browser once, in the loader data.
 */
export function PageTitle({ withDescription = false }: { withDescription?: boolean }) {
  const { title, description } = useLoaderData() as { title: string; description?: string };
  return <PageHeading subtitle={withDescription ? description : undefined}>{title}</PageHeading>;
}

/** The translated title of the current page, from its loader (`pageData`). */
export function usePageTitle(): string {
  return (useLoaderData() as { title: string }).title;
}
