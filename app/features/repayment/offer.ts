import { REPAYMENT_METHODS, type RepaymentMethod } from "#app/features/repayment/schedule.ts";
import { GENERAL_OFFER, type CalculatorOffer } from "#app/features/repayment/schema.ts";

/** What the calculator needs of a product (the products feature's `LoanProduct` has it). */
export interface OfferedProduct {
  name: string;
  methods: readonly string[];
  term: { min: number; max: number };
}

/**
 * The calculator's offer from the live products: the methods any of them
 * has (in the usual order, each with the products that have it) and the
 * terms from the shortest minimum to the longest maximum. No live product,
 * or none with a method the calculator knows: plain arithmetic (GENERAL_OFFER).
 */
export function offerOf(products: readonly OfferedProduct[]): CalculatorOffer {
  const byMethod: Partial<Record<RepaymentMethod, string[]>> = {};
  for (const method of REPAYMENT_METHODS) {
    const names = products.filter((p) => p.methods.includes(method)).map((p) => p.name);
    if (names.length) byMethod[method] = names;
  }
  const methods = REPAYMENT_METHODS.filter((m) => byMethod[m]);
  const withMethods = products.filter((p) => p.methods.some((m) => (REPAYMENT_METHODS as readonly string[]).includes(m)));
  if (!methods.length || !withMethods.length) return GENERAL_OFFER;
  return {
    source: "products",
    methods,
    term: { min: Math.min(...withMethods.map((p) => p.term.min)), max: Math.max(...withMethods.map((p) => p.term.max)) },
    byMethod,
  };
}
