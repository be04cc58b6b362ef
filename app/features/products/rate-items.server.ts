import type { Kysely } from "kysely";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { RateItems } from "#app/loans/RateItems.tsx";
import type { Database } from "#db/schema.ts";
import type { Locale } from "#app/i18n/locales.ts";
import type { RateItemsText } from "#app/loans/disclosure.ts";
import { rateItems } from "#app/loans/disclosure-text.server.ts";
import type { LegalFactsSource } from "#app/features/legal/documents.server.ts";
import { legalFactsOf, loanAds } from "#app/features/products/products.server.ts";

/**
 * The 대부업법 제9조③ items that go beside a sentence stating the live
 * products' rates, with a 대부중개업 registration (ADR 0056); null without it
 * or while nothing is live. A module of its own: the finished lines need the
 * catalogs (Vite's glob), which the plain-Node commands that read
 * products.server.ts (the go-live check) do not have.
 */
export async function liveRateItems(db: Kysely<Database>, locale: Locale, now = new Date()): Promise<RateItemsText | null> {
  return rateItems(await loanAds(db, locale, now), locale);
}

/**
 * What the legal modal states from the live products: their span, and beside the notice's rates their
 * items, as markup rendered here (the modal sits on every page: no code of theirs goes to the browser).
 */
export const legalViewFactsOf =
  (db: Kysely<Database>): LegalFactsSource =>
  async (now) => ({
    ...(await legalFactsOf(db)(now)),
    rateItemsHtml: async (locale) => {
      const items = await liveRateItems(db, locale, now);
      return items ? renderToStaticMarkup(createElement(RateItems, { items })) : "";
    },
  });
