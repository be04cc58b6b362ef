/** content/<lang>/glossary.json: the loan terms of the chat-style glossary. */
export interface GlossaryTerm {
  id: string;
  /** The chip label, e.g. "Principal (원금)". */
  term: string;
  /** What the visitor "says" when tapping the chip. */
  selected: string;
  /** A `{figures}` mark in it takes `figures` (app/loans/ranges.ts). */
  description: string;
  /** The sentence stating the live products' figures, apart so that it goes when nothing is live; filled by the page's loader. */
  figures?: string;
  /** Set by the page's loader when the description states the live products' rates (the 대부업법 items then go beside it). */
  statesRates?: boolean;
}

interface GlossaryCategory {
  id: string;
  label: string;
  /** Its answers link to the repayment calculator (Interest Rates, Repayment Method; issue 27). */
  calculator?: boolean;
  terms: GlossaryTerm[];
}

export interface Glossary {
  intro: string;
  categories: GlossaryCategory[];
}

/** How many exchanges a conversation keeps (and a no-script URL carries). */
export const MAX_EXCHANGES = 12;
