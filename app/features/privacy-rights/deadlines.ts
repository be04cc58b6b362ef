import type { RightsRequestKind } from "#db/schema.ts";
import { seoulDayNumber, seoulMidnight } from "#app/lib/seoul-time.ts";

/**
 * The deadlines our own policies promise (issue 28, point 5), in days from
 * the day a request arrives (Korea's calendar), the last day included:
 *  - access: 8 days (privacy policy §7; the complaint policy repeats it);
 *  - complaint: 14 days — the terms of service and the complaint policy
 *    (§7, 15 days until issue 50) both promise 14 (complaint-days.test.ts);
 *  - erasure and marketing withdrawal: 10 days, the Personal Information
 *    Protection Act's limit (Enforcement Decree art. 43–44), which the
 *    rights page's own answer already names;
 *  - refusing further contact: at once (금융소비자보호법 제21조의2②
 *    "즉시"): day 0, and the request is carried out and answered the moment
 *    it is stored (rights.server.ts).
 */
export const DEADLINE_DAYS: Record<RightsRequestKind, number> = {
  access: 8,
  complaint: 14,
  erase: 10,
  withdraw_marketing: 10,
  refuse_contact: 0,
  allow_contact: 0,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The end (23:59:59.999 KST) of the n-th day after the Korean day a request arrived on. */
export function dueAt(kind: RightsRequestKind, receivedAt: Date): string {
  return new Date(seoulMidnight(receivedAt) + (DEADLINE_DAYS[kind] + 1) * DAY_MS - 1).toISOString();
}

/** Whole Korean days from `now` to the deadline's day: 0 on the last day, negative once overdue. */
export function daysLeft(due: string, now: Date): number {
  return seoulDayNumber(new Date(due)) - seoulDayNumber(now);
}

/** How an answer was given (the console records it with who and when). */
export const ANSWER_METHODS = ["phone", "email", "letter", "in_person"] as const;
export type AnswerMethod = (typeof ANSWER_METHODS)[number];
export const isAnswerMethod = (value: unknown): value is AnswerMethod =>
  typeof value === "string" && (ANSWER_METHODS as readonly string[]).includes(value);
