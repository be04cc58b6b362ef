/**
 * The inquiry's types and photo limits, without the validation library:
 * the completion page needs only these.
 */
export const INQUIRY_TYPES = ["as", "purchase"] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];
export const DEFAULT_INQUIRY_TYPE: InquiryType = "as";

export function isInquiryType(value: unknown): value is InquiryType {
  return typeof value === "string" && (INQUIRY_TYPES as readonly string[]).includes(value);
}

/** Photos of an A/S request (spec §5, §9): at most 3, 20 MB each. */
export const MAX_PHOTOS = 3;
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
