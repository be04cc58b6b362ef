import { cleanText, hasControlCharacter, v } from "#app/lib/schema.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";
import { todayInSeoul } from "#app/lib/seoul-time.ts";
import { DAEBU_NAME, type BusinessIdentity, type Registration } from "#app/business/identity.ts";

/**
 * The console's Business form (issue 36, item 1): one schema for the form's
 * fields and the action. Each field's message is a console catalog key,
 * shown beside it; anything refused saves nothing. The registration
 * certificate is uploaded on its own form (certificate.server.ts).
 */
const msg = (key: AdminKey) => key;

export const TEXT_MAX = 120;
export const ADDRESS_MAX = 200;

const text = (max = TEXT_MAX) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.check((value: string) => !hasControlCharacter(value), msg("business.error.control")),
    v.transform(cleanText),
    v.nonEmpty(msg("business.error.required")),
    v.maxLength(max, msg("business.error.tooLong")),
  );

/**
 * 사업자등록번호: ten digits, written 000-00-00000, whose last digit is the
 * National Tax Service's check digit (weights 1 3 7 1 3 7 1 3 5).
 */
export function isBusinessRegistrationNumber(value: string): boolean {
  if (!/^\d{3}-\d{2}-\d{5}$/.test(value)) return false;
  const d = value.replace(/-/g, "").split("").map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = weights.reduce((acc, w, i) => acc + w * d[i]!, 0);
  sum += Math.floor((d[8]! * 5) / 10);
  return (10 - (sum % 10)) % 10 === d[9];
}

/**
 * A number a caller in Korea can dial, as written (digits with hyphens,
 * spaces or brackets): a 15xx/16xx/18xx service number, a public body's
 * 13xx hotline (1332, the FSS), a Seoul (02) or other area number, a
 * mobile (010…), an internet phone (070) or a free call (080) number.
 */
export function isDialableInKorea(value: string): boolean {
  if (!/^[\d\s()-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "");
  return (
    /^1[5-9]\d{6}$/.test(digits) ||
    /^13\d{2}$/.test(digits) ||
    /^02\d{7,8}$/.test(digits) ||
    /^0(3[1-3]|4[1-4]|5[1-5]|6[1-4])\d{7,8}$/.test(digits) ||
    /^01[016789]\d{7,8}$/.test(digits) ||
    /^070\d{8}$/.test(digits) ||
    /^080\d{7}$/.test(digits)
  );
}

const phone = v.pipe(text(20), v.check(isDialableInKorea, msg("business.error.phone")));

const https = (required: boolean) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.check((value: string) => !required || value !== "", msg("business.error.required")),
    v.maxLength(300, msg("business.error.tooLong")),
    v.check((value: string) => value === "" || (URL.canParse(value) && new URL(value).protocol === "https:"), msg("business.error.https")),
  );

