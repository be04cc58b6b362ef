import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { DeploymentFacts } from "#app/lib/services.server.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";
import {
  SAMPLE_IDENTITY,
  brokerRegistration,
  daebuNameMissing,
  daebuRegistration,
  type BusinessIdentity,
  type PrivacyOfficer,
} from "#app/business/identity.ts";
import { businessIdentity } from "#app/business/identity.server.ts";
import { apiTitleOf, issuerOf, type Brand } from "#app/business/brand.ts";
import { SAMPLE_BRAND } from "#app/business/sample-brand.ts";
import { businessBrand } from "#app/business/brand.server.ts";
import { brandFields } from "#app/features/brand-settings/schema.ts";
import { lastBackup } from "#app/features/go-live/backups.server.ts";
import { lastAccessExport } from "#app/features/access/export.server.ts";
import { unconfirmedHomeClaims } from "#app/features/home-claims/home-claims.server.ts";
import { unfilledPlaceholders } from "#app/features/legal/documents.server.ts";
import { liveVersion, scheduledVersions } from "#app/loans/live.ts";
import { sampleMarks } from "#app/loans/sample-marks.ts";
import { liveLenders } from "#app/loans/lenders.server.ts";
import { fitsRule, lenderRule } from "#app/loans/registration-rule.ts";
import { SAMPLE_LENDERS } from "#db/migrations/0175_lenders.ts";
import { goLiveExtras, type GoLiveExtras } from "#app/features/go-live/extras.server.ts";
import { businessProcessors } from "#app/business/processors.server.ts";
import type { Processor } from "#app/business/processors.ts";
import {
  BUSINESS_PAGE,
  DEPLOY_GUIDE,
  DEPLOY_GUIDE_ACCESS,
  HOME_CLAIMS_PAGE,
  LEGAL_PAGE,
  OPERATORS_PAGE,
  type Finding,
} from "#app/features/go-live/finding.ts";

export type { Finding, GoLiveArea } from "#app/features/go-live/finding.ts";
export { BUSINESS_PAGE, DEPLOY_GUIDE, HOME_CLAIMS_PAGE, LEGAL_PAGE } from "#app/features/go-live/finding.ts";
import { legalFactsOf } from "#app/features/products/products.server.ts";

/**
 * The go-live check (issue 36, item 4): every sample value still showing
 * and every setting still missing, each with where it is fixed. The console
 * page (/admin/go-live) and `npm run golive:check` (non-zero exit while
 * anything is left; the deploy guide's last step) list the same findings.
 */
/** The identity's fields as the Business page labels them, each compared with the sample's. */
const IDENTITY_FIELDS: [keyof BusinessIdentity, AdminKey][] = [
  ["legalNameKo", "business.field.legalNameKo"],
  ["legalNameEn", "business.field.legalNameEn"],
  ["representativeKo", "business.field.representativeKo"],
  ["representativeEn", "business.field.representativeEn"],
  ["businessRegistrationNumber", "business.field.businessNumber"],
  ["addressKo", "business.field.addressKo"],
  ["addressEn", "business.field.addressEn"],
  ["phone", "business.field.phone"],
  ["email", "business.field.email"],
];

const PRIVACY_OFFICER_FIELDS: [keyof PrivacyOfficer, AdminKey][] = [
  ["nameKo", "business.field.privacyOfficerNameKo"],
  ["nameEn", "business.field.privacyOfficerNameEn"],
  ["positionKo", "business.field.privacyOfficerPositionKo"],
  ["positionEn", "business.field.privacyOfficerPositionEn"],
  ["phone", "business.field.privacyOfficerPhone"],
  ["email", "business.field.privacyOfficerEmail"],
];

/** A backup older than this is no backup for the check (the timer makes one a day). */
export const BACKUP_MAX_AGE_MS = 2 * 24 * 60 * 60 * 1000;
/** The access records' daily export (its timer) counts as running when it ran within this. */
export const ACCESS_EXPORT_MAX_AGE_MS = 2 * 24 * 60 * 60 * 1000;

