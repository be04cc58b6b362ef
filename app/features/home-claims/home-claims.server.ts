import type { Kysely, Selectable } from "kysely";
import type { Database, HomeFigureTable, HomeReviewTable } from "#db/schema.ts";
import { LOCALES, isLocale, type Locale } from "#app/i18n/locales.ts";
import { formatDay, formatNumber } from "#app/i18n/intl.ts";
import { inLocale, missingLocales, parsePerLocale } from "#app/i18n/per-locale.ts";
import { CodedError } from "#app/lib/coded-error.ts";
import { bumpContentVersion } from "#app/lib/content-version.server.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { audit, auditChange, describeChanges } from "#app/features/audit/audit.server.ts";
import { liveProducts } from "#app/features/products/products.server.ts";
import {
  FIGURES,
  averageRating,
  isReviewCountry,
  wonUnit,
  type ClaimSection,
  type FigureKey,
  type PublicClaims,
  type PublicFigure,
  type PublicReview,
} from "#app/features/home-claims/model.ts";
import {
  figureField,
  figureValues,
  quoteField,
  sourceField,
  type FiguresInput,
  type ReviewInput,
} from "#app/features/home-claims/schema.ts";

/**
 * The home page's figures and reviews (issue 35, item 4): what the page
 * shows, what the console edits, and what the go-live check asks
 * (`unconfirmedHomeClaims`). Each change runs in one transaction with its
 * audit rows and the content version, so every instance shows it within
 * seconds (content-version.server.ts).
 */
type Db = Kysely<Database>;
type Who = Pick<SignedIn, "operator">;
type FigureRow = Selectable<HomeFigureTable>;
type ReviewRow = Selectable<HomeReviewTable>;

export type ClaimsError = "missing";
export class ClaimsProblem extends CodedError<ClaimsError> {}

const empty = (text: string) => !text.trim();
/** PostgreSQL answers a `bigint` as a string. */
const valueOf = (row: Pick<FigureRow, "value">) => Number(row.value);

/** The smallest amount any product lends now (KRW), or null without a live product. */
export async function smallestProductAmount(db: Db, now = new Date()): Promise<number | null> {
  const products = await liveProducts(db, "en", now);
  return products.length ? Math.min(...products.map((p) => p.amount.min)) : null;
}

async function hiddenSections(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom("home_claim_sections").select(["section", "hidden"]).execute();
  return new Set(rows.filter((r) => !!r.hidden).map((r) => r.section));
}

const figureRows = (db: Db) => db.selectFrom("home_figures").selectAll().orderBy("position").orderBy("id").execute();
const reviewRows = (db: Db) => db.selectFrom("home_reviews").selectAll().orderBy("position").orderBy("id").execute();

function publicFigure(row: FigureRow, locale: Locale): PublicFigure {
  const key = row.figure as FigureKey;
  const value = valueOf(row);
  const base = { key, asOf: formatDay(locale, row.as_of), source: inLocale(parsePerLocale(row.sources), locale, empty) ?? "" };
  if (key === "approval_rate") return { ...base, value: formatNumber(locale, value / 10, 1), unit: "percent" };
  if (key === "disbursed") {
    const won = wonUnit(value);
    return { ...base, value: formatNumber(locale, won.amount, 1), unit: won.unit };
  }
  return { ...base, value: formatNumber(locale, value), unit: "count" };
}

function publicReview(row: ReviewRow, locale: Locale): PublicReview | null {
  if (!isReviewCountry(row.country) || !isLocale(row.original_lang)) return null;
  const translation = row.original_lang === locale ? "" : (parsePerLocale(row.translations)[locale] ?? "");
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    rating: row.rating,
    lang: translation ? locale : row.original_lang,
    text: translation || row.quote,
    translatedFrom: translation ? row.original_lang : null,
    incentive: !!row.incentive,
  };
}

/**
 * What the home page shows in `locale`: the figures with their day and source,
 * the shown reviews (in the visitor's language when translated, else the
 * customer's own) and their mean rating, computed here, never written. A
 * hidden section, or one with nothing to show, is null.
 *
 * Only what an administrator has confirmed shows (issue 48 item 3, review N8):
 * the figures once the whole set is confirmed (they are checked against one
 * another), each review once it is confirmed. A fresh install's samples wait
 * in the console, hidden from visitors, until someone vouches for them.
 */
