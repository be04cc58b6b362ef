import type { AdminT } from "#app/features/console/i18n.ts";

/** Minutes as the console says them: "12 min", "2 h 5 min", "1 d 3 h" (rounded down to the minute). */
export function formatMinutes(t: AdminT, minutes: number | null): string {
  if (minutes === null || !Number.isFinite(minutes)) return t("duration.none");
  const total = Math.max(0, Math.floor(minutes));
  if (total < 60) return t("duration.minutes", { n: total });
  const hours = Math.floor(total / 60);
  if (hours < 24) return t("duration.hours", { h: hours, m: total % 60 });
  return t("duration.days", { d: Math.floor(hours / 24), h: hours % 24 });
}
