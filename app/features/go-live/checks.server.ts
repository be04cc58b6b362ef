import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { DeploymentFacts } from "#app/lib/services.server.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";
import { SAMPLE_IDENTITY, brokerRegistration, type BusinessIdentity } from "#app/business/identity.ts";
import { businessIdentity } from "#app/business/identity.server.ts";
import { lastBackup } from "#app/features/go-live/backups.server.ts";

/**
 * The go-live check (issue 36, item 4): every sample value still showing
 * and every setting still missing, each with where it is fixed. The console
 * page (/admin/go-live) and `npm run golive:check` (non-zero exit while
 * anything is left; the deploy guide's last step) list the same findings.
 */
export type GoLiveArea = "identity" | "certificate" | "deployment" | "backup";

export interface Finding {
  area: GoLiveArea;
  /** What is left, as a console catalog key (its `{field}` filled from `field`). */
  what: AdminKey;
  /** The console's name of the field concerned, when there is one. */
  field?: AdminKey;
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

export async function goLiveFindings(db: Kysely<Database>, facts: DeploymentFacts | undefined, now = new Date()): Promise<Finding[]> {
  const findings = [...identityFindings(await businessIdentity(db)), ...deploymentFindings(facts)];
  const backup = await lastBackup(db);
  if (!backup || now.getTime() - new Date(backup).getTime() > BACKUP_MAX_AGE_MS) {
    findings.push({ area: "backup", what: "golive.backup", fix: DEPLOY_GUIDE });
  }
  return findings;
}