export async function publicClaims(db: Db, locale: Locale): Promise<PublicClaims> {
  const hidden = await hiddenSections(db);
  const rows = hidden.has("figures") ? [] : await figureRows(db);
  const figures = rows.length && rows.every((r) => !!r.confirmed_at) ? rows.map((row) => publicFigure(row, locale)) : [];
  const list = hidden.has("reviews")
    ? []
    : (await reviewRows(db)).filter((r) => !r.hidden && !!r.confirmed_at).flatMap((row) => publicReview(row, locale) ?? []);
  const mean = averageRating(list.map((r) => r.rating));
  return {
    figures: figures.length ? figures : null,
    reviews: mean !== null ? { list, mean, average: formatNumber(locale, mean, 1), count: list.length } : null,
  };
}

// ---- The go-live check ----------------------------------------------------

export type UnconfirmedClaim = { kind: "figure"; key: FigureKey } | { kind: "review"; id: number; name: string };

/**
 * Every figure and review that waits for an administrator's confirmation (a
 * spec sample, or an entry not yet vouched for): the home page leaves it out
 * until then (publicClaims). A hidden section or review waits for nothing,
 * so it is not listed: hiding is one way to clear the list, confirming the other.
 */
export async function unconfirmedHomeClaims(db: Db): Promise<UnconfirmedClaim[]> {
  const hidden = await hiddenSections(db);
  const out: UnconfirmedClaim[] = [];
  if (!hidden.has("figures"))
    for (const row of await figureRows(db)) if (!row.confirmed_at) out.push({ kind: "figure", key: row.figure as FigureKey });
  if (!hidden.has("reviews"))
    for (const row of await reviewRows(db)) if (!row.hidden && !row.confirmed_at) out.push({ kind: "review", id: row.id, name: row.name });
  return out;
}

// ---- The console ----------------------------------------------------------

export interface AdminFigure {
  key: FigureKey;
  confirmed: { at: string; by: string } | null;
}

export interface AdminReview {
  id: number;
  name: string;
  rating: number;
  originalLang: string;
  quote: string;
  consentDate: string | null;
  incentive: boolean;
  hidden: boolean;
  confirmed: { at: string; by: string } | null;
  /** Site languages other than the original without a translation (they show the original). */
  untranslated: Locale[];
  /** The form's values. */
  values: Record<string, string>;
}

/** What the site itself recorded (the consultation pipeline), for the administrator to compare the figures with. */
export interface SiteRecords {
  requests: number;
  approved: number;
  /** Won. */
  approvedAmount: number;
}

async function siteRecords(db: Db): Promise<SiteRecords> {
  const row = await db
    .selectFrom("consultation_answers")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("requests"),
      eb.fn.count<number | string>("approved_on").as("approved"),
      eb.fn.sum<number | string | null>("approved_amount").as("amount"),
    ])
    .executeTakeFirst();
  return { requests: Number(row?.requests ?? 0), approved: Number(row?.approved ?? 0), approvedAmount: Number(row?.amount ?? 0) };
}

export interface AdminClaims {
  records: SiteRecords;
  hidden: Record<ClaimSection, boolean>;
  figures: AdminFigure[];
  /** The figures form's values. */
  figureValues: Record<string, string>;
  reviews: AdminReview[];
  /** The smallest amount a product lends now (KRW), the disbursed rule's yardstick; null without a product. */
  minAmount: number | null;
}

const confirmation = (row: Pick<FigureRow, "confirmed_at" | "confirmed_by">) =>
  row.confirmed_at ? { at: row.confirmed_at, by: row.confirmed_by ?? "" } : null;

/** A stored figure as the form writes it: 50000 · 85.5 · 5200000000. */
function formValue(row: FigureRow): string {
  const value = valueOf(row);
  return row.figure === "approval_rate" ? String(value / 10) : String(value);
}

