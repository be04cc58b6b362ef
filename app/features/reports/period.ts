import { addDays, isIsoDay, seoulDay } from "#app/lib/seoul-time.ts";

/**
 * The period a report covers (issue 26, item 4): Seoul calendar days, both
 * ends included; by default the last 30 days up to today. A report counts the
 * consultations that arrived in the period and what has become of them since.
 */
export const DEFAULT_DAYS = 30;
/** Longer periods would make the page slow for no reader: a little over a year. */
export const MAX_DAYS = 400;

export interface ReportPeriod {
  from: string;
  to: string;
}

export type PeriodError = "reports.error.day" | "reports.error.order" | "reports.error.long";

export function defaultPeriod(now: Date): ReportPeriod {
  const to = seoulDay(now);
  return { from: addDays(to, -(DEFAULT_DAYS - 1)), to };
}

/** The period `from`/`to` name (either left empty: its default), or why they do not name one. */
export function readPeriod(
  params: URLSearchParams,
  now: Date,
): { ok: true; period: ReportPeriod } | { ok: false; error: PeriodError; period: ReportPeriod } {
  const fallback = defaultPeriod(now);
  const fromText = params.get("from") || "";
  const toText = params.get("to") || "";
  if ((fromText && !isIsoDay(fromText)) || (toText && !isIsoDay(toText)))
    return { ok: false, error: "reports.error.day", period: fallback };
  const to = toText || (fromText && fromText > fallback.to ? addDays(fromText, DEFAULT_DAYS - 1) : fallback.to);
  const from = fromText || addDays(to, -(DEFAULT_DAYS - 1));
  if (from > to) return { ok: false, error: "reports.error.order", period: fallback };
  if (addDays(from, MAX_DAYS) <= to) return { ok: false, error: "reports.error.long", period: fallback };
  return { ok: true, period: { from, to } };
}
