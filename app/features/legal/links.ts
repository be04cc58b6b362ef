import { isIsoDay } from "#app/lib/iso-day.ts";
import type { Locale } from "#app/i18n/locales.ts";

/**
 * The legal modal opens when the URL has `?policy=<kind>` (spec §2 Overlays),
 * so a link to a policy works from anywhere, without JavaScript, and can be
 * shared. Forms link their "view full policy" here.
 */
export const POLICY_KINDS = ["privacy", "service", "notice", "complaint"] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];
export const POLICY_PARAM = "policy";

/**
 * `?version=<YYYY-MM-DD>` opens one dated version of the document (issue 36):
 * a past one, the one in force (the default) or one coming. The versions
 * themselves are data (table legal_versions, versions.server.ts).
 */
export const VERSION_PARAM = "version";

export function isVersionDate(value: unknown): value is string {
  return isIsoDay(value);
}

export function isPolicyKind(value: unknown): value is PolicyKind {
  return typeof value === "string" && (POLICY_KINDS as readonly string[]).includes(value);
}

/** The current URL with `?policy=kind` added (keeps the other parameters). */
export function policyHref(location: { pathname: string; search: string }, kind: string): string {
  const params = new URLSearchParams(location.search);
  params.set(POLICY_PARAM, kind);
  params.delete(VERSION_PARAM);
  return `${location.pathname}?${params.toString()}`;
}

/**
 * `?policyLang=ko` shows the Korean original (the binding text) instead of
 * the visitor's language.
 */
const POLICY_LANG_PARAM = "policyLang";
export const POLICY_ORIGINAL_LANG = "ko";
export const POLICY_LANGS = ["ko", "en", "vi", "id", "my", "mn"] as const;

export type LegalLang = Locale | typeof POLICY_ORIGINAL_LANG;

/** Where a version stands on the day it is read. */
export type VersionState = "past" | "current" | "coming";

/** One version of a document as the modal lists it: in force from `date` until the day before `until` (null: no end yet). */
export interface VersionDates {
  date: string;
  until: string | null;
  state: VersionState;
  significant: boolean;
}

/** A version of a document that takes effect later: the site gives notice of it (spec §9). */
export interface LegalChange {
  kind: PolicyKind;
  date: string;
  significant: boolean;
  /** `date` written out in the page's language, by the server (issue 50, X3); the ISO date where it is not set. */
  day?: string;
}

/**
 * What the legal modal shows: a document (safe HTML) in one of its versions,
 * with every version's dates and the coming change, if any; or 'document not
 * found' for an unknown kind or version.
 */
export type LegalView =
  | {
      found: true;
      kind: PolicyKind;
      lang: LegalLang;
      /** The date of the version shown. */
      version: string;
      state: VersionState;
      versions: VersionDates[];
      coming: LegalChange | null;
      html: string;
      /**
       * Every date the version lines name (each version's date and last day), written out in the
       * page's language on the server (issue 50, X3): the browser's ICU may lack Burmese and
       * Mongolian month names, so the lines never format a date themselves.
       */
      days: Readonly<Record<string, string>>;
    }
  | { found: false; kind: string };

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
    params.delete(VERSION_PARAM);
  });
}

/** The document open in one of its versions (`null`: the one in force). */
export function policyVersionHref(location: { pathname: string; search: string }, version: string | null): string {
  return withParams(location, (params) => {
    if (version) params.set(VERSION_PARAM, version);
    else params.delete(VERSION_PARAM);
  });
}

/** A link from any page to one version of one document (the notice of a coming change). */
export function policyVersionLink(location: { pathname: string; search: string }, kind: PolicyKind, version: string): string {
  return withParams(location, (params) => {
    params.set(POLICY_PARAM, kind);
    params.set(VERSION_PARAM, version);
  });
}

/** The open document in the Korean original (`original`) or in the visitor's language. */
export function policyLangHref(location: { pathname: string; search: string }, original: boolean): string {
  return withParams(location, (params) => {
    if (original) params.set(POLICY_LANG_PARAM, POLICY_ORIGINAL_LANG);
    else params.delete(POLICY_LANG_PARAM);
  });
}
