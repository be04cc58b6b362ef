import { textChannelOn } from "#app/outbox/text.server.ts";
import type { Kysely, Selectable } from "kysely";
import type { Database, LegalVersionTable } from "#db/schema.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { isLocale } from "#app/i18n/locales.ts";
import { lenderList } from "#app/loans/lenders.ts";
import { liveLenders, type LiveLender } from "#app/loans/lenders.server.ts";
import { todayInSeoul } from "#app/lib/seoul-time.ts";
import { addDays } from "#app/lib/iso-day.ts";
import { readContentVersion } from "#app/lib/content-version.server.ts";
import { businessIdentity } from "#app/business/identity.server.ts";
import { brokerRegistration, type BusinessIdentity } from "#app/business/identity.ts";
import { businessModules } from "#app/business/modules.server.ts";
import type { BusinessModules } from "#app/business/modules.ts";
import { formatDay } from "#app/i18n/intl.ts";
import { businessProcessors } from "#app/business/processors.server.ts";
import { isAbroad, type Processor } from "#app/business/processors.ts";
import { rangeVars, type ProductRanges } from "#app/loans/ranges.ts";
import { statuteBoth, statuteKo, type StatuteId } from "#app/loans/statutes.server.ts";
import { renderMarkdown, unfilledNames, type MarkdownFlags, type MarkdownVars } from "#app/features/legal/markdown.server.ts";
import {
  POLICY_KINDS,
  POLICY_LANGS,
  POLICY_ORIGINAL_LANG,
  VERSION_PARAM,
  isPolicyKind,
  isVersionDate,
  type LegalChange,
  type LegalLang,
  type LegalView,
  type PolicyKind,
  type VersionDates,
} from "#app/features/legal/links.ts";

/**
 * The four legal documents as dated versions (issue 36, ADR 0038): rows of
 * `legal_versions`, each in force from its Korea date until the next one's.
 * Korean is the binding original. What is in force is decided by the Korea
 * day it is read on, so a scheduled version takes effect by itself on every
 * instance, without a deploy: the snapshot below is keyed on the content
 * version (moved by every console change) and on the day.
 */
type Db = Kysely<Database>;
type Row = Selectable<LegalVersionTable>;

/**
 * What the texts state that lives above this floor: the span of the live
 * loan products (app/loans/ranges.ts), null when none is live. The products
 * feature reads it; the routes and the go-live check hand it in, so it is
 * read only when a text is rendered.
 */
export interface LegalFacts {
  ranges: ProductRanges | null;
  /**
   * With a 대부중개업 registration, the 대부업법 items that go beside the notice's rates, as markup for the
   * modal (ADR 0056); absent or empty, none. Read only for the modal, never by the plain-Node commands.
   */
  rateItemsHtml?: (locale: Locale) => Promise<string>;
}
export type LegalFactsSource = (now: Date) => Promise<LegalFacts>;

/** A Korea day written out in a text's language: 2023년 4월 27일, April 27, 2023, 27 tháng 4, 2023… */
export function legalDay(lang: LegalLang, day: string): string {
  if (lang !== POLICY_ORIGINAL_LANG) return formatDay(lang, day);
  const [y, m, d] = day.split("-").map(Number);
  return `${y}년 ${m}월 ${d}일`;
}

/**
 * Every business fact the documents name, from the business identity
 * (app/business), the version's own date and the live products: the
 * placeholders a text may use (the console's hint lists them). The Korean
 * text names Korean values; the translations the English ones with the
 * Korean beside them where it is the legal form.
 */
