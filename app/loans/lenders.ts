import { site } from "#app/config/site.ts";

/**
 * The lenders (금융상품직접판매업자) the firm brokers for, by name: what
 * 금융소비자보호법 제26조①1 has a broker tell a consumer before it brokers
 * (the consultation page, the loan product notice, the privacy policy's
 * third-party section). One place, so the list can later come from the
 * operators' data without touching its readers; today it is the partners of
 * app/config/site.ts, whose names are proper names shown as written in every
 * language.
 */
export function partnerLenderNames(): readonly string[] {
  return site.partners.map((partner) => partner.name);
}

/** The names as one run of text in `lang` (Burmese separates a list with "၊"). */
export function lenderList(names: readonly string[], lang: string): string {
  return names.join(lang === "my" ? "၊ " : ", ");
}
