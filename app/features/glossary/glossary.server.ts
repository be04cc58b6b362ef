import { MAX_EXCHANGES, type Glossary } from "#app/features/glossary/types.ts";
import { contentByLocale } from "#app/features/site/content.server.ts";

const files = import.meta.glob<{ default: Glossary }>("/content/*/glossary.json", { eager: true });

/** The glossary in one language (only that one reaches the browser). */
export const glossaryFor = contentByLocale(files, "glossary");

export { MAX_EXCHANGES };

/**
 * The conversation asked for in the URL (`?term=a&term=b`, what the chips
 * submit without JavaScript): known term ids only, the latest MAX_EXCHANGES.
 */
export function askedTerms(glossary: Glossary, url: URL): string[] {
  const known = new Set(glossary.categories.flatMap((c) => c.terms.map((t) => t.id)));
  return url.searchParams
    .getAll("term")
    .filter((id) => known.has(id))
    .slice(-MAX_EXCHANGES);
}
