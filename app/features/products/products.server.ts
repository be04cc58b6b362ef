import type { Kysely, Selectable } from "kysely";
import type { Database, LoanProductTable, LoanProductVersionTable } from "#db/schema.ts";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { lastKnown } from "#app/lib/last-known.server.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { audit, auditChange, describeChanges } from "#app/features/audit/audit.server.ts";
import { CodedError } from "#app/lib/coded-error.ts";
import { inLocale, missingLocales, parsePerLocale } from "#app/i18n/per-locale.ts";
import { bumpContentVersion } from "#app/lib/content-version.server.ts";
import { bpToPercent, percentToBp, rateText } from "#app/loans/rate.ts";
import { kstToUtc, utcToKst } from "#app/lib/seoul-time.ts";
import {
  EMPLOYMENT_KINDS,
  METHODS,
  disclosureProduct,
  parseList,
  type EligibilityRules,
  type LoanProduct,
  type Method,
} from "#app/features/products/model.ts";
import { formatMonthsByVisa, type ProductInput } from "#app/features/products/schema.ts";
import { productApproved, productGaps } from "#app/loans/product-gaps.ts";
import { liveVersion } from "#app/loans/live.ts";
import { isUniqueViolation } from "#db/unique-violation.ts";
import { liveLenders } from "#app/loans/lenders.server.ts";
import { allowsLender, lenderRule } from "#app/loans/registration-rule.ts";
import { businessIdentity } from "#app/business/identity.server.ts";
import { daebuRegistration } from "#app/business/identity.ts";
import { sampleMarks } from "#app/loans/sample-marks.ts";
import { expiringSoon, type Expiring, type Gap } from "#app/loans/ad-approval.ts";
import type { InterestTiming, LenderTranslations, RateKind, StampDuty } from "#app/loans/terms.ts";
import { seoulDay } from "#app/lib/seoul-time.ts";
import { loadDisclosureBroker } from "#app/loans/disclosure.server.ts";
import type { DisclosureApproval, DisclosureBroker, DisclosureProduct } from "#app/loans/disclosure.ts";
import { productRanges, rangeVars, type ProductRanges, type RangeVars } from "#app/loans/ranges.ts";
import type { LegalFactsSource } from "#app/features/legal/documents.server.ts";

/**
 * Loan products (issue 27, ADR 0028): what the eligibility check offers, and
 * every change an administrator makes in the console. A product's figures
 * live in versions: at most one draft (seen only in the preview), and
 * published versions, the live one being the latest whose `effective_from`
 * has come. Each change runs in one transaction with its audit rows and the
 * content version every instance watches (campaigns/content-version.server.ts),
 * which also notes the next `effective_from` to come: live everywhere within 5 s.
 */
type Db = Kysely<Database>;
type Who = Pick<SignedIn, "operator">;
type ProductRow = Selectable<LoanProductTable>;
type VersionRow = Selectable<LoanProductVersionTable>;
export type Names = Record<Locale, string>;

export type ProductError = "missing" | "no_draft" | "unapproved" | "retired" | "published" | "taken" | "lender" | "one_lender";
export class ProductProblem extends CodedError<ProductError> {
  /** With `unapproved`: what the version lacks, by the form's field names. */
  readonly gaps: Gap[];
  constructor(code: ProductError, gaps: Gap[] = []) {
    super(code);
    this.gaps = gaps;
  }
}

const emptyName = (name: string) => !name.trim();

/** A stored JSON of the lender-approved translations (review N15): each known language's non-empty text. */
function translations(json: string | null): LenderTranslations {
  if (!json) return {};
  try {
    const raw = JSON.parse(json) as Record<string, unknown>;
    return Object.fromEntries(LOCALES.flatMap((l) => (typeof raw[l] === "string" && raw[l].trim() ? [[l, raw[l].trim()]] : [])));
  } catch {
    return {};
  }
}

/** The form's fields of one lender text's translations: `rate_basis_vi`… */
const translationFields = (name: "rate_basis" | "credit_standard", json: string | null) => {
  const tr = translations(json);
  return Object.fromEntries(LOCALES.map((l) => [`${name}_${l}`, tr[l] ?? ""]));
};

