/**
 * A text provider (issue 49 item 1, ADR 0048): the three things the text
 * channel asks of one — send an 알림톡, send an SMS/LMS, read delivery
 * reports. SOLAPI (solapi.server.ts) is the one there is; NHN Cloud
 * Notification would be a second file with the same shape, chosen in
 * server/outbox.ts, and no caller would change.
 *
 * Numbers go in as digits and never come back in a reason: a provider's
 * message that names one is masked before it reaches a row or a log line.
 */
export interface AlimtalkMessage {
  to: string;
  /** The pre-registered sender number (발신번호 사전등록). */
  from: string;
  /** The Kakao channel's id at the provider (SOLAPI: pfId). */
  channelId: string;
  /** The template Kakao approved, for this kind and language. */
  templateId: string;
  /** The template's text with its variables filled in (what the phone shows). */
  text: string;
  /** The variables by their template names (`#{link}`). */
  variables: Record<string, string>;
}

export interface SmsMessage {
  to: string;
  from: string;
  /** KS X 1001 text (ks-x-1001.ts), within the type's bytes. */
  text: string;
  type: "SMS" | "LMS";
}

/**
 * One attempt's outcome. `retry`: worth trying again later (the provider is
 * away: 5xx, timeout); otherwise refused for good (an 알림톡 refused falls back
 * to SMS; an SMS refused fails the row).
 */
export type ProviderResult = { ok: true; ref: string; costWon?: number } | { ok: false; reason: string; retry: boolean };

export interface DeliveryReport {
  ref: string;
  status: "pending" | "delivered" | "failed";
  /** When the provider reported it (ISO). */
  at: string | null;
  reason?: string;
}

export interface TextProvider {
  readonly name: string;
  sendAlimtalk(message: AlimtalkMessage): Promise<ProviderResult>;
  sendSms(message: SmsMessage): Promise<ProviderResult>;
  /** What the provider knows now of these messages (by their refs); unknown ones are left out. */
  reports(refs: readonly string[]): Promise<DeliveryReport[]>;
}

/** A provider's reason with any phone number in it masked (010-****-5678), shortened. */
export function maskedReason(reason: string): string {
  return reason.replace(/\b(01\d)[- ]?\d{3,4}[- ]?(\d{4})\b/g, "$1-****-$2").slice(0, 200);
}
