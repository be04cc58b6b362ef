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
} as const;

/** Every public route of spec §2. */
export const PUBLIC_ROUTES = [
  "/",
  "/company/about",
  "/company/our-partners",
  "/company/contact-us",
  "/company/location",
  "/company/hitachi",
  "/company/hitachi/complete",
  "/our-products/loan",
  "/our-products/mobile",
  "/our-products/insurance",
  "/information-service/loan",
  "/information-service/loan-faq",
  "/information-service/job-opportunities",
  "/information-service/visa",
  "/information-service/news",
  "/information-service/social-channels",
  "/information-service/blogs",
  "/information-service/currency-exchange",
  "/loan-consultation",
  "/loan-consultation-complete",
] as const;