function flatFigures(rows: FigureRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const row of rows) {
    const key = row.figure as FigureKey;
    out[figureField(key, "value")] = formValue(row);
    out[figureField(key, "as_of")] = row.as_of;
    const sources = parsePerLocale(row.sources);
    for (const l of LOCALES) out[sourceField(key, l)] = sources[l];
  }
  return out;
}

function reviewValues(row: ReviewRow): Record<string, string> {
  const translations = parsePerLocale(row.translations);
  return {
    name: row.name,
    country: row.country,
    rating: String(row.rating),
    original_lang: row.original_lang,
    quote: row.quote,
    ...Object.fromEntries(LOCALES.map((l) => [quoteField(l), translations[l]])),
    consent_date: row.consent_date ?? "",
    incentive: row.incentive ? "yes" : "no",
    confirm: row.confirmed_at ? "on" : "",
    hidden: row.hidden ? "on" : "",
  };
}

function adminReview(row: ReviewRow): AdminReview {
  const translations = parsePerLocale(row.translations);
  return {
    id: row.id,
    name: row.name,
    rating: row.rating,
    originalLang: row.original_lang,
    quote: row.quote,
    consentDate: row.consent_date,
    incentive: !!row.incentive,
    hidden: !!row.hidden,
    confirmed: confirmation(row),
    untranslated: missingLocales(translations, empty).filter((l) => l !== row.original_lang),
    values: reviewValues(row),
  };
}

export async function adminClaims(db: Db, now = new Date()): Promise<AdminClaims> {
  const hidden = await hiddenSections(db);
  const figures = await figureRows(db);
  return {
    hidden: { figures: hidden.has("figures"), reviews: hidden.has("reviews") },
    figures: figures.map((row) => ({ key: row.figure as FigureKey, confirmed: confirmation(row) })),
    figureValues: { ...flatFigures(figures), confirm: figures.every((f) => f.confirmed_at) ? "on" : "" },
    reviews: (await reviewRows(db)).map(adminReview),
    minAmount: await smallestProductAmount(db, now),
    records: await siteRecords(db),
  };
}

export async function findReview(db: Db, id: number): Promise<AdminReview | null> {
  const row = await db.selectFrom("home_reviews").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? adminReview(row) : null;
}

/**
 * Saves the four figures (validated together by the schema) and their state:
 * confirmed by this administrator when `confirm` (a figure already confirmed
 * and unchanged keeps its confirmation), else a sample again.
 */
export async function saveFigures(db: Db, who: Who, input: FiguresInput, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const values = figureValues(input);
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("home_figures").selectAll().orderBy("position").orderBy("id").execute();
    const after: FigureRow[] = [];
    for (const row of before) {
      const key = row.figure as FigureKey;
      if (!(FIGURES as readonly string[]).includes(key)) continue;
      const next = {
        value: values[key],
        as_of: input[figureField(key, "as_of")] as string,
        sources: JSON.stringify(Object.fromEntries(LOCALES.map((l) => [l, input[sourceField(key, l)] as string]))),
      };
      const changed = valueOf(row) !== next.value || row.as_of !== next.as_of || row.sources !== next.sources;
      const confirmed = input.confirm
        ? row.confirmed_at && !changed
          ? { confirmed_at: row.confirmed_at, confirmed_by: row.confirmed_by }
          : { confirmed_at: at, confirmed_by: who.operator.email }
        : { confirmed_at: null, confirmed_by: null };
      if (!changed && confirmed.confirmed_at === row.confirmed_at) {
        after.push(row);
        continue;
      }
      await trx
        .updateTable("home_figures")
        .set({ ...next, ...confirmed, updated_at: at })
        .where("id", "=", row.id)
        .execute();
      after.push({ ...row, ...next, ...confirmed });
      if (!!row.confirmed_at !== !!confirmed.confirmed_at || (confirmed.confirmed_at && changed))
        await audit(
          trx,
          who,
          "claims_confirm",
          { kind: "home_figure", id: row.id },
          `${key}: ${confirmed.confirmed_at ? "confirmed" : "sample"}`,
          now,
        );
    }
    const changes = describeChanges(flatFigures(before), flatFigures(after));
    if (changes.length) await auditChange(trx, who, "claims_update", { kind: "home_figures", id: 0 }, changes, now);
    await bumpContentVersion(trx, now);
  });
}