/** The input's translations of one lender text as stored: null when none was given. */
function translationJson(input: ProductInput, name: "rate_basis" | "credit_standard"): string | null {
  const given = LOCALES.flatMap((l) => (input[`${name}_${l}`] ? [[l, input[`${name}_${l}`]] as const] : []));
  return given.length ? JSON.stringify(Object.fromEntries(given)) : null;
}

function rulesOf(row: VersionRow): EligibilityRules {
  return {
    visas: JSON.parse(row.visas) as string[],
    stayAfterMonths: row.stay_after_months,
    employedMonths: row.employed_months,
    employedMonthsByVisa: JSON.parse(row.employed_months_by_visa) as Record<string, number>,
    minIncome: row.min_income,
    employment: parseList(row.employment_kinds, EMPLOYMENT_KINDS),
    nationalities: JSON.parse(row.nationalities) as string[],
  };
}

function productOf(product: ProductRow, version: VersionRow, locale: Locale): LoanProduct {
  return {
    key: product.partner_key,
    name: inLocale(parsePerLocale(version.names), locale, emptyName) ?? "",
    amount: { min: version.amount_min, max: version.amount_max },
    rate: { min: bpToPercent(version.rate_min_bp), max: bpToPercent(version.rate_max_bp) },
    term: { min: version.term_min, max: version.term_max },
    methods: parseList(version.methods, METHODS),
    rules: rulesOf(version),
    rateDate: version.rate_date ?? seoulDay(version.effective_from),
    terms: {
      lenderName: version.lender_name ?? "",
      officialName: version.official_name ?? "",
      rateKind: (version.rate_kind ?? "fixed") as RateKind,
      rateBasis: version.rate_basis ?? "",
      overdueAddBp: version.overdue_add_bp ?? 0,
      handlingFeeBp: version.fee_handling_bp ?? 0,
      prepayFeeBp: version.fee_prepay_bp ?? 0,
      prepayMonths: version.prepay_months ?? 0,
      stampDuty: (version.stamp_duty ?? "none") as StampDuty,
      creditStandard: version.credit_standard ?? "",
      rateBasisTr: translations(version.rate_basis_tr),
      creditStandardTr: translations(version.credit_standard_tr),
      interestTiming: (version.interest_timing ?? "monthly") as InterestTiming,
    },
    approval: {
      confirmNo: version.confirm_no ?? "",
      confirmUntil: version.confirm_until ?? "",
      reviewNo: version.review_no ?? "",
      reviewUntil: version.review_until ?? "",
    },
  };
}

async function versionsByProduct(db: Db): Promise<Map<number, VersionRow[]>> {
  const rows = await db.selectFrom("loan_product_versions").selectAll().orderBy("id").execute();
  const out = new Map<number, VersionRow[]>();
  for (const row of rows) out.set(row.product_id, [...(out.get(row.product_id) ?? []), row]);
  return out;
}

/**
 * The products the eligibility check offers now, in `locale`, in display
 * order: switched on, with a live version. With `preview` (signed-in
 * operators only) a product's draft stands in for its live version.
 */
export function liveProducts(db: Db, locale: Locale, now = new Date(), preview = false): Promise<LoanProduct[]> {
  return preview ? readLiveProducts(db, locale, now, true) : publicProducts(db, locale, now);
}

/** The span of the products live now (app/loans/ranges.ts): what prose and the legal texts state about "our loans"; null when none is live. */
export async function liveProductRanges(db: Db, now = new Date()): Promise<ProductRanges | null> {
  return productRanges(await liveProducts(db, "en", now));
}

/** What the legal texts state from the live products, for the legal feature's renderer (it stands below this one). */
export const legalFactsOf =
  (db: Db): LegalFactsSource =>
  async (now) => ({ ranges: await liveProductRanges(db, now) });

/** What visitors are offered: while the database is away, what this process last read (app/lib/last-known.server.ts). */
const publicProducts = lastKnown(
  (db: Db, locale: Locale, now: Date) => readLiveProducts(db, locale, now, false),
  (locale) => locale,
);

