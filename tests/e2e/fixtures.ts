import { test as base, expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

/** Every route of spec §2 with its English heading. */
export const ROUTES: { path: string; heading: RegExp }[] = [
  { path: "/", heading: /./ },
  { path: "/company/about", heading: /./ },
  { path: "/company/our-partners", heading: /./ },
  { path: "/company/contact-us", heading: /./ },
  { path: "/company/location", heading: /./ },
  { path: "/company/hitachi", heading: /./ },
  { path: "/company/hitachi/complete", heading: /./ },
  { path: "/our-products/loan", heading: /./ },
  { path: "/our-products/mobile", heading: /^Mobile$/ },
  { path: "/our-products/insurance", heading: /^Insurance$/ },
  { path: "/information-service/loan", heading: /./ },
  { path: "/information-service/loan-faq", heading: /./ },
  { path: "/information-service/job-opportunities", heading: /./ },
  { path: "/information-service/visa", heading: /./ },
  { path: "/information-service/news", heading: /./ },
  { path: "/information-service/social-channels", heading: /./ },
  { path: "/information-service/blogs", heading: /./ },
  { path: "/information-service/currency-exchange", heading: /./ },
  { path: "/loan-consultation", heading: /./ },
  { path: "/loan-consultation-complete", heading: /./ },
];

/** Waits until React has hydrated the page (the root sets data-hydrated). */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Serious and critical axe violations on the page, as readable lines. */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
}

/**
 * The home page's event popup opens on load until it is dismissed for the
 * day (spec §4). Tests of anything else start with it dismissed; a test of
 * the popup itself opts in with `test.use({ eventPopup: true })`.
 */
export const test = base.extend<{ eventPopup: boolean }>({
  eventPopup: [false, { option: true }],
  context: async ({ context, eventPopup }, provide) => {
    if (!eventPopup) {
      await context.addInitScript(() => {
        try {
          localStorage.setItem("eventPopupDismissUntil", String(8.64e15));
        } catch {
          // Opaque origins (about:blank) have no storage.
        }
      });
    }
    await provide(context);
  },
});
export { expect };