export function legalVars(
  identity: BusinessIdentity,
  lang: LegalLang,
  facts: LegalFacts,
  effectiveOn: string,
  lenders: readonly LiveLender[] = [],
  processors: readonly Processor[] = [],
): MarkdownVars {
  const ko = lang === POLICY_ORIGINAL_LANG;
  const both = (k: string, en: string) => (ko ? k : `${en} (${k})`);
  const registration = brokerRegistration(identity);
  const officer = identity.privacyOfficer;
  return {
    businessName: both(identity.legalNameKo, identity.legalNameEn),
    brandName: ko ? identity.tradeNameKo : identity.tradeNameEn,
    representative: both(identity.representativeKo, identity.representativeEn),
    address: ko ? identity.addressKo : identity.addressEn,
    phone: identity.phone,
    email: identity.email,
    registrationNumber: identity.businessRegistrationNumber,
    brokerRegistrationNumber: registration?.number ?? "",
    brokerRegistrationDate: registration ? legalDay(lang, registration.date) : "",
    brokerRegistrationBody: registration ? both(registration.bodyKo, registration.bodyEn) : "",
    privacyOfficerName: both(officer.nameKo, officer.nameEn),
    privacyOfficerPosition: ko ? officer.positionKo : officer.positionEn,
    privacyOfficerPhone: officer.phone,
    privacyOfficerEmail: officer.email,
    /** The lenders it brokers for (금융소비자보호법 제26조①1), named in the notice and the privacy policy. */
    /** The live products' lenders (금융소비자보호법 제26조①1): by legal name in Korean, by their name in a translation. */
    lenders: lenderList(
      lenders.map((l) => (lang === POLICY_ORIGINAL_LANG ? l.legalName : l.names[lang])),
      lang,
    ),
    // The law's sentences from the statute folder (issue 48 item 4, ADR 0051): Korean, or the translation with the Korean beside it.
    ...statuteVars(lang),
    ...processorVars(lang, processors),
    /** The version's own date: the texts' "in force from" lines. */
    effectiveDate: legalDay(lang, effectiveOn),
    // amountMin…termMax: only while a product is live; the sentences that state them sit in {?products}.
    ...(facts.ranges ? rangeVars(lang, facts.ranges) : {}),
  };
}

/** The statute sentences a legal text may quote, as placeholders. */
const STATUTE_VARS = {
  lawWithdrawal: "withdrawal",
  lawExcessDebt: "daebu-warning-pain",
  lawLiability44: "broker-liability-44",
  lawLiability45: "broker-liability-45",
} as const satisfies Record<string, StatuteId>;

function statuteVars(lang: LegalLang): Record<keyof typeof STATUTE_VARS, string> {
  const say = (id: StatuteId) => (lang === POLICY_ORIGINAL_LANG ? statuteKo(id) : statuteBoth(id, lang));
  return Object.fromEntries(Object.entries(STATUTE_VARS).map(([name, id]) => [name, say(id)])) as Record<keyof typeof STATUTE_VARS, string>;
}

