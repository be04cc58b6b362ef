import type { StatusKind } from "#app/requests/kinds.ts";

/**
 * How long a visitor's request is kept (spec §9), in calendar months after
 * receipt: partnership proposals one month, counter inquiries (A/S with their
 * photos, and purchase) one year, consultation requests three years from the
 * inquiry. The retention job deletes what is past it; a status link works as
 * long. Rights requests and complaints: a year from the request (as the
 * privacy policy has said); a number that refused contact: three years after
 * the refusal (issue 52; the privacy policy says so). No imports but types: server/main.ts and the scripts load it natively.
 */
export const RETENTION_MONTHS = { proposals: 1, counterInquiries: 12, consultations: 36, rightsRequests: 12, doNotContact: 36 } as const;

/** The same instant `months` calendar months earlier (the 31st falls back to the month's last day). */
export function monthsBefore(now: Date, months: number): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const d = new Date(now);
  d.setUTCDate(1);
  d.setUTCFullYear(year, month, Math.min(now.getUTCDate(), lastDay));
  return d;
}

/** How long each kind is kept (spec §9): the link works as long. */
const KEPT_MONTHS: Record<StatusKind, number> = {
  consultation: RETENTION_MONTHS.consultations,
  proposal: RETENTION_MONTHS.proposals,
  as: RETENTION_MONTHS.counterInquiries,
  purchase: RETENTION_MONTHS.counterInquiries,
  rights: RETENTION_MONTHS.rightsRequests,
};

/** The instant a request received at `createdAt` stops being kept, and its link with it. */
export function linkExpiry(kind: StatusKind, createdAt: Date): string {
  return monthsBefore(createdAt, -KEPT_MONTHS[kind]).toISOString();
}
