import { test as base, expect, type Locator, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { PUBLIC_PATHS } from "#app/config/public-routes.ts";

/** Every route of spec §2; the two heading-only pages with their exact heading. */
const EXACT_HEADINGS: Record<string, RegExp> = { "/our-products/mobile": /^Mobile$/, "/our-products/insurance": /^Insurance$/ };
export const ROUTES: { path: string; heading: RegExp }[] = PUBLIC_PATHS.map((path) => ({ path, heading: EXACT_HEADINGS[path] ?? /./ }));

/** Waits until React has hydrated the page (the root sets data-hydrated). */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Resolves once the browser has rendered two more frames and run the tasks
 * they queued: IntersectionObserver callbacks, scroll and resize work, paint
 * timing entries. For asserting that something did *not* happen, without a sleep.
 */
export async function renderedFrames(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  );
}

/** Waits until every finite CSS animation and transition on the page has finished. */
export async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * A finger swipe across an element, as on a phone: real touch events, and
 * the browser's own (scroll-snapping) scrolling. "left" brings in what is on
 * the right.
 */
export async function swipe(page: Page, target: Locator, direction: "left" | "right") {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error("swipe: the element is not visible");
  const y = Math.round(box.y + box.height / 2);
  const [from, to] = direction === "left" ? [0.85, 0.1] : [0.1, 0.85];
  const steps = 20;
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: box.x + box.width * from, y }] });
    for (let i = 1; i <= steps; i++) {
      const x = box.x + box.width * (from + ((to - from) * i) / steps);
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

/** The axe impacts a test fails on: everything but "minor" (the budget is accessibility 100). */
const FAILING_IMPACTS = new Set(["moderate", "serious", "critical"]);

/**
 * Moderate, serious and critical axe violations on the page, as readable
 * lines: the WCAG 2.1 A/AA rules and axe's best practices (landmarks, heading
 * order, region…), which Lighthouse's accessibility score also counts. Minor
 * ones do not fail a test: they are reported as "axe minor" annotations.
 */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const lines = results.violations.map((v) => ({
    failing: FAILING_IMPACTS.has(v.impact ?? ""),
    line: `${v.id} (${v.impact}): ${v.help} (${v.nodes
      .map((n) => n.target.join(" "))
      .slice(0, 3)
      .join(", ")})`,
  }));
  for (const { line } of lines.filter((l) => !l.failing)) base.info().annotations.push({ type: "axe minor", description: line });
  return lines.filter((l) => l.failing).map((l) => l.line);
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