async function readLiveProducts(db: Db, locale: Locale, now: Date, preview: boolean): Promise<LoanProduct[]> {
  const products = await db.selectFrom("loan_products").selectAll().where("enabled", "=", 1).orderBy("position").orderBy("id").execute();
  const versions = await versionsByProduct(db);
  return products.flatMap((product) => {
    const own = versions.get(product.id) ?? [];
    const version = (preview ? own.find((v) => v.status === "draft") : undefined) ?? liveVersion(own, now);
    // An ad without its approvals, or past their validity, is not shown (issue 35): it drops off on its own.
    return version && (preview || productApproved(version, now)) ? [productOf(product, version, locale)] : [];
  });
}

// ---- The console -------------------------------------------------------

/** A version as the console's form shows it (the field names of the schema). */
export type ProductValues = Record<string, string>;

export function versionValues(row: VersionRow): ProductValues {
  const names = parsePerLocale(row.names);
  return {
    ...Object.fromEntries(LOCALES.map((l) => [`name_${l}`, names[l]])),
    amount_min: String(row.amount_min),
    amount_max: String(row.amount_max),
    rate_min: rateText(row.rate_min_bp),
    rate_max: rateText(row.rate_max_bp),
    term_min: String(row.term_min),
    term_max: String(row.term_max),
    methods: parseList(row.methods, METHODS).join(","),
    visas: (JSON.parse(row.visas) as string[]).join(","),
    stay_after_months: String(row.stay_after_months),
    employed_months: String(row.employed_months),
    employed_months_by_visa: formatMonthsByVisa(JSON.parse(row.employed_months_by_visa) as Record<string, number>),
    min_income: String(row.min_income),
    employment_kinds: parseList(row.employment_kinds, EMPLOYMENT_KINDS).join(","),
    nationalities: (JSON.parse(row.nationalities) as string[]).join(", "),
    effective_from: utcToKst(row.effective_from),
    rate_date: row.rate_date ?? "",
    lender_name: row.lender_name ?? "",
    official_name: row.official_name ?? "",
    rate_kind: row.rate_kind ?? "",
    rate_basis: row.rate_basis ?? "",
    overdue_add: row.overdue_add_bp === null ? "" : rateText(row.overdue_add_bp),
    fee_handling: row.fee_handling_bp === null ? "" : rateText(row.fee_handling_bp),
    fee_prepay: row.fee_prepay_bp === null ? "" : rateText(row.fee_prepay_bp),
    prepay_months: row.prepay_months === null ? "" : String(row.prepay_months),
    stamp_duty: row.stamp_duty ?? "",
    credit_standard: row.credit_standard ?? "",
    interest_timing: row.interest_timing ?? "",
    ...translationFields("rate_basis", row.rate_basis_tr),
    ...translationFields("credit_standard", row.credit_standard_tr),
    confirm_no: row.confirm_no ?? "",
    confirm_until: row.confirm_until ?? "",
    review_no: row.review_no ?? "",
    review_until: row.review_until ?? "",
  };
}

export interface AdminProduct {
  id: number;
  key: string;
  enabled: boolean;
  /** The English name of what is live now (else of the draft). */
  name: string;
  live: ProductValues | null;
  /** A published version waiting for its effective-from (Korea time), if any. */
  scheduled: { values: ProductValues; effectiveFrom: string } | null;
  draft: ProductValues | null;
  /** Languages of the draft (else the live version) showing the English name. */
  missing: Locale[];
  /** The live version's approvals running out within 14 days (the console warns). */
  expiring: Expiring[];
  /** The live (else scheduled) version still holds the seeded sample values. */
  sample: boolean;
  /** The lender it is sold for (chosen at creation). */
  lender: { id: number; legalName: string } | null;
  /** Ever published: it can be retired, never deleted (its versions are the record of what was advertised). */
  published: boolean;
  /** Retired: off for good. */
  retired: boolean;
}

type Lenders = Map<number, string>;

