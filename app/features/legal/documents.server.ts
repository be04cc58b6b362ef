import { site } from "#app/config/site.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { isLocale } from "#app/i18n/locales.ts";
import { lenderList, partnerLenderNames } from "#app/loans/lenders.ts";
import { renderMarkdown, type MarkdownVars } from "#app/features/legal/markdown.server.ts";
import {
  POLICY_ORIGINAL_LANG,
  POLICY_VERSIONS,
  isPolicyKind,
  type LegalLang,
  type LegalView,
  type PolicyKind,
} from "#app/features/legal/links.ts";

/**
 * The four legal documents (content/legal/<kind>/<lang>.md; Korean is the
 * binding original). Each file is its own lazily imported module, so a
 * document is read only when someone opens it, and rendered once per process.
 */
const sources = import.meta.glob<string>("/content/legal/*/*.md", { query: "?raw", import: "default" });

/** The business facts the documents name, from app/config/site.ts. */
function legalVars(lang: LegalLang): MarkdownVars {
  return {
    businessName: site.businessName,
    brandName: site.brandName,
    representative: site.representative,
    address: lang === "ko" ? site.addressKo : site.address,
    phone: site.phone,
    email: site.email,
    registrationNumber: site.businessRegistrationNumber,
    brokerRegistrationNumber: site.brokerRegistrationNumber,
    /** The lenders it brokers for (금융소비자보호법 제26조①1), named in the notice and the privacy policy. */
    lenders: lenderList(partnerLenderNames(), lang),
  };
}

const rendered = new Map<string, string>();

export async function renderLegalDocument(kind: PolicyKind, lang: LegalLang): Promise<string | null> {
  const id = `${kind}/${lang}`;
  const cached = rendered.get(id);
  if (cached !== undefined) return cached;
  const load = sources[`/content/legal/${id}.md`];
  if (!load) return null;
  const html = renderMarkdown(await load(), legalVars(lang));
  rendered.set(id, html);
  return html;
}

/**
 * The modal's content for `?policy=<kind>[&policyLang=ko]`, or null when the
 * URL asks for no document. Any other kind is 'not found' (never an error).
 */
export async function legalViewFor(url: URL, locale: Locale): Promise<LegalView | null> {
  const kind = url.searchParams.get("policy");
  if (kind === null) return null;
  if (!isPolicyKind(kind)) return { found: false, kind: kind.slice(0, 40) };
  const asked = url.searchParams.get("policyLang");
  const lang: LegalLang = asked === POLICY_ORIGINAL_LANG ? POLICY_ORIGINAL_LANG : isLocale(asked) ? asked : locale;
  const html = await renderLegalDocument(kind, lang);
  if (html === null) return { found: false, kind };
  return { found: true, kind, lang, version: POLICY_VERSIONS[kind], html };
}
