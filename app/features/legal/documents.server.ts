import type { Kysely, Selectable } from "kysely";
import type { Database, LegalVersionTable } from "#db/schema.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { isLocale } from "#app/i18n/locales.ts";
import { lenderList } from "#app/loans/lenders.ts";
import { liveLenders, type LiveLender } from "#app/loans/lenders.server.ts";
import { todayInSeoul } from "#app/lib/seoul-time.ts";
import { readContentVersion } from "#app/lib/content-version.server.ts";
import { businessIdentity } from "#app/business/identity.server.ts";
import { brokerRegistration, type BusinessIdentity } from "#app/business/identity.ts";
import { renderMarkdown, type MarkdownVars } from "#app/features/legal/markdown.server.ts";
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

/** The lenders as a document in `lang` names them: by legal name in the Korean original, by their name in the language otherwise. */
function lenderNames(lenders: readonly LiveLender[], lang: LegalLang): string[] {
  return lenders.map((l) => (lang === POLICY_ORIGINAL_LANG ? l.legalName : l.names[lang]));
}

/** The business facts the documents name, from the business identity (app/business) and the live products' lenders. */
export function legalVars(identity: BusinessIdentity, lang: LegalLang, lenders: readonly LiveLender[] = []): MarkdownVars {
  const ko = lang === POLICY_ORIGINAL_LANG;
  return {
    businessName: ko ? identity.legalNameKo : `${identity.legalNameEn} (${identity.legalNameKo})`,
    brandName: ko ? identity.tradeNameKo : identity.tradeNameEn,
    representative: ko ? identity.representativeKo : `${identity.representativeEn} (${identity.representativeKo})`,
    address: ko ? identity.addressKo : identity.addressEn,
    phone: identity.phone,
    email: identity.email,
    registrationNumber: identity.businessRegistrationNumber,
    brokerRegistrationNumber: brokerRegistration(identity)?.number ?? "",
    /** The lenders it brokers for (금융소비자보호법 제26조①1), named in the notice and the privacy policy. */
    lenders: lenderList(lenderNames(lenders, lang), lang),
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
  /** The live products' lenders (app/loans/lenders.server.ts). */
  lenders: LiveLender[];
  /** Rendered texts by `id/lang`, made when first asked for. */
  html: Map<string, string>;
}

const snapshots = new WeakMap<Db, { key: string; snapshot: Promise<Snapshot> }>();

async function load(db: Db, key: string, day: string): Promise<Snapshot> {
  const rows = await db.selectFrom("legal_versions").selectAll().orderBy("kind").orderBy("effective_on").execute();
  const byKind = new Map<PolicyKind, Row[]>(POLICY_KINDS.map((kind) => [kind, []]));
  for (const row of rows) if (isPolicyKind(row.kind)) byKind.get(row.kind)!.push(row);
  return { key, day, byKind, identity: await businessIdentity(db), lenders: await liveLenders(db, "en"), html: new Map() };
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

/** A document's text in one language, its placeholders filled from the business identity. */
export async function renderLegalDocument(
  db: Db,
  kind: PolicyKind,
  lang: LegalLang,
  options: { version?: string; now?: Date } = {},
): Promise<{ html: string; version: string } | null> {
  const snapshot = await snapshotAt(db, options.now ?? new Date());
  const rows = snapshot.byKind.get(kind) ?? [];
  const row = options.version ? rows.find((r) => r.effective_on === options.version) : rows[inForceIndex(rows, snapshot.day)];
  if (!row) return null;
  const id = `${row.id}/${lang}`;
  let html = snapshot.html.get(id);
  if (html === undefined)
    snapshot.html.set(id, (html = renderMarkdown(bodyOf(row, lang), legalVars(snapshot.identity, lang, snapshot.lenders))));
  return { html, version: row.effective_on };
}

/** A text written in the console, rendered as the site will show it (the console's preview). */
export async function renderLegalPreview(db: Db, markdown: string, lang: LegalLang): Promise<string> {
  return renderMarkdown(markdown, legalVars(await businessIdentity(db), lang, await liveLenders(db, "en")));
}

/**
 * The modal's content for `?policy=<kind>[&version=<date>][&policyLang=ko]`,
 * or null when the URL asks for no document. Any other kind, or a date that
 * is no version of it, is 'not found' (never an error).
 */
export async function legalViewFor(db: Db, url: URL, locale: Locale, now = new Date()): Promise<LegalView | null> {
  const kind = url.searchParams.get("policy");
  if (kind === null) return null;
  if (!isPolicyKind(kind)) return { found: false, kind: kind.slice(0, 40) };
  const asked = url.searchParams.get("policyLang");
  const lang: LegalLang = asked === POLICY_ORIGINAL_LANG ? POLICY_ORIGINAL_LANG : isLocale(asked) ? asked : locale;
  const version = url.searchParams.get(VERSION_PARAM);
  if (version !== null && !isVersionDate(version)) return { found: false, kind };
  const snapshot = await snapshotAt(db, now);
  const rows = snapshot.byKind.get(kind) ?? [];
  const doc = await renderLegalDocument(db, kind, lang, { version: version ?? undefined, now });
  if (!doc) return { found: false, kind };
  const versions = versionDates(rows, snapshot.day);
  const state = versions.find((v) => v.date === doc.version)?.state ?? "current";
  return { found: true, kind, lang, version: doc.version, state, versions, coming: comingOf(kind, rows, snapshot.day), html: doc.html };
}

/** A placeholder a legal text names that the business identity does not fill: it would show as written. */
export interface UnfilledPlaceholder {
  kind: PolicyKind;
  /** The version's date. */
  version: string;
  lang: LegalLang;
  name: string;
}

/**
 * The placeholders of the versions in force or coming that nothing fills
 * (for the go-live check: a text must not show `{something}` to a visitor).
 */
export async function unfilledPlaceholders(db: Db, now = new Date()): Promise<UnfilledPlaceholder[]> {
  const snapshot = await snapshotAt(db, now);
  const out: UnfilledPlaceholder[] = [];
  for (const kind of POLICY_KINDS) {
    const rows = snapshot.byKind.get(kind) ?? [];
    for (const row of rows.slice(Math.max(0, inForceIndex(rows, snapshot.day)))) {
      for (const lang of POLICY_LANGS) {
        const vars = legalVars(snapshot.identity, lang, snapshot.lenders);
        const names = new Set([...bodyOf(row, lang).matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
        for (const name of names) if (!Object.hasOwn(vars, name)) out.push({ kind, version: row.effective_on, lang, name });
      }
    }
  }
  return out;
}
