/** content/<lang>/loan-faq.json: six categories of questions and answers. */
interface FaqItem {
  q: string;
  /** The answer; a `{figures}` mark in it takes `figures` (app/loans/ranges.ts). */
  a: string;
  /**
   * The sentence stating the live products' figures ({amountMin} {amountMax}
   * {rateMin} {rateMax} {termMin} {termMax}), kept apart so that it goes when
   * nothing is live. The page's loader fills it in and never sends it on.
   */
  figures?: string;
  /** Set by the page's loader when the answer states the live products' rates (the 대부업법 items then go beside it). */
  statesRates?: boolean;
}

export interface FaqCategory {
  id: string;
  label: string;
  items: FaqItem[];
}

export interface LoanFaq {
  categories: FaqCategory[];
}