export function identityFindings(identity: BusinessIdentity): Finding[] {
  const findings: Finding[] = IDENTITY_FIELDS.filter(([key]) => identity[key] !== "" && identity[key] === SAMPLE_IDENTITY[key]).map(
    ([, field]) => ({ area: "identity", what: "golive.sample", field, fix: BUSINESS_PAGE }),
  );
  const registration = brokerRegistration(identity);
  const sample = brokerRegistration(SAMPLE_IDENTITY)!;
  if (!registration || registration.number === sample.number) {
    findings.push({ area: "identity", what: "golive.sample", field: "business.field.registrationNumber", fix: BUSINESS_PAGE });
  }
  if (identity.lat === SAMPLE_IDENTITY.lat && identity.lng === SAMPLE_IDENTITY.lng) {
    findings.push({ area: "identity", what: "golive.sample", field: "business.field.lat", fix: BUSINESS_PAGE });
  }
  // The privacy policy's 개인정보 보호책임자, field by field: a sample name or contact there misleads every visitor who writes to it.
  for (const [key, field] of PRIVACY_OFFICER_FIELDS) {
    if (identity.privacyOfficer[key] === SAMPLE_IDENTITY.privacyOfficer[key])
      findings.push({ area: "identity", what: "golive.sample", field, fix: BUSINESS_PAGE });
  }
  if (identity.certificateUrl === SAMPLE_IDENTITY.certificateUrl) {
    findings.push({ area: "certificate", what: "golive.certificate", fix: BUSINESS_PAGE });
  }
  return findings;
}

export const BRAND_PAGE = "/admin/brand";

/**
 * The brand still the fresh install's (issue 47, item 3): each image still
 * the sample file, the authenticator issuer and the API title still naming
 * the sample trade name, and each link still the sample's (an emptied link
 * is no sample: it hides its row). Fixed on the console's Brand page.
 */
export function brandFindings(brand: Brand, identity: BusinessIdentity): Finding[] {
  const findings: Finding[] = [];
  for (const image of ["logo", "favicon", "shareCard"] as const) {
    if (brand[image] === SAMPLE_BRAND[image])
      findings.push({ area: "brand", what: "golive.brandImage", field: `brand.image.${image}`, fix: BRAND_PAGE });
  }
  if (issuerOf(brand, identity) === issuerOf(SAMPLE_BRAND, SAMPLE_IDENTITY))
    findings.push({ area: "brand", what: "golive.sample", field: "brand.field.issuer", fix: BRAND_PAGE });
  if (apiTitleOf(brand, identity) === apiTitleOf(SAMPLE_BRAND, SAMPLE_IDENTITY))
    findings.push({ area: "brand", what: "golive.sample", field: "brand.field.api_title", fix: BRAND_PAGE });
  const sample = brandFields(SAMPLE_BRAND);
  for (const [name, value] of Object.entries(brandFields(brand))) {
    if (name === "issuer" || name === "api_title" || value === "" || value !== sample[name]) continue;
    findings.push({ area: "brand", what: "golive.sample", field: `brand.field.${name}` as AdminKey, fix: BRAND_PAGE });
  }
  return findings;
}

