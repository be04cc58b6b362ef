import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import creditWarning1 from "#content/statutes/credit-warning-1.json" with { type: "json" };
import creditWarning2 from "#content/statutes/credit-warning-2.json" with { type: "json" };
import creditWarning3 from "#content/statutes/credit-warning-3.json" with { type: "json" };
import daebuWarningPain from "#content/statutes/daebu-warning-pain.json" with { type: "json" };
import daebuWarningMisfortune from "#content/statutes/daebu-warning-misfortune.json" with { type: "json" };
import daebuWarningCredit from "#content/statutes/daebu-warning-credit.json" with { type: "json" };
import withdrawal from "#content/statutes/withdrawal.json" with { type: "json" };
import brokerLiability44 from "#content/statutes/broker-liability-44.json" with { type: "json" };
import brokerLiability45 from "#content/statutes/broker-liability-45.json" with { type: "json" };

/**
 * The sentences the law prescribes (issue 48 item 4, ADR 0051), from the one
 * folder of statute texts, content/statutes/<id>.json: each with its source
 * (law, article, the 국가법령정보센터 address) and the effective date of the
 * version read. Every page that must carry one reads it from here — the
 * loan-ad disclosure, the FAQ, the glossary, the loan product notice, the
 * consultation box — so a sentence is changed once, in the folder, and the
 * verbatim test (tests/integration/statutes-verbatim.test.ts) follows it onto
 * every page. Korean is shown in every language; the visitor's language
 * stands beside it, never instead of it.
 */
export const STATUTE_IDS = [
  "credit-warning-1",
  "credit-warning-2",
  "credit-warning-3",
  "daebu-warning-pain",
  "daebu-warning-misfortune",
  "daebu-warning-credit",
  "withdrawal",
  "broker-liability-44",
  "broker-liability-45",
] as const;
export type StatuteId = (typeof STATUTE_IDS)[number];

export interface Statute {
  id: StatuteId;
  law: string;
  article: string;
  /** law.go.kr */
  url: string;
  /** YYYY-MM-DD: 시행일 of the version the text was read from. */
  effective: string;
  checked: string;
  /** True when `ko` must be the provision word for word (the 별표 1 경고문구). */
  verbatim: boolean;
  provision: string;
  /** The sentence every page shows, in Korean. */
  ko: string;
  translations: Record<Locale, string>;
}

// Imported as data, not gathered by Vite, so plain Node processes (the go-live CLI, the alerts' worker) read them too.
const FILES: unknown[] = [
  creditWarning1,
  creditWarning2,
  creditWarning3,
  daebuWarningPain,
  daebuWarningMisfortune,
  daebuWarningCredit,
  withdrawal,
  brokerLiability44,
  brokerLiability45,
];

const byId = new Map<string, Statute>(FILES.map((file) => [(file as Statute).id, file as Statute]));
for (const id of STATUTE_IDS) {
  const statute = byId.get(id);
  if (!statute?.ko || LOCALES.some((l) => !statute.translations[l]))
    throw new Error(`content/statutes/${id}.json is missing or incomplete`);
}

export function statute(id: StatuteId): Statute {
  return byId.get(id)!;
}

/** The sentence in Korean. */
export const statuteKo = (id: StatuteId): string => statute(id).ko;

/** The sentence in the visitor's language. */
export const statuteIn = (id: StatuteId, locale: Locale): string => statute(id).translations[locale];

/** The visitor's sentence with the Korean beside it: how prose in a visitor's language quotes the law. */
export const statuteBoth = (id: StatuteId, locale: Locale): string => `${statuteIn(id, locale)} (${statuteKo(id)})`;

/** A mark in a content text (a FAQ answer, a glossary entry) where a statute's sentence goes: `{statute:withdrawal}`. */
const MARK = /\{statute:([a-z0-9-]+)\}/g;

/** `text` with each `{statute:id}` mark replaced by the sentence in `locale` with the Korean beside it. */
export function withStatutes(text: string, locale: Locale): string {
  return text.replace(MARK, (whole, id: string) =>
    (STATUTE_IDS as readonly string[]).includes(id) ? statuteBoth(id as StatuteId, locale) : whole,
  );
}

/** Every string in a content value (nested objects and arrays) with its statute marks filled. */
export function fillStatutes<T>(value: T, locale: Locale): T {
  if (typeof value === "string") return withStatutes(value, locale) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => fillStatutes(v, locale)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillStatutes(v, locale)])) as T;
  return value;
}

/** What a broker owes for damage it causes (금융소비자보호법 제44조·제45조; told before brokering, 제26조①4): Korean, then the visitor's language. */
export interface Liability {
  ko: string[];
  visitor: string[];
}

export function brokerLiability(locale: Locale): Liability {
  const ids: StatuteId[] = ["broker-liability-44", "broker-liability-45"];
  return { ko: ids.map(statuteKo), visitor: ids.map((id) => statuteIn(id, locale)) };
}
