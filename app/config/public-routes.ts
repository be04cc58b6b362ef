/**
 * Every public route of spec §2, once: the sitemap, the benchmark and the
 * browser tests read this list. `listed: false` keeps a page out of the
 * sitemap (completion pages say nothing on their own). `module`: the page
 * belongs to a line of business (app/business/modules.ts) and answers 404,
 * and leaves the sitemap, while the business has it switched off.
 */
export const PUBLIC_ROUTES: readonly { path: string; listed: boolean; module?: "counter" }[] = [
  { path: "/", listed: true },
  { path: "/company/about", listed: true },
  { path: "/company/our-partners", listed: true },
  { path: "/company/contact-us", listed: true },
  { path: "/company/location", listed: true },
  { path: "/company/hitachi", listed: true, module: "counter" },
  { path: "/company/hitachi/complete", listed: false, module: "counter" },
  { path: "/our-products/loan", listed: true },
  { path: "/our-products/mobile", listed: true },
  { path: "/our-products/insurance", listed: true },
  { path: "/our-products/repayment-calculator", listed: true },
  { path: "/our-products/eligibility", listed: true },
  { path: "/information-service/loan", listed: true },
  { path: "/information-service/loan-faq", listed: true },
  { path: "/information-service/job-opportunities", listed: true },
  { path: "/information-service/visa", listed: true },
  { path: "/information-service/news", listed: true },
  { path: "/information-service/social-channels", listed: true },
  { path: "/information-service/blogs", listed: true },
  { path: "/information-service/currency-exchange", listed: true },
  { path: "/loan-consultation", listed: true },
  { path: "/loan-consultation-complete", listed: false },
  { path: "/privacy-rights", listed: true },
  { path: "/find-my-request", listed: true },
];

export const PUBLIC_PATHS = PUBLIC_ROUTES.map((r) => r.path);