/** A real day (YYYY-MM-DD), not after today in Korea. */
const pastDay = v.pipe(
  text(10),
  v.check(
    (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value,
    msg("business.error.date"),
  ),
  v.check((value: string) => value <= todayInSeoul(), msg("business.error.future")),
);

const registrationNumber = v.pipe(text(40), v.regex(/^[0-9A-Za-z가-힣-]+$/, msg("business.error.registrationNumber")));

const coordinate = (min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.nonEmpty(msg("business.error.required")),
    v.regex(/^-?\d{1,3}(\.\d{1,8})?$/, msg("business.error.coordinate")),
    v.transform(Number),
    v.minValue(min, msg("business.error.coordinate")),
    v.maxValue(max, msg("business.error.coordinate")),
  );

/** The fields of one registration, as the form names them after its prefix. */
const REGISTRATION_FIELDS = ["number", "date", "body_ko", "body_en", "verify_url", "verify_phone"] as const;

const registrationEntries = (prefix: string) => ({
  [`${prefix}_number`]: registrationNumber,
  [`${prefix}_date`]: pastDay,
  [`${prefix}_body_ko`]: text(),
  [`${prefix}_body_en`]: text(),
  [`${prefix}_verify_url`]: https(true),
  [`${prefix}_verify_phone`]: phone,
});

const identityEntries = {
  legal_name_ko: text(),
  legal_name_en: text(),
  trade_name_ko: text(60),
  trade_name_en: text(60),
  representative_ko: text(60),
  representative_en: text(60),
  business_number: v.pipe(text(12), v.check(isBusinessRegistrationNumber, msg("business.error.businessNumber"))),
  ...registrationEntries("broker"),
  address_ko: text(ADDRESS_MAX),
  address_en: text(ADDRESS_MAX),
  // Korea's mainland and islands, Marado to the DMZ, Baengnyeong to Dokdo.
  lat: coordinate(33, 38.7),
  lng: coordinate(124.5, 132),
  phone,
  email: v.pipe(text(254), v.email(msg("business.error.email"))),
  // The 개인정보 보호책임자 the privacy policy names (개인정보 보호법 제31조): a person, reachable directly.
  privacy_officer_name_ko: text(60),
  privacy_officer_name_en: text(60),
  privacy_officer_position_ko: text(60),
  privacy_officer_position_en: text(60),
  privacy_officer_phone: phone,
  privacy_officer_email: v.pipe(text(254), v.email(msg("business.error.email"))),
};

/** The ground of the 제5조의2③ exemption from "대부중개" in the 상호: optional, only with a 대부중개업 registration. */
export const EXEMPTION_FIELD = "daebu_name_exemption";
export const EXEMPTION_MAX = 300;

/** The form's field names, in the form's order (the daebu registration's last, then its name exemption). */
export const IDENTITY_FIELDS = [...Object.keys(identityEntries), ...REGISTRATION_FIELDS.map((f) => `daebu_${f}`), EXEMPTION_FIELD];

const identitySchema = v.object(identityEntries);
const daebuSchema = v.object(registrationEntries("daebu"));

export type FieldErrors = Record<string, string>;

/**
 * Checks the form. The 대부중개업 registration is optional: all of its
 * fields empty means none; any of them filled asks for all.
 */
export function checkIdentity(
  fields: Record<string, string>,
  certificateUrl: string,
): { ok: true; identity: BusinessIdentity } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const main = v.safeParse(identitySchema, fields, { abortPipeEarly: true });
  if (!main.success) collect(main.issues, errors);
  const daebuGiven = REGISTRATION_FIELDS.some((f) => (fields[`daebu_${f}`] ?? "").trim() !== "");
  const daebu = daebuGiven ? v.safeParse(daebuSchema, fields, { abortPipeEarly: true }) : null;
  if (daebu && !daebu.success) collect(daebu.issues, errors);
  // 대부업법 제5조의2: with a 대부중개업 registration the 상호 contains "대부중개", unless the ground of the ③ exemption is recorded.
  const exemptionRaw = fields[EXEMPTION_FIELD] ?? "";
  if (hasControlCharacter(exemptionRaw)) errors[EXEMPTION_FIELD] = "business.error.control";
  const exemption = cleanText(exemptionRaw);
  if (exemption.length > EXEMPTION_MAX) errors[EXEMPTION_FIELD] ??= "business.error.tooLong";
  if (exemption !== "" && !daebuGiven) errors[EXEMPTION_FIELD] ??= "business.error.exemptionWithoutDaebu";
  if (main.success && daebuGiven && !String(main.output.legal_name_ko).includes(DAEBU_NAME) && exemption === "")
    errors.legal_name_ko = "business.error.daebuName";
  if (!main.success || (daebu && !daebu.success) || Object.keys(errors).length) return { ok: false, errors };
  const o = main.output as Record<string, string | number>;
  const registration = (prefix: string, out: Record<string, string | number>, kind: Registration["kind"]): Registration => ({
    kind,
    number: String(out[`${prefix}_number`]),
    date: String(out[`${prefix}_date`]),
    bodyKo: String(out[`${prefix}_body_ko`]),
    bodyEn: String(out[`${prefix}_body_en`]),
    verifyUrl: String(out[`${prefix}_verify_url`]),
    verifyPhone: String(out[`${prefix}_verify_phone`]),
  });
  const registrations = [registration("broker", o, "financial_broker")];
  if (daebu?.success) registrations.push(registration("daebu", daebu.output as Record<string, string>, "daebu_broker"));
  return {
    ok: true,
    identity: {
      legalNameKo: String(o.legal_name_ko),
      legalNameEn: String(o.legal_name_en),
      tradeNameKo: String(o.trade_name_ko),
      tradeNameEn: String(o.trade_name_en),
      representativeKo: String(o.representative_ko),
      representativeEn: String(o.representative_en),
      businessRegistrationNumber: String(o.business_number),
      registrations,
      addressKo: String(o.address_ko),
      addressEn: String(o.address_en),
      lat: Number(o.lat),
      lng: Number(o.lng),
      phone: String(o.phone),
      email: String(o.email),
      daebuNameExemption: exemption,
      certificateUrl,
      privacyOfficer: {
        nameKo: String(o.privacy_officer_name_ko),
        nameEn: String(o.privacy_officer_name_en),
        positionKo: String(o.privacy_officer_position_ko),
        positionEn: String(o.privacy_officer_position_en),
        phone: String(o.privacy_officer_phone),
        email: String(o.privacy_officer_email),
      },
    },
  };
}

