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
import { productApproved, productGaps } from "#app/features/products/legal.ts";
import { expiringSoon, type Expiring, type Gap } from "#app/loans/ad-approval.ts";
import type { RateKind, StampDuty } from "#app/loans/terms.ts";
import { seoulDay } from "#app/lib/seoul-time.ts";
import { loadDisclosureBroker } from "#app/loans/disclosure.server.ts";
import { productRanges, type ProductRanges } from "#app/loans/ranges.ts";
import type { DisclosureApproval, DisclosureBroker, DisclosureProduct } from "#app/loans/disclosure.ts";

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

export type ProductError = "missing" | "no_draft" | "unapproved";
export class ProductProblem extends CodedError<ProductError> {
  /** With `unapproved`: what the version lacks, by the form's field names. */
  readonly gaps: Gap[];
  constructor(code: ProductError, gaps: Gap[] = []) {
    super(code);
    this.gaps = gaps;
  }
}

const emptyName = (name: string) => !name.trim();

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
    },
    approval: {
      confirmNo: version.confirm_no ?? "",
      confirmUntil: version.confirm_until ?? "",
      reviewNo: version.review_no ?? "",
      reviewUntil: version.review_until ?? "",
    },
  };
}

/** The published version live at `now` among `versions` (one product's), or undefined. */
export function liveVersion<T extends Pick<VersionRow, "status" | "effective_from" | "id">>(versions: T[], now: Date): T | undefined {
  const at = now.toISOString();
  return versions
    .filter((v) => v.status === "published" && v.effective_from <= at)
    .sort((a, b) => (a.effective_from === b.effective_from ? b.id - a.id : a.effective_from < b.effective_from ? 1 : -1))[0];
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
}

function adminProduct(product: ProductRow, versions: VersionRow[], now: Date): AdminProduct {
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
    sample: !!(live ?? next)?.sample,
  };
}

export async function listProducts(db: Db, now = new Date()): Promise<AdminProduct[]> {
  const products = await db.selectFrom("loan_products").selectAll().orderBy("position").orderBy("id").execute();
  const versions = await versionsByProduct(db);
  return products.map((p) => adminProduct(p, versions.get(p.id) ?? [], now));
}

export async function findProduct(db: Db, id: number, now = new Date()): Promise<AdminProduct | null> {
  const product = await db.selectFrom("loan_products").selectAll().where("id", "=", id).executeTakeFirst();
  if (!product) return null;
  const versions = await db.selectFrom("loan_product_versions").selectAll().where("product_id", "=", id).execute();
  return adminProduct(product, versions, now);
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

function columnsOf(input: ProductInput) {
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
    lender_name: input.lender_name || null,
    official_name: input.official_name || null,
    rate_kind: input.rate_kind,
    rate_basis: input.rate_basis || null,
    overdue_add_bp: input.overdue_add,
    fee_handling_bp: input.fee_handling,
    fee_prepay_bp: input.fee_prepay,
    prepay_months: input.prepay_months,
    stamp_duty: input.stamp_duty,
    credit_standard: input.credit_standard || null,
    confirm_no: input.confirm_no || null,
    confirm_until: input.confirm_until || null,
    review_no: input.review_no || null,
    review_until: input.review_until || null,
    // An operator's save: no longer the seeded sample.
    sample: 0,
  };
}

/** What publishing this input would lack (the console's form checks it before anything is saved). */
export function inputGaps(input: ProductInput, now = new Date()): Gap[] {
  return productGaps(columnsOf(input), now);
}

/** The values an audit row compares: the form's, without the schedule. */
function comparable(values: ProductValues | null): ProductValues {
  if (!values) return {};
  const { effective_from: _from, ...rest } = values;
  return rest;
}

/** A product and its versions, in a transaction; a missing product is refused. */
async function productForChange(trx: Db, id: number): Promise<{ product: ProductRow; versions: VersionRow[] }> {
  const product = await trx.selectFrom("loan_products").selectAll().where("id", "=", id).executeTakeFirst();
  if (!product) throw new ProductProblem("missing");
  const versions = await trx.selectFrom("loan_product_versions").selectAll().where("product_id", "=", id).execute();
  return { product, versions };
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
    const values = { ...columnsOf({ ...input, visas }), effective_from: kstToUtc(input.effective_from) ?? at, updated_at: at };
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
    if (!!product.enabled === enabled) return;
    await trx
      .updateTable("loan_products")
      .set({ enabled: enabled ? 1 : 0, updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
    await audit(trx, who, "product_enable", { kind: "product", id }, `${product.partner_key}: ${enabled ? "off → on" : "on → off"}`, now);
    await bumpContentVersion(trx, now);
  });
}

/** Every product's key and English name, for the campaigns' "advertised product" choice. */
export async function productChoices(db: Db, now = new Date()): Promise<{ key: string; name: string }[]> {
  return (await listProducts(db, now)).map((p) => ({ key: p.key, name: p.name }));
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
