import { MAX_EXCHANGES, type Glossary } from "#app/features/glossary/types.ts";
import { contentByLocale } from "#app/features/site/content.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { fillStatutes } from "#app/loans/statutes.server.ts";
import { statesRates, withFigures, type RangeVars } from "#app/loans/ranges.ts";

const files = import.meta.glob<{ default: Glossary }>("/content/*/glossary.json", { eager: true });

const raw = contentByLocale(files, "glossary");

/** The glossary in one language (only that one reaches the browser), with the law's sentences from the statute folder (ADR 0051). */
export const glossaryFor = (locale: Locale): Glossary => fillStatutes(raw(locale), locale);

export { MAX_EXCHANGES };

/**
 * The glossary as the page shows it: each entry's figures sentence filled
 * with the live products' figures (`liveFigures`), or gone when nothing is live.
 */
export function glossaryWithFigures(glossary: Glossary, figures: RangeVars | null): Glossary {
  return {
    ...glossary,
    categories: glossary.categories.map((category) => ({
      ...category,
      terms: category.terms.map(({ figures: sentence, ...term }) => ({
        ...term,
        description: withFigures(term.description, sentence, figures),
        ...(statesRates(term.description, sentence, figures) ? { statesRates: true } : {}),
      })),
    })),
  };
}

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
