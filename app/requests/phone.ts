import { digitsOnly, v } from "#app/lib/schema.ts";

/**
 * A Korean mobile number, the one rule (structure review 2026-11-28 §3 "A
 * Korean phone number"): what the consultation form accepts, and what a
 * one-time code may be sent to (issue 49). Kept as its digits, `010…`.
 */
export const KOREAN_MOBILE = /^01[016789]\d{7,8}$/;

/** What is kept of a typed number: digits only; a pasted "+82 10-…" becomes "010…". */
export function normalizePhone(raw: string): string {
  const trimmed = raw.trim();
  const digits = digitsOnly(trimmed);
  if (trimmed.startsWith("+82") && digits.length > 2) return `0${digits.slice(2).replace(/^0/, "")}`;
  return digits;
}

/** The number as `010…` digits if it is a Korean mobile, else null (anything longer than a number could be is refused unread). */
export function koreanMobile(raw: string): string | null {
  if (raw.length > 40) return null;
  const digits = normalizePhone(raw);
  return KOREAN_MOBILE.test(digits) ? digits : null;
}

/** The schema of a Korean mobile field: required, then the rule; `messages` are catalog keys. */
export function koreanMobileField(messages: { required: string; format: string }) {
  return v.pipe(
    v.string(messages.required),
    v.maxLength(40, messages.format),
    v.transform(normalizePhone),
    v.nonEmpty(messages.required),
    v.regex(KOREAN_MOBILE, messages.format),
  );
}