/** The version visitors see (or will) is still a sample by its content (app/loans/sample-marks.ts), as the go-live check reads it. */
function sampleShown(version: VersionRow | undefined, now: Date): boolean {
  if (!version) return false;
  return (
    sampleMarks(
      version,
      [
        version.names,
        version.official_name,
        version.rate_basis,
        version.credit_standard,
        version.rate_basis_tr,
        version.credit_standard_tr,
      ],
      now,
    ).length > 0
  );
}

async function lenderNames(db: Db): Promise<Lenders> {
  const rows = await db.selectFrom("loan_lenders").select(["id", "legal_name"]).execute();
  return new Map(rows.map((r) => [r.id, r.legal_name]));
}

function adminProduct(product: ProductRow, versions: VersionRow[], now: Date, lenders: Lenders): AdminProduct {
  const live = liveVersion(versions, now);
  const at = now.toISOString();
  const next = versions
    .filter((v) => v.status === "published" && v.effective_from > at)
    .sort((a, b) => (a.effective_from < b.effective_from ? -1 : 1))[0];
  const draft = versions.find((v) => v.status === "draft");
  const shown = draft ?? live ?? next;
  return {
    id: product.id,
    key: product.partner_key,
    enabled: !!product.enabled,
    name: shown ? parsePerLocale(shown.names).en : product.partner_key,
    live: live ? versionValues(live) : null,
    scheduled: next ? { values: versionValues(next), effectiveFrom: utcToKst(next.effective_from) } : null,
    draft: draft ? versionValues(draft) : null,
    missing: shown ? missingLocales(parsePerLocale(shown.names), emptyName) : [],
    expiring: product.enabled && live ? expiringSoon(live, now) : [],
    sample: sampleShown(live ?? next, now),
    lender:
      product.lender_id !== null && lenders.has(product.lender_id)
        ? { id: product.lender_id, legalName: lenders.get(product.lender_id)! }
        : null,
    published: versions.some((v) => v.status === "published"),
    retired: product.retired_at !== null,
  };
}

export async function listProducts(db: Db, now = new Date()): Promise<AdminProduct[]> {
  const products = await db.selectFrom("loan_products").selectAll().orderBy("position").orderBy("id").execute();
  const versions = await versionsByProduct(db);
  const lenders = await lenderNames(db);
  // Retired products last: the list is what the business sells.
  const ordered = [...products.filter((p) => p.retired_at === null), ...products.filter((p) => p.retired_at !== null)];
  return ordered.map((p) => adminProduct(p, versions.get(p.id) ?? [], now, lenders));
}

export async function findProduct(db: Db, id: number, now = new Date()): Promise<AdminProduct | null> {
  const product = await db.selectFrom("loan_products").selectAll().where("id", "=", id).executeTakeFirst();
  if (!product) return null;
  const versions = await db.selectFrom("loan_product_versions").selectAll().where("product_id", "=", id).execute();
  return adminProduct(product, versions, now, await lenderNames(db));
}

/**
 * The chosen visas in the order the product lists them now (the seeds keep
 * the FAQ's, spec §9: …, F-5, F-6, F-4), any new ones after in the form's
 * order: saving without touching them changes nothing (not the check's
 * "accepts only" list, not the audit).
 */
function visasInOrder(chosen: readonly string[], before: readonly string[]): string[] {
  return [...before.filter((v) => chosen.includes(v)), ...chosen.filter((v) => !before.includes(v))];
}

