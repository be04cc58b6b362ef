import type { AdminT } from "#app/features/console/i18n.ts";
import type { Finding } from "#app/features/go-live/finding.ts";

/**
 * The findings as `npm run golive:check` prints them: one line each (what is
 * left, in the owner's words, and where it is fixed, a console link on the
 * server's real origin), then the pages where a visitor still reads a sample.
 */
export function findingLines(findings: readonly Finding[], t: AdminT, origin: string): string[] {
  const lines: string[] = [];
  for (const f of findings) {
    const what = t(f.what, { field: f.field ? t(f.field) : "", detail: f.detail ?? "" });
    const where = f.fix.startsWith("/") ? `${origin}${f.fix}` : f.fix;
    lines.push(`✗ ${t(`golive.area.${f.area}`)}: ${what} → ${where}`);
    for (const p of f.places ?? []) lines.push(`    ${p.page} (${p.langs.join(", ")}): “${p.excerpt}”`);
    if (f.morePlaces) lines.push(`    ${t("golive.morePlaces", { count: f.morePlaces })}`);
  }
  lines.push(
    findings.length ? `golive:check: ${findings.length} left before going live.` : "golive:check: nothing left; ready to go live.",
  );
  return lines;
}
