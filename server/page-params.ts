import { isLocale, LANG_QUERY } from "#app/i18n/locales.ts";
import { isPolicyKind, isVersionDate, POLICY_ORIGINAL_LANG, POLICY_PARAM, VERSION_PARAM } from "#app/features/legal/links.ts";
import { isInquiryType } from "#app/features/counter-inquiry/types.ts";
import { VIDEO_LANGS } from "#app/features/loan-guide/videos.ts";
import { MAX_SERVER_PAGES } from "#app/features/blogs/og-list.server.ts";
import { MAX_EXCHANGES, type Glossary } from "#app/features/glossary/types.ts";
import type { LoanFaq } from "#app/features/loan-faq/types.ts";
import { CALCULATOR_FIELDS } from "#app/features/repayment/schema.ts";
import { CHECK_FIELDS } from "#app/features/eligibility/query.ts";

/**
 * Every query parameter a public page's loader or render reads, with the
 * values that change what it shows (server/router-handler.ts keys the shared
 * page cache on these alone). Found by reading the loaders: `lang`
 * (i18n/detect.server.ts), `policy` and `policyLang` (legal modal, root
 * loader), `type` (counter-inquiry completion), `category` (Loan FAQ),
 * `term` (glossary, repeatable), `video` (loan guide), `page` (blogs), `product` (the product a banner
 * leads to, issue 35);
 * the repayment calculator's fields (issue 27), whose every value makes the
 * page that visitor's own answer, never shared.
 * A page that reads a new parameter must add it here, or its variants share
 * one cache entry.
 */
const faqs = import.meta.glob<{ default: LoanFaq }>("/content/*/loan-faq.json", { eager: true });
const glossaries = import.meta.glob<{ default: Glossary }>("/content/*/glossary.json", { eager: true });
const FAQ_CATEGORIES = new Set(Object.values(faqs).flatMap((f) => f.default.categories.map((c) => c.id)));
const GLOSSARY_TERMS = new Set(Object.values(glossaries).flatMap((g) => g.default.categories.flatMap((c) => c.terms.map((t) => t.id))));

/** A parameter whose page is rendered for its own request, whatever the value. */
const NEVER_SHARED = () => false;

export const PAGE_PARAMS: Readonly<Record<string, { valid: (value: string) => boolean; repeats?: number }>> = {
  [LANG_QUERY]: { valid: isLocale },
  [POLICY_PARAM]: { valid: isPolicyKind },
  policyLang: { valid: (value) => value === POLICY_ORIGINAL_LANG || isLocale(value) },
  // One dated version of the open document (issue 36).
  [VERSION_PARAM]: { valid: isVersionDate },
  type: { valid: isInquiryType },
  category: { valid: (value) => FAQ_CATEGORIES.has(value) },
  term: { valid: (value) => GLOSSARY_TERMS.has(value), repeats: MAX_EXCHANGES },
  video: { valid: (value) => (VIDEO_LANGS as readonly string[]).includes(value) },
  page: { valid: (value) => /^[1-9]\d{0,2}$/.test(value) && Number(value) <= MAX_SERVER_PAGES },
  // The product a partner banner leads to (/our-products/loan?product=<key>, issue 35): a product key's form.
  product: { valid: (value) => /^[a-z0-9][a-z0-9-]{0,63}$/.test(value) },
  ...Object.fromEntries(CALCULATOR_FIELDS.map((name) => [name, { valid: NEVER_SHARED }])),
};

/**
 * A visitor's own answers (the eligibility check's, issue 27, also carried to
 * the consultation form): a page whose query has any is never shared, neither
 * kept nor answered from the entry without them.
 */
export const PERSONAL_PARAMS: ReadonlySet<string> = new Set(CHECK_FIELDS);

/**
 * The query string as the cache sees it: the parameters pages read, in a
 * fixed order. `extra` is true when the URL also carries others (a tracking
 * tag, junk): such a request may be answered from the key without them but
 * its own render is not kept (links on the page repeat the query string).
 * `null` when a parameter pages read has a value they do not know (an
 * unknown `?policy=` is echoed in the page), or when it carries a visitor's
 * answers (PERSONAL_PARAMS): not shared at all.
 */
export function pageQuery(params: URLSearchParams): { search: string; extra: boolean } | null {
  const kept = new URLSearchParams();
  let extra = false;
  for (const name of new Set(params.keys())) {
    if (PERSONAL_PARAMS.has(name)) return null;
    const rule = PAGE_PARAMS[name];
    if (!rule) {
      extra = true;
      continue;
    }
    const values = params.getAll(name);
    if (values.length > (rule.repeats ?? 1) || !values.every(rule.valid)) return null;
    for (const value of values) kept.append(name, value);
  }
  kept.sort();
  const search = kept.toString();
  return { search: search ? `?${search}` : "", extra };
}