function collect(issues: readonly v.BaseIssue<unknown>[], errors: FieldErrors) {
  for (const issue of issues) {
    const field = String(issue.path?.[0]?.key ?? "_form");
    errors[field] ??= issue.message.includes(".") ? issue.message : "business.error.required";
  }
}

/** The identity as the form's fields (to fill the form, and to describe a change in the audit log). */
export function identityFields(identity: BusinessIdentity): Record<string, string> {
  const fields: Record<string, string> = {
    legal_name_ko: identity.legalNameKo,
    legal_name_en: identity.legalNameEn,
    trade_name_ko: identity.tradeNameKo,
    trade_name_en: identity.tradeNameEn,
    representative_ko: identity.representativeKo,
    representative_en: identity.representativeEn,
    business_number: identity.businessRegistrationNumber,
    address_ko: identity.addressKo,
    address_en: identity.addressEn,
    lat: String(identity.lat),
    lng: String(identity.lng),
    phone: identity.phone,
    email: identity.email,
    privacy_officer_name_ko: identity.privacyOfficer.nameKo,
    privacy_officer_name_en: identity.privacyOfficer.nameEn,
    privacy_officer_position_ko: identity.privacyOfficer.positionKo,
    privacy_officer_position_en: identity.privacyOfficer.positionEn,
    privacy_officer_phone: identity.privacyOfficer.phone,
    privacy_officer_email: identity.privacyOfficer.email,
    [EXEMPTION_FIELD]: identity.daebuNameExemption,
  };
  for (const [prefix, kind] of [
    ["broker", "financial_broker"],
    ["daebu", "daebu_broker"],
  ] as const) {
    const r = identity.registrations.find((x) => x.kind === kind);
    fields[`${prefix}_number`] = r?.number ?? "";
    fields[`${prefix}_date`] = r?.date ?? "";
    fields[`${prefix}_body_ko`] = r?.bodyKo ?? "";
    fields[`${prefix}_body_en`] = r?.bodyEn ?? "";
    fields[`${prefix}_verify_url`] = r?.verifyUrl ?? "";
    fields[`${prefix}_verify_phone`] = r?.verifyPhone ?? "";
  }
  return fields;
}

/** The form's fields from a posted form: every known name, as sent (or empty). */
export function formFields(form: URLSearchParams | FormData): Record<string, string> {
  return Object.fromEntries(IDENTITY_FIELDS.map((name) => [name, String(form.get(name) ?? "")]));
}
