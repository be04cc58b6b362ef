import type { Locale } from "#app/i18n/locales.ts";
import { formatNumber } from "#app/i18n/intl.ts";
import { formatRate, percentToBp } from "#app/loans/rate.ts";
import { interpolate } from "#app/i18n/format.ts";

/**
 * The figures prose states about "our loans" (issue 47, item 2): the span of
 * the live products' amounts, rates and terms. Computed from the products an
 * administrator publishes, never typed into a catalog, a content file or a
 * legal text: the calculator's hints, the FAQ, the glossary, the loan guide
 * and the loan product notice all read this one function. No live product,
 * no figures: the sentence that would state them goes.
 */
export interface Span {
  min: number;
  max: number;
}

/** What a product contributes: KRW, percent a year (13 = 13.00 %), months, as `LoanProduct` carries them. */
export interface RangedProduct {
  amount: Span;
  rate: Span;
  term: Span;
}

export interface ProductRanges {
  amount: Span;
  /** Basis points (hundredths of a percent a year). */
  rateBp: Span;
  term: Span;
}

const span = (spans: Span[]): Span => ({ min: Math.min(...spans.map((s) => s.min)), max: Math.max(...spans.map((s) => s.max)) });

/** The smallest span holding every live product's figures, or null when nothing is live. */
export function productRanges(products: readonly RangedProduct[]): ProductRanges | null {
  if (products.length === 0) return null;
  const rates = products.map((p) => ({ min: percentToBp(p.rate.min), max: percentToBp(p.rate.max) }));
  return { amount: span(products.map((p) => p.amount)), rateBp: span(rates), term: span(products.map((p) => p.term)) };
}

/** The figures as message variables in `locale`: amountMin/Max (KRW, grouped), rateMin/Max (with %), termMin/Max (months). */
export type RangeVars = Record<"amountMin" | "amountMax" | "rateMin" | "rateMax" | "termMin" | "termMax", string>;

export function rangeVars(locale: Locale | "ko", ranges: ProductRanges): RangeVars {
  return {
    amountMin: formatNumber(locale, ranges.amount.min),
    amountMax: formatNumber(locale, ranges.amount.max),
    rateMin: formatRate(locale, ranges.rateBp.min),
    rateMax: formatRate(locale, ranges.rateBp.max),
    termMin: formatNumber(locale, ranges.term.min),
    termMax: formatNumber(locale, ranges.term.max),
  };
}

/** Where a text (a FAQ answer, a glossary entry) states the live products' figures: its separate sentence goes there. */
export const FIGURES_MARK = "{figures}";

/**
 * `text` with its `{figures}` mark replaced by `sentence` filled with the
 * live products' figures, or, when nothing is live (`vars` null), with the
 * mark and the space before it gone: no empty or "0" figure is ever shown.
 */
/**
 * Whether the filled text states the live products' rates (its `{figures}`
 * sentence names `{rateMin}` and a product is live): then, with a 대부중개업
 * registration, the 대부업법 제9조③ items go beside it (RateItems, ADR 0056).
 */
export function statesRates(text: string, sentence: string | undefined, vars: RangeVars | null): boolean {
  return !!vars && !!sentence && text.includes(FIGURES_MARK) && sentence.includes("{rateMin}");
}

export function withFigures(text: string, sentence: string | undefined, vars: RangeVars | null): string {
  if (!text.includes(FIGURES_MARK)) return text;
  // The sentence goes with the space between it and its neighbour (before it, else after it).
  if (!vars || !sentence) return text.replace(/[ \t]+\{figures\}|\{figures\}[ \t]*/, "");
  return text.replace(FIGURES_MARK, interpolate(sentence, vars));
}
