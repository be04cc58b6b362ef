/**
 * How one attempt on a channel ended. `gone`: there is no longer anyone to
 * deliver to (the row is cancelled). `final`: failed for good at once, no
 * retry (a provider's refusal that trying again will not change).
 * `ref`/`costWon`: a provider's message id and price, kept on the row.
 */
export type SendResult = { ok: true; ref?: string; costWon?: number } | { ok: false; reason: string; gone?: boolean; final?: boolean };
