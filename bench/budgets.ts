/** The budgets of engineering.md, in one place (bytes are gzip). */
export const BUDGETS = {
  firstLoadJsHome: 130 * 1024,
  ownJsHome: 20 * 1024,
  extraJsPerRoute: 20 * 1024,
  css: 20 * 1024,
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 100,
  lcpMs: 2000,
  cls: 0.02,
  throughputRatio: 0.5,
  rssMb: 150,
  /** A request's 200 to its alert at the operators' webhook, p95 (issue 12). */
  alertP95Ms: 2000,
  /** 20 simultaneous A/S uploads of 3 × 18 MB photos: the server's peak RSS, and its RSS a minute later (issue 20). */
  uploadPeakRssMb: 600,
  uploadAfterRssMb: 300,
} as const;

/** Every public route of spec §2 (one list for the sitemap, the tests and this benchmark). */
export { PUBLIC_PATHS as PUBLIC_ROUTES } from "#app/config/public-routes.ts";
