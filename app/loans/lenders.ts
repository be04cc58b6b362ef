/**
 * The lenders (금융상품직접판매업자) the firm brokers for, as running text:
 * what 금융소비자보호법 제26조①1 has a broker tell a consumer before it
 * brokers (the consultation page, the loan product notice, the privacy
 * policy's third-party section). The names are the live products' lenders
 * (app/loans/lenders.server.ts), never a list in code.
 */
export function lenderList(names: readonly string[], lang: string): string {
  return names.join(lang === "my" ? "၊ " : ", ");
}