function columnsOf(input: ProductInput, lenderName: string | null = null) {
  return {
    names: JSON.stringify(Object.fromEntries(LOCALES.map((l) => [l, input[`name_${l}`]]))),
    amount_min: input.amount_min,
    amount_max: input.amount_max,
    rate_min_bp: percentToBp(input.rate_min),
    rate_max_bp: percentToBp(input.rate_max),
    term_min: input.term_min,
    term_max: input.term_max,
    methods: (input.methods as Method[]).join(","),
    visas: JSON.stringify(input.visas),
    stay_after_months: input.stay_after_months,
    employed_months: input.employed_months,
    employed_months_by_visa: JSON.stringify(input.employed_months_by_visa),
    min_income: input.min_income,
    employment_kinds: input.employment_kinds.join(","),
    nationalities: JSON.stringify(input.nationalities),
    rate_date: input.rate_date || null,
    // The ad names the product's lender as the lenders page keeps it (issue 47): never typed twice.
    lender_name: lenderName,
    official_name: input.official_name || null,
    rate_kind: input.rate_kind,
    rate_basis: input.rate_basis || null,
    overdue_add_bp: input.overdue_add,
    fee_handling_bp: input.fee_handling,
    fee_prepay_bp: input.fee_prepay,
    prepay_months: input.prepay_months,
    stamp_duty: input.stamp_duty,
    credit_standard: input.credit_standard || null,
    interest_timing: input.interest_timing,
    rate_basis_tr: translationJson(input, "rate_basis"),
    credit_standard_tr: translationJson(input, "credit_standard"),
    confirm_no: input.confirm_no || null,
    confirm_until: input.confirm_until || null,
    review_no: input.review_no || null,
    review_until: input.review_until || null,
    // An operator's save: no longer the seeded sample.
    sample: 0,
  };
}

/** What publishing this input would lack (the console's form checks it before anything is saved). */
export function inputGaps(input: ProductInput, lenderName: string | null, now = new Date()): Gap[] {
  return productGaps(columnsOf(input, lenderName), now);
}

/** The values an audit row compares: the form's, without the schedule. */
function comparable(values: ProductValues | null): ProductValues {
  if (!values) return {};
  const { effective_from: _from, ...rest } = values;
  return rest;
}

/** A product and its versions, in a transaction; a missing product is refused, and so is a change to a retired one. */
async function productForChange(trx: Db, id: number): Promise<{ product: ProductRow; versions: VersionRow[] }> {
  const product = await trx.selectFrom("loan_products").selectAll().where("id", "=", id).executeTakeFirst();
  if (!product) throw new ProductProblem("missing");
  if (product.retired_at !== null) throw new ProductProblem("retired");
  const versions = await trx.selectFrom("loan_product_versions").selectAll().where("product_id", "=", id).execute();
  return { product, versions };
}

/** The legal name of the product's lender, as its ads name it. */
export async function productLenderName(db: Db, product: Pick<ProductRow, "lender_id">): Promise<string | null> {
  if (product.lender_id === null) return null;
  const row = await db.selectFrom("loan_lenders").select("legal_name").where("id", "=", product.lender_id).executeTakeFirst();
  return row?.legal_name ?? null;
}

/**
 * Refuses to make a product live that would put the site over its lender rule
 * (app/loans/registration-rule.ts): without a 대부중개업 registration, a
 * product of a lender other than the one already live. Checked before a
 * publication saves anything, and again inside it.
 */
export async function assertLenderRule(db: Db, product: Pick<ProductRow, "lender_id">, now = new Date()): Promise<void> {
  const rule = lenderRule(!!daebuRegistration(await businessIdentity(db)));
  const live = (await liveLenders(db, "en", now)).map((l) => l.id);
  if (!allowsLender(rule, live, product.lender_id)) throw new ProductProblem("one_lender");
}

/**
 * Saves the product's draft (creating it, or replacing the one there is),
 * audited old (the live version) → new. The draft's effective-from is kept
 * for its publication. Nothing is live until it is published.
 */
export async function saveDraft(db: Db, who: Who, id: number, input: ProductInput, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const { product, versions } = await productForChange(trx, id);
    const draft = versions.find((v) => v.status === "draft");
    const base = draft ?? liveVersion(versions, now);
    const visas = visasInOrder(input.visas, base ? (JSON.parse(base.visas) as string[]) : []);
    const values = {
      ...columnsOf({ ...input, visas }, await productLenderName(trx, product)),
      effective_from: kstToUtc(input.effective_from) ?? at,
      updated_at: at,
    };
    if (draft) await trx.updateTable("loan_product_versions").set(values).where("id", "=", draft.id).execute();
    else
      await trx
        .insertInto("loan_product_versions")
        .values({ ...values, product_id: id, status: "draft", created_at: at })
        .execute();
    const after = versionValues({ ...(base ?? ({} as VersionRow)), ...values, id: 0, product_id: id, status: "draft", created_at: at });
    const changes = describeChanges(base ? versionValues(base) : {}, after);
    await auditChange(trx, who, "product_update", { kind: "product", id }, [`${product.partner_key} (draft)`, ...changes], now);
  });
}