/** Hides a section of the home page, or shows it again. */
export async function setSectionHidden(db: Db, who: Who, section: ClaimSection, hidden: boolean, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("home_claim_sections").select(["id", "hidden"]).where("section", "=", section).executeTakeFirst();
    if (!row) throw new ClaimsProblem("missing");
    if (!!row.hidden === hidden) return;
    await trx
      .updateTable("home_claim_sections")
      .set({ hidden: hidden ? 1 : 0, updated_at: now.toISOString() })
      .where("id", "=", row.id)
      .execute();
    await audit(trx, who, "claims_section", { kind: "home_claim_section", id: row.id }, `${section}: ${hidden ? "hidden" : "shown"}`, now);
    await bumpContentVersion(trx, now);
  });
}

function reviewRow(input: ReviewInput) {
  const translations = Object.fromEntries(
    LOCALES.filter((l) => l !== input.original_lang).map((l) => [l, (input as Record<string, unknown>)[quoteField(l)] as string]),
  );
  return {
    name: input.name,
    country: input.country,
    rating: input.rating,
    original_lang: input.original_lang,
    quote: input.quote,
    translations: JSON.stringify(translations),
    consent_date: input.consent_date || null,
    incentive: input.incentive === "yes" ? 1 : 0,
    hidden: input.hidden ? 1 : 0,
  };
}

/**
 * Adds (id null) or changes a review. `confirm` vouches for it (the schema
 * requires the consent date); a confirmed review that is changed is
 * confirmed again by this administrator, and without `confirm` it is a
 * sample again.
 */
export async function saveReview(db: Db, who: Who, id: number | null, input: ReviewInput, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const values = reviewRow(input);
  return db.transaction().execute(async (trx) => {
    if (id === null) {
      const last = await trx
        .selectFrom("home_reviews")
        .select((eb) => eb.fn.max("position").as("p"))
        .executeTakeFirst();
      const confirmed = input.confirm ? { confirmed_at: at, confirmed_by: who.operator.email } : {};
      const row = await trx
        .insertInto("home_reviews")
        .values({ ...values, ...confirmed, position: Number(last?.p ?? 0) + 1, created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      await auditChange(trx, who, "claims_update", { kind: "home_review", id: row.id }, describeChanges({}, flatReview(values)), now);
      if (input.confirm) await audit(trx, who, "claims_confirm", { kind: "home_review", id: row.id }, `${values.name}: confirmed`, now);
      await bumpContentVersion(trx, now);
      return row.id;
    }
    const before = await trx.selectFrom("home_reviews").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) throw new ClaimsProblem("missing");
    const changes = describeChanges(flatReview(before), flatReview(values));
    const contentChanged = changes.some((c) => !c.startsWith("hidden:"));
    const confirmed = input.confirm
      ? before.confirmed_at && !contentChanged
        ? { confirmed_at: before.confirmed_at, confirmed_by: before.confirmed_by }
        : { confirmed_at: at, confirmed_by: who.operator.email }
      : { confirmed_at: null, confirmed_by: null };
    await trx
      .updateTable("home_reviews")
      .set({ ...values, ...confirmed, updated_at: at })
      .where("id", "=", id)
      .execute();
    if (changes.length) await auditChange(trx, who, "claims_update", { kind: "home_review", id }, changes, now);
    if (confirmed.confirmed_at !== before.confirmed_at)
      await audit(
        trx,
        who,
        "claims_confirm",
        { kind: "home_review", id },
        `${values.name}: ${confirmed.confirmed_at ? "confirmed" : "sample"}`,
        now,
      );
    await bumpContentVersion(trx, now);
    return id;
  });
}

function flatReview(row: ReturnType<typeof reviewRow> | ReviewRow) {
  return {
    name: row.name,
    country: row.country,
    rating: String(row.rating),
    original_lang: row.original_lang,
    quote: row.quote,
    translations: row.translations,
    consent_date: row.consent_date ?? "",
    incentive: row.incentive ? "yes" : "no",
    hidden: row.hidden ? "yes" : "no",
  };
}
