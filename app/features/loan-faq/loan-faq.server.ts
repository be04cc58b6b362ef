import type { LoanFaq } from "#app/features/loan-faq/types.ts";
import { contentByLocale } from "#app/features/site/content.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { fillStatutes } from "#app/loans/statutes.server.ts";
import { statesRates, withFigures, type RangeVars } from "#app/loans/ranges.ts";

const files = import.meta.glob<{ default: LoanFaq }>("/content/*/loan-faq.json", { eager: true });

const raw = contentByLocale(files, "loan-faq");

/** The Loan FAQ in one language (only that one reaches the browser), with the law's sentences from the statute folder (ADR 0051). */
export const loanFaqFor = (locale: Locale): LoanFaq => fillStatutes(raw(locale), locale);

/**
 * The FAQ as the page shows it: each answer's figures sentence filled with
 * the live products' figures (`liveFigures`), or gone when nothing is live.
 */
export function loanFaqWithFigures(faq: LoanFaq, figures: RangeVars | null): LoanFaq {
  return {
    categories: faq.categories.map((category) => ({
      ...category,
      items: category.items.map(({ q, a, figures: sentence }) => ({
        q,
        a: withFigures(a, sentence, figures),
        ...(statesRates(a, sentence, figures) ? { statesRates: true } : {}),
      })),
    })),
  };
}

/** The category asked for by `?category=` (the chips without JavaScript), else the first. */
export function activeCategory(faq: LoanFaq, url: URL): string {
  const wanted = url.searchParams.get("category");
  return faq.categories.find((c) => c.id === wanted)?.id ?? faq.categories[0]?.id ?? "";
}
