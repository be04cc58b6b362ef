/**
 * Lines of business as modules (issue 47, item 4). The spec's business sells
 * and services cash counters beside its loan brokerage (/company/hitachi);
 * a loan-only broker switches that line off, and with it go its menu item,
 * its pages and forms (404), its sitemap entries and its section of the
 * privacy policy. A fresh install has every module on, as the spec has it.
 */
export const MODULES = ["counter"] as const;
export type BusinessModule = (typeof MODULES)[number];
export type BusinessModules = Record<BusinessModule, boolean>;

export const DEFAULT_MODULES: BusinessModules = { counter: true };

/** A stored document as the modules: each known key that is a boolean is taken, anything else keeps the default. */
export function readModules(json: string | null): BusinessModules {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = json === null ? null : JSON.parse(json);
    if (parsed && typeof parsed === "object") raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const modules = { ...DEFAULT_MODULES };
  for (const key of MODULES) if (typeof raw[key] === "boolean") modules[key] = raw[key];
  return modules;
}
