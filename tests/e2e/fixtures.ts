import { test as base, expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { PUBLIC_PATHS } from "../../app/config/public-routes.ts";

/** Every route of spec §2; the two heading-only pages with their exact heading. */
const EXACT_HEADINGS: Record<string, RegExp> = { "/our-products/mobile": /^Mobile$/, "/our-products/insurance": /^Insurance$/ };
export const ROUTES: { path: string; heading: RegExp }[] = PUBLIC_PATHS.map((path) => ({ path, heading: EXACT_HEADINGS[path] ?? /./ }));

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
