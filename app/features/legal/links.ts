import type { Locale } from "#app/i18n/locales.ts";

/**
 * The legal modal opens when the URL has `?policy=<kind>` (spec §2 Overlays),
 * so a link to a policy works from anywhere, without JavaScript, and can be
 * shared. Forms link their "view full policy" here.
 */
export const POLICY_KINDS = ["privacy", "service", "notice", "complaint"] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];
export const POLICY_PARAM = "policy";

/** Version date of each document (spec §2): what a consent record stores. */
export const POLICY_VERSIONS: Record<PolicyKind, string> = {
  privacy: "2023-03-06",
  service: "2023-05-18",
  notice: "2023-05-08",
  complaint: "2023-05-08",
};

export function isPolicyKind(value: unknown): value is PolicyKind {
  return typeof value === "string" && (POLICY_KINDS as readonly string[]).includes(value);
}

/** The current URL with `?policy=kind` added (keeps the other parameters). */
export function policyHref(location: { pathname: string; search: string }, kind: string): string {
  const params = new URLSearchParams(location.search);
  params.set(POLICY_PARAM, kind);
  return `${location.pathname}?${params.toString()}`;
}

/**
 * `?policyLang=ko` shows the Korean original (the binding text) instead of
 * the visitor's language.
 */
const POLICY_LANG_PARAM = "policyLang";
export const POLICY_ORIGINAL_LANG = "ko";

export type LegalLang = Locale | typeof POLICY_ORIGINAL_LANG;

/** What the legal modal shows: a document (safe HTML), or 'document not found' for an unknown kind. */
export type LegalView = { found: true; kind: PolicyKind; lang: LegalLang; version: string; html: string } | { found: false; kind: string };

function withParams(location: { pathname: string; search: string }, edit: (params: URLSearchParams) => void): string {
  const params = new URLSearchParams(location.search);
  edit(params);
  const search = params.toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}

/** The same page with the modal closed (its parameters removed, the others kept). */
export function policyCloseHref(location: { pathname: string; search: string }): string {
  return withParams(location, (params) => {
    params.delete(POLICY_PARAM);
    params.delete(POLICY_LANG_PARAM);
  });
}

/** The open document in the Korean original (`original`) or in the visitor's language. */
export function policyLangHref(location: { pathname: string; search: string }, original: boolean): string {
  return withParams(location, (params) => {
    if (original) params.set(POLICY_LANG_PARAM, POLICY_ORIGINAL_LANG);
    else params.delete(POLICY_LANG_PARAM);
  });
}