/** A country's name in the text's language (Korean in the original): 미국, United States, Hoa Kỳ… */
function countryName(lang: LegalLang, code: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The processors as the privacy policy names them (issue 52, item 7; 법
 * 제26조②, 제28조의8②): `processors`, each with its country and task;
 * `abroadTransfers`, each one abroad with its country, what it does and how
 * and when the data goes. The Korean text says the Korean words; a
 * translation the English ones, the country in its own language.
 */
export function processorVars(lang: LegalLang, processors: readonly Processor[]): Record<string, string> {
  const ko = lang === POLICY_ORIGINAL_LANG;
  const task = (p: Processor) => (ko ? p.taskKo : p.taskEn);
  const transfer = (p: Processor) => (ko ? p.transferKo : p.transferEn);
  return {
    processors: processors.map((p) => `${p.name} (${countryName(lang, p.country)}): ${task(p)}`).join("; "),
    abroadTransfers: processors
      .filter(isAbroad)
      .map((p) => `${p.name} (${countryName(lang, p.country)}): ${task(p)}. ${transfer(p)}`)
      .join("; "),
  };
}

/**
 * The conditions a text may use: `counter` (the cash-counter line of business is on), `products` (a product is live),
 * `texts` (the text channel is on: the privacy policy names its provider as a processor, 개인정보 보호법 제26조; issue 49),
 * `processors` (processors are listed) and `abroad` (one of them is outside Korea: the transfer abroad is stated).
 */
export function legalFlags(modules: BusinessModules, facts: LegalFacts, processors: readonly Processor[] = []): MarkdownFlags {
  return {
    counter: modules.counter,
    products: facts.ranges !== null,
    texts: textChannelOn(),
    processors: processors.length > 0,
    abroad: processors.some(isAbroad),
  };
}

export function bodyOf(row: Pick<Row, `body_${LegalLang}`>, lang: LegalLang): string {
  return row[`body_${lang}`];
}

interface Snapshot {
  key: string;
  day: string;
  /** Every version of each kind, oldest first. */
  byKind: Map<PolicyKind, Row[]>;
  identity: BusinessIdentity;
  modules: BusinessModules;
  /** The live products' lenders (app/loans/lenders.server.ts). */
  lenders: LiveLender[];
  /** The processors the privacy policy names (app/business/processors.ts). */
  processors: Processor[];
  /** Rendered texts by `id/lang/facts`, made when first asked for. */
  html: Map<string, string>;
}

const snapshots = new WeakMap<Db, { key: string; snapshot: Promise<Snapshot> }>();

async function load(db: Db, key: string, day: string): Promise<Snapshot> {
  const rows = await db.selectFrom("legal_versions").selectAll().orderBy("kind").orderBy("effective_on").execute();
  const byKind = new Map<PolicyKind, Row[]>(POLICY_KINDS.map((kind) => [kind, []]));
  for (const row of rows) if (isPolicyKind(row.kind)) byKind.get(row.kind)!.push(row);
  return {
    key,
    day,
    byKind,
    identity: await businessIdentity(db),
    modules: await businessModules(db),
    lenders: await liveLenders(db, "en"),
    processors: await businessProcessors(db),
    html: new Map(),
  };
}

/** The versions as of `now`: read again when the content version moved or the Korea day changed. */
async function snapshotAt(db: Db, now: Date): Promise<Snapshot> {
  const day = todayInSeoul(now);
  const key = `${await readContentVersion(db)}:${day}`;
  const kept = snapshots.get(db);
  if (kept?.key === key) return kept.snapshot;
  const snapshot = load(db, key, day);
  snapshots.set(db, { key, snapshot });
  snapshot.catch(() => {
    if (snapshots.get(db)?.snapshot === snapshot) snapshots.delete(db);
  });
  return snapshot;
}

/** Index of the version in force on `day` (the last one dated on or before it), or -1. */
function inForceIndex(rows: readonly Pick<Row, "effective_on">[], day: string): number {
  let found = -1;
  rows.forEach((row, i) => {
    if (row.effective_on <= day) found = i;
  });
  return found;
}

/** Every version's dates and state on `day`, oldest first. */
export function versionDates(rows: readonly Pick<Row, "effective_on" | "significant">[], day: string): VersionDates[] {
  const current = inForceIndex(rows, day);
  return rows.map((row, i) => ({
    date: row.effective_on,
    until: rows[i + 1]?.effective_on ?? null,
    state: i === current ? "current" : row.effective_on > day ? "coming" : "past",
    significant: !!row.significant,
  }));
}

function comingOf(kind: PolicyKind, rows: readonly Row[], day: string): LegalChange | null {
  const next = rows.find((row) => row.effective_on > day);
  return next ? { kind, date: next.effective_on, significant: !!next.significant } : null;
}

/**
 * The date of the version of `kind` in force at `now` (what a consent given
 * then agrees to), or null when the document has no version in force yet.
 */
export async function policyVersionInForce(db: Db, kind: PolicyKind, now = new Date()): Promise<string | null> {
  const snapshot = await snapshotAt(db, now);
  const rows = snapshot.byKind.get(kind) ?? [];
  return rows[inForceIndex(rows, snapshot.day)]?.effective_on ?? null;
}

/** The changes announced on `now`'s day: each document's next version, if one is scheduled. */
export async function comingLegalChanges(db: Db, now = new Date()): Promise<LegalChange[]> {
  const snapshot = await snapshotAt(db, now);
  return POLICY_KINDS.flatMap((kind) => comingOf(kind, snapshot.byKind.get(kind) ?? [], snapshot.day) ?? []);
}

/** A document's text in one language, its placeholders and conditions filled from the business's facts. */
export async function renderLegalDocument(
  db: Db,
  kind: PolicyKind,
  lang: LegalLang,
  facts: LegalFactsSource,
  options: { version?: string; now?: Date } = {},
): Promise<{ html: string; version: string } | null> {
  const now = options.now ?? new Date();
  const snapshot = await snapshotAt(db, now);
  const rows = snapshot.byKind.get(kind) ?? [];
  const row = options.version ? rows.find((r) => r.effective_on === options.version) : rows[inForceIndex(rows, snapshot.day)];
  if (!row) return null;
  const known = await facts(now);
  const id = `${row.id}/${lang}/${JSON.stringify(known)}/${textChannelOn()}`;
  let html = snapshot.html.get(id);
  if (html === undefined) {
    const vars = legalVars(snapshot.identity, lang, known, row.effective_on, snapshot.lenders, snapshot.processors);
    snapshot.html.set(id, (html = renderMarkdown(bodyOf(row, lang), vars, legalFlags(snapshot.modules, known, snapshot.processors))));
  }
  return { html, version: row.effective_on };
}

/** A text written in the console for `effectiveOn`, rendered as the site will show it (the console's preview). */
export async function renderLegalPreview(
  db: Db,
  markdown: string,
  lang: LegalLang,
  facts: LegalFactsSource,
  effectiveOn: string,
  now = new Date(),
): Promise<string> {
  const known = await facts(now);
  const processors = await businessProcessors(db);
  const vars = legalVars(await businessIdentity(db), lang, known, effectiveOn, await liveLenders(db, "en"), processors);
  return renderMarkdown(markdown, vars, legalFlags(await businessModules(db), known, processors));
}

/**
 * The modal's content for `?policy=<kind>[&version=<date>][&policyLang=ko]`,
 * or null when the URL asks for no document. Any other kind, or a date that
 * is no version of it, is 'not found' (never an error).
 */
export async function legalViewFor(db: Db, url: URL, locale: Locale, facts: LegalFactsSource, now = new Date()): Promise<LegalView | null> {
  const kind = url.searchParams.get("policy");
  if (kind === null) return null;
  if (!isPolicyKind(kind)) return { found: false, kind: kind.slice(0, 40) };
  const asked = url.searchParams.get("policyLang");
  const lang: LegalLang = asked === POLICY_ORIGINAL_LANG ? POLICY_ORIGINAL_LANG : isLocale(asked) ? asked : locale;
  const version = url.searchParams.get(VERSION_PARAM);
  if (version !== null && !isVersionDate(version)) return { found: false, kind };
  const snapshot = await snapshotAt(db, now);
  const rows = snapshot.byKind.get(kind) ?? [];
  const doc = await renderLegalDocument(db, kind, lang, facts, { version: version ?? undefined, now });
  if (!doc) return { found: false, kind };
  // The notice's §2 states the live products' rates: with a 대부중개업 registration their items follow the
  // text (ADR 0056), as markup from the server, so the modal every page carries needs no code for them.
  const items = kind === "notice" ? ((await (await facts(now)).rateItemsHtml?.(locale)) ?? "") : "";
  const versions = versionDates(rows, snapshot.day);
  const state = versions.find((v) => v.date === doc.version)?.state ?? "current";
  const days: Record<string, string> = {};
  for (const v of versions) for (const d of [v.date, v.until && addDays(v.until, -1)]) if (d) days[d] = formatDay(locale, d);
  return {
    found: true,
    kind,
    lang,
    version: doc.version,
    state,
    versions,
    coming: comingOf(kind, rows, snapshot.day),
    html: items ? besideSection(doc.html, items, 2) : doc.html,
    days,
  };
}

/**
 * `extra` at the end of the document's section `n` (before the heading of section n + 1, "3. …",
 * in every language's numbering), else at the end: the notice's rate items right under §2, which
 * states the rates (ADR 0056).
 */
export function besideSection(html: string, extra: string, n: number): string {
  const next = new RegExp(`<h3[^>]*>\\s*${n + 1}\\.`).exec(html);
  return next ? html.slice(0, next.index) + extra + html.slice(next.index) : html + extra;
}

/** The coming changes with their dates written out in the page's language (the notice line above the footer; issue 50, X3). */
export function changesIn(locale: Locale, changes: readonly LegalChange[]): LegalChange[] {
  return changes.map((change) => ({ ...change, day: formatDay(locale, change.date) }));
}

/** A placeholder a legal text names that the business's facts do not fill: it would show as written. */
export interface UnfilledPlaceholder {
  kind: PolicyKind;
  /** The version's date. */
  version: string;
  lang: LegalLang;
  /** The placeholder's name, or a condition's marker (`?flag`, `!flag`, `/flag`) on an unknown flag or without its end. */
  name: string;
}

/**
 * The placeholders of the versions in force or coming that nothing fills
 * today (for the go-live check: a text must not show `{something}` to a
 * visitor). A placeholder inside a condition that is off shows nowhere.
 */
export async function unfilledPlaceholders(db: Db, facts: LegalFactsSource, now = new Date()): Promise<UnfilledPlaceholder[]> {
  const snapshot = await snapshotAt(db, now);
  const known = await facts(now);
  const flags = legalFlags(snapshot.modules, known, snapshot.processors);
  const out: UnfilledPlaceholder[] = [];
  for (const kind of POLICY_KINDS) {
    const rows = snapshot.byKind.get(kind) ?? [];
    for (const row of rows.slice(Math.max(0, inForceIndex(rows, snapshot.day)))) {
      for (const lang of POLICY_LANGS) {
        const vars = legalVars(snapshot.identity, lang, known, row.effective_on, snapshot.lenders, snapshot.processors);
        for (const name of unfilledNames(bodyOf(row, lang), vars, flags)) out.push({ kind, version: row.effective_on, lang, name });
      }
    }
  }
  return out;
}
