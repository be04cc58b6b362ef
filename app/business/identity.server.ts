import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { readSection } from "#app/business/sections.server.ts";
import { lastKnown } from "#app/lib/last-known.server.ts";
import {
  SAMPLE_IDENTITY,
  PRIVACY_OFFICER_KEYS,
  REGISTRATION_KINDS,
  type BusinessIdentity,
  type Registration,
} from "#app/business/identity.ts";

/**
 * The business's identity as stored (issue 36): the `identity` row of
 * `business_settings`, written only through the console's schema. Read on
 * every render that shows it (one primary-key read; the pages that are kept
 * are dropped on every instance when the content version moves, so a change
 * is live everywhere within seconds). No row: the sample.
 */
export const IDENTITY_SECTION = "identity";

export async function businessIdentity(db: Kysely<Database>): Promise<BusinessIdentity> {
  const value = await readSection(db, IDENTITY_SECTION);
  return value === null ? SAMPLE_IDENTITY : readIdentity(value);
}

/**
 * For the frame of every page (the root loader): the stored identity, or,
 * while the database is away, the one this process last read
 * (app/lib/last-known.server.ts), so a page that needs nothing else from the
 * database (the calculator, a guide) is still served. Before any read has
 * succeeded the error stands.
 */
export const businessIdentityOrLast: (db: Kysely<Database>) => Promise<BusinessIdentity> = lastKnown(businessIdentity, () => "");

/**
 * A stored document as the identity: each field of the right type is taken,
 * any other (a document written by an older version) falls back to the
 * sample's, so a page never breaks on a settings row. (The chat channels an
 * older version kept here are the brand's now: app/business/brand.ts.)
 */
export function readIdentity(json: string): BusinessIdentity {
  let raw: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(json);
    raw = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    raw = {};
  }
  const identity = { ...SAMPLE_IDENTITY } as Record<string, unknown>;
  for (const [key, sample] of Object.entries(SAMPLE_IDENTITY)) {
    if (key === "registrations" || key === "privacyOfficer") continue;
    if (typeof raw[key] === typeof sample) identity[key] = raw[key];
  }
  if (Array.isArray(raw.registrations)) identity.registrations = raw.registrations.filter(isRegistration);
  const officer = raw.privacyOfficer && typeof raw.privacyOfficer === "object" ? (raw.privacyOfficer as Record<string, unknown>) : {};
  identity.privacyOfficer = Object.fromEntries(
    PRIVACY_OFFICER_KEYS.map((key) => [key, typeof officer[key] === "string" ? officer[key] : SAMPLE_IDENTITY.privacyOfficer[key]]),
  );
  return identity as unknown as BusinessIdentity;
}

function isRegistration(value: unknown): value is Registration {
  if (!value || typeof value !== "object") return false;
  const r = value as Record<string, unknown>;
  return (
    (REGISTRATION_KINDS as readonly unknown[]).includes(r.kind) &&
    ["number", "date", "bodyKo", "bodyEn", "verifyUrl", "verifyPhone"].every((key) => typeof r[key] === "string")
  );
}
