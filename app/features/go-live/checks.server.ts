import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { DeploymentFacts } from "#app/lib/services.server.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";
import { SAMPLE_IDENTITY, brokerRegistration, type BusinessIdentity, type PrivacyOfficer } from "#app/business/identity.ts";
import { businessIdentity } from "#app/business/identity.server.ts";
import { lastBackup } from "#app/features/go-live/backups.server.ts";
import { unconfirmedHomeClaims } from "#app/features/home-claims/home-claims.server.ts";
import { unfilledPlaceholders } from "#app/features/legal/documents.server.ts";
import { liveProductRanges } from "#app/features/products/products.server.ts";

/**
 * The go-live check (issue 36, item 4): every sample value still showing
 * and every setting still missing, each with where it is fixed. The console
 * page (/admin/go-live) and `npm run golive:check` (non-zero exit while
 * anything is left; the deploy guide's last step) list the same findings.
 */
export type GoLiveArea = "identity" | "certificate" | "ads" | "deployment" | "backup" | "claims" | "legal";

export interface Finding {
  area: GoLiveArea;
  /** What is left, as a console catalog key (its `{field}` filled from `field`). */
  what: AdminKey;
  /** The console's name of the field concerned, when there is one. */
  field?: AdminKey;
  /** What exactly, when the catalog's words need it (a legal text's kind, date, language and placeholder). */
  detail?: string;
  /** Where it is fixed: a console path, or the deploy guide's section. */
  fix: string;
}

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
  ["whatsapp", "business.field.whatsapp"],
  ["messenger", "business.field.messenger"],
];

const PRIVACY_OFFICER_FIELDS: [keyof PrivacyOfficer, AdminKey][] = [
  ["nameKo", "business.field.privacyOfficerNameKo"],
  ["nameEn", "business.field.privacyOfficerNameEn"],
  ["positionKo", "business.field.privacyOfficerPositionKo"],
  ["positionEn", "business.field.privacyOfficerPositionEn"],
  ["phone", "business.field.privacyOfficerPhone"],
  ["email", "business.field.privacyOfficerEmail"],
];

export const BUSINESS_PAGE = "/admin/business";
export const DEPLOY_GUIDE = "docs/deploy.md#go-live";
/** A backup older than this is no backup for the check (the timer makes one a day). */
export const BACKUP_MAX_AGE_MS = 2 * 24 * 60 * 60 * 1000;

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

export function deploymentFindings(facts: DeploymentFacts | undefined): Finding[] {
  const f = facts ?? { publicOrigin: "", appSecretSet: false, smtpSet: false, vapidSet: false };
  const findings: Finding[] = [];
  if (!/^https:\/\//.test(f.publicOrigin)) findings.push({ area: "deployment", what: "golive.publicOrigin", fix: DEPLOY_GUIDE });
  if (!f.appSecretSet) findings.push({ area: "deployment", what: "golive.appSecret", fix: DEPLOY_GUIDE });
  if (!f.smtpSet) findings.push({ area: "deployment", what: "golive.smtp", fix: DEPLOY_GUIDE });
  if (!f.vapidSet) findings.push({ area: "deployment", what: "golive.vapid", fix: DEPLOY_GUIDE });
  return findings;
}

export const HOME_CLAIMS_PAGE = "/admin/home-claims";

/** The home page's figures and reviews nobody confirmed (issue 35, item 4): confirm or hide them on the console's page. */
export async function claimFindings(db: Kysely<Database>): Promise<Finding[]> {
  return (await unconfirmedHomeClaims(db)).map((claim) =>
    claim.kind === "figure"
      ? { area: "claims", what: "golive.claimFigure", field: `claims.figure.${claim.key}`, fix: HOME_CLAIMS_PAGE }
      : { area: "claims", what: "golive.claimReview", fix: `${HOME_CLAIMS_PAGE}/reviews/${claim.id}` },
  );
}

/**
 * Loan ads still carrying the seeded sample approvals (issue 35): a product,
 * banner or the popup whose lender confirmation and compliance review are the
 * samples' ("샘플…"). Each is fixed on its own console page.
 */
export async function adFindings(db: Kysely<Database>): Promise<Finding[]> {
  const findings: Finding[] = [];
  const products = await db
    .selectFrom("loan_product_versions as v")
    .innerJoin("loan_products as p", "p.id", "v.product_id")
    .select(["p.id", "p.partner_key", "v.sample"])
    .where("v.status", "=", "published")
    .orderBy("p.position")
    .execute();
  const seen = new Set<number>();
  for (const row of products) {
    if (!row.sample || seen.has(row.id)) continue;
    seen.add(row.id);
    findings.push({ area: "ads", what: "golive.sampleProduct", detail: row.partner_key, fix: `/admin/products/${row.id}` });
  }
  const banners = await db.selectFrom("campaign_banners").select(["id", "partner_key", "sample"]).orderBy("position").execute();
  for (const row of banners) {
    if (row.sample)
      findings.push({ area: "ads", what: "golive.sampleBanner", detail: row.partner_key, fix: `/admin/campaigns/banners/${row.id}` });
  }
  const popup = await db.selectFrom("campaign_popup").select(["sample"]).execute();
  if (popup.some((row) => row.sample)) findings.push({ area: "ads", what: "golive.samplePopup", fix: "/admin/campaigns/popup" });
  return findings;
}

export const LEGAL_PAGE = "/admin/legal";

/** A placeholder in a legal text in force or coming that nothing fills: the text would show `{name}` to visitors. */
export async function legalFindings(db: Kysely<Database>, now = new Date()): Promise<Finding[]> {
  return (await unfilledPlaceholders(db, async (at) => ({ ranges: await liveProductRanges(db, at) }), now)).map((p) => ({
    area: "legal",
    what: "golive.placeholder",
    detail: `${p.kind} ${p.version} (${p.lang}): {${p.name}}`,
    fix: LEGAL_PAGE,
  }));
}

export async function goLiveFindings(db: Kysely<Database>, facts: DeploymentFacts | undefined, now = new Date()): Promise<Finding[]> {
  const findings = [
    ...identityFindings(await businessIdentity(db)),
    ...deploymentFindings(facts),
    ...(await adFindings(db)),
    ...(await claimFindings(db)),
    ...(await legalFindings(db, now)),
  ];
  const backup = await lastBackup(db);
  if (!backup || now.getTime() - new Date(backup).getTime() > BACKUP_MAX_AGE_MS) {
    findings.push({ area: "backup", what: "golive.backup", fix: DEPLOY_GUIDE });
  }
  return findings;
}