/**
 * Publishes the draft: live from its effective-from (now, when that has
 * passed or was left empty). Audited with what changes against the version
 * live until then. Every instance serves it within 5 s of that instant.
 */
export async function publishDraft(db: Db, who: Who, id: number, now = new Date()): Promise<{ effectiveFrom: string }> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const { product, versions } = await productForChange(trx, id);
    const draft = versions.find((v) => v.status === "draft");
    if (!draft) throw new ProductProblem("no_draft");
    const gaps = productGaps(draft, now);
    if (gaps.length) throw new ProductProblem("unapproved", gaps);
    if (product.enabled) await assertLenderRule(trx, product, now);
    const effectiveFrom = draft.effective_from > at ? draft.effective_from : at;
    await trx
      .updateTable("loan_product_versions")
      .set({ status: "published", effective_from: effectiveFrom, updated_at: at })
      .where("id", "=", draft.id)
      .execute();
    const live = liveVersion(versions, now);
    const changes = describeChanges(comparable(live ? versionValues(live) : null), comparable(versionValues(draft)));
    const when = effectiveFrom === at ? "now" : `${utcToKst(effectiveFrom)} KST`;
    await auditChange(
      trx,
      who,
      "product_publish",
      { kind: "product", id },
      [`${product.partner_key}: draft → published, effective ${when}`, ...changes],
      now,
    );
    await bumpContentVersion(trx, now);
    return { effectiveFrom };
  });
}

/** Discards the draft (the live version stays). */
export async function discardDraft(db: Db, who: Who, id: number, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("loan_product_versions")
      .where("product_id", "=", id)
      .where("status", "=", "draft")
      .executeTakeFirst();
    if (!Number(removed.numDeletedRows)) throw new ProductProblem("no_draft");
    await audit(trx, who, "product_update", { kind: "product", id }, "draft discarded", now);
  });
}

/** Switches a product on or off, at once. */
export async function setProductEnabled(db: Db, who: Who, id: number, enabled: boolean, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const product = await trx.selectFrom("loan_products").selectAll().where("id", "=", id).executeTakeFirst();
    if (!product) throw new ProductProblem("missing");
    if (product.retired_at !== null) throw new ProductProblem("retired");
    if (!!product.enabled === enabled) return;
    // Switched on, it goes live only with an approved version in effect: only then does the lender rule apply.
    if (enabled) {
      const versions = await trx.selectFrom("loan_product_versions").selectAll().where("product_id", "=", id).execute();
      const live = liveVersion(versions, now);
      if (live && productApproved(live, now)) await assertLenderRule(trx, product, now);
    }
    await trx
      .updateTable("loan_products")
      .set({ enabled: enabled ? 1 : 0, updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
    await audit(trx, who, "product_enable", { kind: "product", id }, `${product.partner_key}: ${enabled ? "off → on" : "on → off"}`, now);
    await bumpContentVersion(trx, now);
  });
}

/** What a new product starts from: its partner key (chosen now, for good) and its lender. */
export interface NewProduct {
  partner_key: string;
  lender_id: number;
}

/**
 * Adds a product (issue 47, item 1): switched on, with nothing live until its
 * first draft is published (its figures, rules, disclosures and approvals are
 * filled on its own page). Last in the display order.
 */
export async function createProduct(db: Db, who: Who, input: NewProduct, now = new Date()): Promise<number> {
  try {
    return await insertProduct(db, who, input, now);
  } catch (error) {
    // The same key added twice at once: the second is refused as taken, like the check before the insert.
    if (isUniqueViolation(error)) throw new ProductProblem("taken");
    throw error;
  }
}

