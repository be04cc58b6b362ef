import { percentToBp } from "#app/loans/rate.ts";

/**
 * Whether a calculation fits the product a link names (issue 48 item 2; review N2; 금소법 제22조④4가,
 * 시행령 제20조①5): the lender approved an ad for its own figures, so the calculator shows a
 * product's disclosure — and nothing that leads to it — only when the rate is within the product's
 * live range, the method is one of its own, and the term and the amount are within its ranges.
 * One rule, pure and client-safe: the page's loader decides the server's HTML with it, and the
 * calculator in the browser decides again at every keystroke with the same function.
 */
export interface ProductFit {
  rateMinBp: number;
  rateMaxBp: number;
  methods: readonly string[];
  term: { min: number; max: number };
  /** KRW. */
  amount: { min: number; max: number };
}

/** The figures a calculation shows: the amount (KRW), the rate (percent a year), the months, the method. */
export interface Figures {
  amount: number;
  ratePercent: number;
  months: number;
  method: string;
}

/** The product's fit from its live figures (rate in percent a year, as `LoanProduct` keeps it). */
export function productFit(p: {
  rate: { min: number; max: number };
  methods: readonly string[];
  term: { min: number; max: number };
  amount: { min: number; max: number };
}): ProductFit {
  return {
    rateMinBp: percentToBp(p.rate.min),
    rateMaxBp: percentToBp(p.rate.max),
    methods: [...p.methods],
    term: { min: p.term.min, max: p.term.max },
    amount: { min: p.amount.min, max: p.amount.max },
  };
}

export function fitsProduct(fit: ProductFit, figures: Figures): boolean {
  const bp = percentToBp(figures.ratePercent);
  return (
    bp >= fit.rateMinBp &&
    bp <= fit.rateMaxBp &&
    fit.methods.includes(figures.method) &&
    figures.months >= fit.term.min &&
    figures.months <= fit.term.max &&
    figures.amount >= fit.amount.min &&
    figures.amount <= fit.amount.max
  );
}
