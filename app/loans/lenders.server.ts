import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { inLocale, parsePerLocale } from "#app/i18n/per-locale.ts";
import { lastKnown } from "#app/lib/last-known.server.ts";
import { liveVersion } from "#app/loans/live.ts";
import { productApproved } from "#app/loans/product-gaps.ts";

/**
 * The lenders the site names (issue 47, item 1): those of the products live
 * now — switched on, with a published version in effect whose ad is
 * approved — in the products' order, each once. One list for every surface:
 * the 금융소비자보호법 제26조 notice before a request, the legal texts'
 * `{lenders}`, the partners page, the eligibility answer and the ad
 * disclosure. No product live, no lender named.
 */
export interface LiveLender {
  id: number;
  /** 상호, as the law's notices write it (Korean). */
  legalName: string;
  /** The name visitors read in their language (English when not translated). */
  name: string;
  /** That name in every language. */
  names: Record<Locale, string>;
  /** Its logo as served, or null. */
  logo: string | null;
  /** The names of its live products, in the language asked for. */
  products: string[];
}

type Db = Kysely<Database>;

async function readLiveLenders(db: Db, locale: Locale, now: Date): Promise<LiveLender[]> {
  const products = await db
    .selectFrom("loan_products as p")
    .innerJoin("loan_lenders as l", "l.id", "p.lender_id")
    .select(["p.id as productId", "l.id", "l.legal_name", "l.names", "l.logo"])
    .where("p.enabled", "=", 1)
    .where("p.retired_at", "is", null)
    .orderBy("p.position")
    .orderBy("p.id")
    .execute();
  if (products.length === 0) return [];
  const versions = await db
    .selectFrom("loan_product_versions")
    .selectAll()
    .where(
      "product_id",
      "in",
      products.map((p) => p.productId),
    )
    .execute();
  const lenders = new Map<number, LiveLender>();
  for (const product of products) {
    const live = liveVersion(
      versions.filter((v) => v.product_id === product.productId),
      now,
    );
    if (!live || !productApproved(live, now)) continue;
    const productName = inLocale(parsePerLocale(live.names), locale, (s) => !s.trim()) ?? "";
    const known = lenders.get(product.id);
    if (known) {
      known.products.push(productName);
      continue;
    }
    const stored = parsePerLocale(product.names);
    const names = Object.fromEntries(LOCALES.map((l) => [l, inLocale(stored, l, (s) => !s.trim()) || product.legal_name])) as Record<
      Locale,
      string
    >;
    lenders.set(product.id, {
      id: product.id,
      legalName: product.legal_name,
      name: names[locale],
      names,
      logo: product.logo,
      products: [productName],
    });
  }
  return [...lenders.values()];
}

/** While the database is away, the list this process last read (never a page without its lenders). */
export const liveLenders: (db: Db, locale: Locale, now?: Date) => Promise<LiveLender[]> = (() => {
  const read = lastKnown(
    (db: Db, locale: Locale, now: Date) => readLiveLenders(db, locale, now),
    (locale) => locale,
  );
  return (db: Db, locale: Locale, now = new Date()) => read(db, locale, now);
})();
