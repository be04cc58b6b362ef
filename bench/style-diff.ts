/**
 * Two builds, the same look: every element's computed style on every public page, compared
 * between two running servers (ADR 0045, third step). A change to how the CSS is bundled (chunks,
 * the order of the site stylesheet) can let one rule beat another that used to win; this shows
 * where, element by element, before a visitor sees it.
 *
 *   node bench/style-diff.ts http://127.0.0.1:3621 http://127.0.0.1:3622
 *
 * Both servers should serve the same database. Each page is read at 390 × 844 and 1280 × 900,
 * with the menu closed and open, plus the legal modal, an answer of the calculator and of the
 * check, the not-found page, Burmese and Mongolian. Exits 1 when an element differs.
 */
import { chromium, type Page } from "@playwright/test";
import { CALCULATOR_ANSWER, CHECK_ANSWER, PUBLIC_ROUTES } from "#bench/budgets.ts";

const PROPERTIES = [
  "display",
  "position",
  "width",
  "height",
  "max-width",
  "min-height",
  "margin-top",
  "margin-right",
  "margin-bottom",
  "margin-left",
  "padding-top",
  "padding-right",
  "padding-bottom",
  "padding-left",
  "color",
  "background-color",
  "font-size",
  "font-weight",
  "line-height",
  "border-top-width",
  "border-radius",
  "gap",
  "grid-template-columns",
  "flex-direction",
  "justify-content",
  "align-items",
  "text-align",
  "z-index",
  "overflow-x",
  "visibility",
  "box-shadow",
  "inset",
];

const PATHS = [
  ...PUBLIC_ROUTES,
  CALCULATOR_ANSWER,
  CHECK_ANSWER,
  "/?policy=privacy",
  "/company/about?policy=terms",
  "/no/such/page",
  "/?lang=my",
  "/loan-consultation?lang=mn",
];
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

/**
 * Each element of the body, by its place in the tree, with its computed style in one line: read
 * until two readings 200 ms apart agree (a transition, a late font or a reload settles first), with
 * the pointer at the screen's left edge so that no hover style is read.
 */
async function styles(page: Page): Promise<string[]> {
  await page.mouse.move(0, (page.viewportSize()?.height ?? 800) / 2);
  let last = await reading(page);
  for (let i = 0; i < 5; i++) {
    await page.waitForTimeout(200);
    const next = await reading(page);
    if (next.join("\n") === last.join("\n")) return next;
    last = next;
  }
  return last;
}

async function reading(page: Page): Promise<string[]> {
  return page.evaluate((properties) => {
    const out: string[] = [];
    const walk = (el: Element, trail: string) => {
      const style = getComputedStyle(el);
      out.push(`${trail} ${properties.map((p) => style.getPropertyValue(p)).join("|")}`);
      [...el.children].forEach((child, i) => walk(child, `${trail}/${child.tagName.toLowerCase()}${i}`));
    };
    walk(document.body, "body");
    return out;
  }, PROPERTIES);
}

async function open(page: Page, url: string) {
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForSelector("html[data-hydrated]", { timeout: 10_000 }).catch(() => {});
}

/** Every page's elements in both states of the menu, keyed by viewport, path and state. */
async function read(base: string): Promise<Map<string, string[]>> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  const pages = new Map<string, string[]>();
  try {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport, reducedMotion: "reduce" });
      const page = await context.newPage();
      for (const path of PATHS) {
        await open(page, base + path);
        pages.set(`${viewport.width} ${path} menu closed`, await styles(page));
        await open(page, base + path);
        // A popup or modal open at load is closed first, as a visitor would.
        await page.keyboard.press("Escape");
        const button = page.locator('header button[aria-haspopup="dialog"]').first();
        if (!(await button.isVisible())) continue;
        const clicked = await button.click({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
        if (!clicked) continue;
        const opened = await page
          .locator("dialog[open]")
          .first()
          .waitFor({ timeout: 5_000 })
          .then(
            () => true,
            () => false,
          );
        if (!opened) {
          console.log(`${base} ${viewport.width} ${path}: the menu did not open; read closed only`);
          continue;
        }
        pages.set(`${viewport.width} ${path} menu open`, await styles(page));
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return pages;
}

const [a, b] = process.argv.slice(2);
if (!a || !b) throw new Error("usage: node bench/style-diff.ts <base URL A> <base URL B>");
const [left, right] = await Promise.all([read(a), read(b)]);
let differences = 0;
for (const [key, elements] of left) {
  const other = right.get(key);
  if (!other) {
    console.log(`${key}: read in A only`);
    differences++;
    continue;
  }
  if (other.length !== elements.length) {
    console.log(`${key}: ${elements.length} elements in A, ${other.length} in B`);
    differences++;
    continue;
  }
  for (const [i, line] of elements.entries()) {
    if (line === other[i]) continue;
    // "<trail> <values>": the trail has no space, the values may (calc(), shadows).
    const trail = line.slice(0, line.indexOf(" "));
    const values = line.slice(trail.length + 1);
    const otherValues = other[i]!.slice(other[i]!.indexOf(" ") + 1);
    const changed = PROPERTIES.map((p, j) => [p, values.split("|")[j], otherValues.split("|")[j]] as const).filter(([, x, y]) => x !== y);
    console.log(`${key} ${trail}: ${changed.map(([p, x, y]) => `${p} ${x} → ${y}`).join("; ")}`);
    differences++;
  }
}
console.log(`${left.size} page states read; ${differences} difference(s)`);
process.exitCode = differences ? 1 : 0;