export function deploymentFindings(facts: DeploymentFacts | undefined): Finding[] {
  const f = facts ?? { publicOrigin: "", appSecretSet: false, smtpSet: false, vapidSet: false };
  const findings: Finding[] = [];
  if (!/^https:\/\//.test(f.publicOrigin)) findings.push({ area: "deployment", what: "golive.publicOrigin", fix: DEPLOY_GUIDE });
  if (!f.appSecretSet) findings.push({ area: "deployment", what: "golive.appSecret", fix: DEPLOY_GUIDE });
  if (f.sealedWithOtherKey)
    findings.push({ area: "deployment", what: "golive.secretsKey", detail: String(f.sealedWithOtherKey), fix: DEPLOY_GUIDE });
  if (!f.smtpSet) findings.push({ area: "deployment", what: "golive.smtp", fix: DEPLOY_GUIDE });
  if (!f.vapidSet) findings.push({ area: "deployment", what: "golive.vapid", fix: DEPLOY_GUIDE });
  return findings;
}

/** The home page's figures and reviews nobody confirmed (issue 35, item 4): confirm or hide them on the console's page. */
export async function claimFindings(db: Kysely<Database>): Promise<Finding[]> {
  return (await unconfirmedHomeClaims(db)).map((claim) =>
    claim.kind === "figure"
      ? { area: "claims", what: "golive.claimFigure", field: `claims.figure.${claim.key}`, fix: HOME_CLAIMS_PAGE }
      : { area: "claims", what: "golive.claimReview", fix: `${HOME_CLAIMS_PAGE}/reviews/${claim.id}` },
  );
}

/**
 * Loan ads still samples (issues 35, 47): only what visitors can see counts —
 * a switched-on product's live version and its versions still to come (a
 * superseded version, a product switched off or retired does not), a banner
 * or the popup switched on and published. Each is a sample by its content
 * (app/loans/sample-marks.ts: the seeded flag, an approval number beginning
 * 샘플, "[샘플]" in a text, an approval valid more than a year ahead), not by
 * who saved it last. A live product's lender still the sample's is listed too.
 * Each is fixed on its own console page.
 */
export async function adFindings(db: Kysely<Database>, now = new Date()): Promise<Finding[]> {
  const findings: Finding[] = [];
  const products = await db
    .selectFrom("loan_products")
    .selectAll()
    .where("enabled", "=", 1)
    .where("retired_at", "is", null)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const versions = products.length
    ? await db
        .selectFrom("loan_product_versions")
        .selectAll()
        .where(
          "product_id",
          "in",
          products.map((p) => p.id),
        )
        .execute()
    : [];
  const sampleLenders = new Set(Object.values(SAMPLE_LENDERS).map((l) => l.legal_name));
  for (const product of products) {
    const own = versions.filter((v) => v.product_id === product.id);
    const shown = [liveVersion(own, now), ...scheduledVersions(own, now)].filter((v) => v !== undefined);
    const marked = shown.some(
      (v) =>
        sampleMarks(
          v,
          [v.names, v.official_name, v.rate_basis, v.credit_standard, v.rate_basis_tr, v.credit_standard_tr, v.lender_name],
          now,
        ).length > 0,
    );
    if (marked)
      findings.push({ area: "ads", what: "golive.sampleProduct", detail: product.partner_key, fix: `/admin/products/${product.id}` });
    if (shown.some((v) => v.lender_name !== null && sampleLenders.has(v.lender_name)))
      findings.push({ area: "ads", what: "golive.sampleLender", detail: product.partner_key, fix: "/admin/lenders" });
  }
  // The registration decides how many lenders may be live at once (감독규정 제22조제1호, app/loans/registration-rule.ts).
  const live = await liveLenders(db, "en", now);
  const identity = await businessIdentity(db);
  const rule = lenderRule(!!daebuRegistration(identity));
  if (
    !fitsRule(
      rule,
      live.map((l) => l.id),
    )
  )
    findings.push({ area: "ads", what: "golive.oneLender", detail: live.map((l) => l.legalName).join(", "), fix: "/admin/products" });
  // With a 대부중개업 registration the site applies 대부업법 itself (app/business/identity.ts, ADR 0051).
  if (daebuNameMissing(identity))
    findings.push({ area: "ads", what: "golive.daebuName", detail: identity.legalNameKo, fix: BUSINESS_PAGE });
  const banners = await db
    .selectFrom("campaign_banners")
    .selectAll()
    .where("enabled", "=", 1)
    .where("published", "=", 1)
    .orderBy("position")
    .execute();
  for (const row of banners) {
    if (sampleMarks(row, [row.texts], now).length)
      findings.push({ area: "ads", what: "golive.sampleBanner", detail: row.partner_key, fix: `/admin/campaigns/banners/${row.id}` });
  }
  const popup = await db.selectFrom("campaign_popup").selectAll().where("enabled", "=", 1).where("published", "=", 1).execute();
  if (popup.some((row) => sampleMarks(row, [row.alts, row.event_terms], now).length))
    findings.push({ area: "ads", what: "golive.samplePopup", fix: "/admin/campaigns/popup" });
  return findings;
}

/**
 * No processor listed (issue 52, item 7; 법 제26조②): the privacy policy would
 * say nothing is entrusted, while at least the hosting, and the Web Push
 * services abroad (제28조의8), are.
 */
export function processorFindings(processors: readonly Processor[]): Finding[] {
  return processors.length ? [] : [{ area: "legal", what: "golive.processors", fix: BUSINESS_PAGE }];
}

/** A placeholder in a legal text in force or coming that nothing fills: the text would show `{name}` to visitors. */
export async function legalFindings(db: Kysely<Database>, now = new Date()): Promise<Finding[]> {
  return (await unfilledPlaceholders(db, legalFactsOf(db), now)).map((p) => ({
    area: "legal",
    what: "golive.placeholder",
    detail: `${p.kind} ${p.version} (${p.lang}): {${p.name}}`,
    fix: LEGAL_PAGE,
  }));
}

/**
 * The access records need a reviewer and a copy the database cannot rewrite (issue 52 item 2; 고시
 * 제8조②③): an operator with the privacy officer's role who can sign in, and the daily export
 * running (`npm run access:export`, its timer).
 */
export async function privacyFindings(db: Kysely<Database>, now = new Date()): Promise<Finding[]> {
  const findings: Finding[] = [];
  const officer = await db
    .selectFrom("admin_operators")
    .select("id")
    .where("role", "=", "officer")
    .where("disabled_at", "is", null)
    .limit(1)
    .executeTakeFirst();
  if (!officer) findings.push({ area: "privacy", what: "golive.officer", fix: OPERATORS_PAGE });
  const exported = await lastAccessExport(db);
  if (!exported || now.getTime() - Date.parse(exported) > ACCESS_EXPORT_MAX_AGE_MS)
    findings.push({ area: "privacy", what: "golive.accessExport", fix: DEPLOY_GUIDE_ACCESS });
  return findings;
}

export async function goLiveFindings(
  db: Kysely<Database>,
  facts: DeploymentFacts | undefined,
  now = new Date(),
  extras: GoLiveExtras = {},
): Promise<Finding[]> {
  const identity = await businessIdentity(db);
  const findings = [
    ...identityFindings(identity),
    ...brandFindings(await businessBrand(db), identity),
    ...deploymentFindings(facts),
    ...(await adFindings(db, now)),
    ...(await claimFindings(db)),
    ...(await legalFindings(db, now)),
    ...processorFindings(await businessProcessors(db)),
    ...(await privacyFindings(db, now)),
    // What a visitor sees and whether the alerts arrive (issue 47, item 6): the scan and the test send.
    ...(await goLiveExtras(db, extras, now)),
  ];
  const backup = await lastBackup(db);
  if (!backup || now.getTime() - new Date(backup.at).getTime() > BACKUP_MAX_AGE_MS) {
    findings.push({ area: "backup", what: "golive.backup", fix: DEPLOY_GUIDE });
  } else if (!backup.encrypted) {
    // A backup in clear is personal data leaving in clear (고시 제7조⑤; issue 52): BACKUP_RECIPIENT encrypts it.
    findings.push({ area: "backup", what: "golive.backupPlain", fix: DEPLOY_GUIDE });
  }
  return findings;
}
