import type { LoanProductVersionTable } from "#db/schema.ts";

/**
 * Which version of a product is live (issue 27, ADR 0028): the latest
 * published one whose `effective_from` has come (the later id wins a tie).
 * Pure: the products feature, the lenders the site names and the go-live
 * check all decide "live" with this one rule.
 */
export function liveVersion<T extends Pick<LoanProductVersionTable, "status" | "effective_from"> & { id: number }>(
  versions: T[],
  now: Date,
): T | undefined {
  const at = now.toISOString();
  return versions
    .filter((v) => v.status === "published" && v.effective_from <= at)
    .sort((a, b) => (a.effective_from === b.effective_from ? b.id - a.id : a.effective_from < b.effective_from ? 1 : -1))[0];
}

/** The published versions still to come (scheduled), soonest first. */
export function scheduledVersions<T extends Pick<LoanProductVersionTable, "status" | "effective_from">>(versions: T[], now: Date): T[] {
  const at = now.toISOString();
  return versions
    .filter((v) => v.status === "published" && v.effective_from > at)
    .sort((a, b) => (a.effective_from < b.effective_from ? -1 : 1));
}
