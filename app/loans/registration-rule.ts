/**
 * Which lenders a broker may sell for at once (issue 48 item 1, the
 * ad-compliance review's N13). 금융소비자 보호에 관한 감독규정 제22조제1호
 * (under 시행령 제23조③6, 법 제25조①3) forbids a loan-product broker to act
 * for two or more direct sellers of the same product type; a 대부중개업자 is
 * excepted. So without a 대부중개업 registration the site sells for one
 * lender at a time; with one, for several. (The other exceptions — a firm
 * selling by electronic means only, 신협-only brokers — do not fit a broker
 * whose agents phone its leads, and are not offered.)
 */
export type LenderRule = "one_lender" | "several_lenders";

/** The rule the business's registrations put it under. */
export function lenderRule(hasDaebuRegistration: boolean): LenderRule {
  return hasDaebuRegistration ? "several_lenders" : "one_lender";
}

/**
 * Whether making `lender`'s product live keeps the site within the rule,
 * given the lenders of the products live now: a lender already live adds
 * none; another one only while none is live.
 */
export function allowsLender(rule: LenderRule, liveLenders: readonly number[], lender: number | null): boolean {
  if (rule === "several_lenders" || (lender !== null && liveLenders.includes(lender))) return true;
  return liveLenders.length === 0;
}

/** Whether the lenders live now fit the rule (the go-live check). */
export function fitsRule(rule: LenderRule, liveLenders: readonly number[]): boolean {
  return rule === "several_lenders" || new Set(liveLenders).size <= 1;
}