async function insertProduct(db: Db, who: Who, input: NewProduct, now: Date): Promise<number> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom("loan_products").select("id").where("partner_key", "=", input.partner_key).executeTakeFirst();
    if (taken) throw new ProductProblem("taken");
    const lender = await trx.selectFrom("loan_lenders").select("id").where("id", "=", input.lender_id).executeTakeFirst();
    if (!lender) throw new ProductProblem("lender");
    const last = await trx
      .selectFrom("loan_products")
      .select((eb) => eb.fn.max("position").as("position"))
      .executeTakeFirst();
    const { id } = await trx
      .insertInto("loan_products")
      .values({
        partner_key: input.partner_key,
        lender_id: input.lender_id,
        enabled: 1,
        position: Number(last?.position ?? 0) + 1,
        created_at: at,
        updated_at: at,
        retired_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(trx, who, "product_create", { kind: "product", id }, input.partner_key, now);
    return id;
  });
}

/** Deletes a product that was never published (its draft with it): nothing of it was ever advertised. */
export async function deleteProduct(db: Db, who: Who, id: number, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const product = await trx.selectFrom("loan_products").selectAll().where("id", "=", id).executeTakeFirst();
    if (!product) throw new ProductProblem("missing");
    const published = await trx
      .selectFrom("loan_product_versions")
      .select("id")
      .where("product_id", "=", id)
      .where("status", "=", "published")
      .executeTakeFirst();
    if (published) throw new ProductProblem("published");
    await trx.deleteFrom("loan_product_versions").where("product_id", "=", id).execute();
    await trx.deleteFrom("loan_products").where("id", "=", id).execute();
    await audit(trx, who, "product_delete", { kind: "product", id }, product.partner_key, now);
    await bumpContentVersion(trx, now);
  });
}

/**
 * Retires a product the business no longer sells: off for good, at once
 * (every ad of it drops off), its draft discarded, its published versions
 * kept as the record of what was advertised. The go-live check no longer
 * counts it.
 */
export async function retireProduct(db: Db, who: Who, id: number, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { product } = await productForChange(trx, id);
    await trx.deleteFrom("loan_product_versions").where("product_id", "=", id).where("status", "=", "draft").execute();
    await trx
      .updateTable("loan_products")
      .set({ enabled: 0, retired_at: now.toISOString(), updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
    await audit(trx, who, "product_retire", { kind: "product", id }, product.partner_key, now);
    await bumpContentVersion(trx, now);
  });
}

/** Every product's key and English name, for the campaigns' "advertised product" choice. */
export async function productChoices(db: Db, now = new Date()): Promise<{ key: string; name: string }[]> {
  return (await listProducts(db, now)).filter((p) => !p.retired).map((p) => ({ key: p.key, name: p.name }));
}

/** The loan ads' data of a page: the broker (naming every live product's lender) and each live product's disclosure, by key. */
export interface LoanAds {
  broker: DisclosureBroker;
  products: Record<string, DisclosureProduct & { approval: DisclosureApproval }>;
}

export function loanAds(db: Db, locale: Locale, now = new Date()): Promise<LoanAds> {
  return lastLoanAds(db, locale, now);
}

/** While the database is away, the ads this process last read (with their disclosures: never an ad without one). */
const lastLoanAds = lastKnown(readLoanAds, (locale) => locale);

async function readLoanAds(db: Db, locale: Locale, now: Date): Promise<LoanAds> {
  const live = await liveProducts(db, locale, now);
  const broker = await loadDisclosureBroker(
    db,
    live.map((p) => p.terms.lenderName),
  );
  return { broker, products: Object.fromEntries(live.map((p) => [p.key, { ...disclosureProduct(p), approval: p.approval }])) };
}

/**
 * The live products' figures as message variables in `locale` (issue 47,
 * item 2): what the calculator's hints, the FAQ, the glossary and the loan
 * guide state about "our" loans. Null when nothing is live: those sentences go.
 */
export async function liveFigures(db: Db, locale: Locale, now = new Date()): Promise<RangeVars | null> {
  const ranges = productRanges(await liveProducts(db, locale, now));
  return ranges ? rangeVars(locale, ranges) : null;
}
