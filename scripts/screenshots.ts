/**
 * Screenshots of pages at 390×844 for a person to look at:
 *   node scripts/screenshots.ts http://127.0.0.1:3000 /tmp/shots / /company/about?lang=my …
 * Full-page PNGs named after the path; uses the system Chromium.
 */
import { chromium } from "@playwright/test";

const [base, outDir, ...paths] = process.argv.slice(2);
if (!base || !outDir || paths.length === 0) {
  console.error("usage: node scripts/screenshots.ts BASE_URL OUT_DIR PATH…");
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
for (const path of paths) {
  await page.goto(base + path, { waitUntil: "networkidle" });
  const name = path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home";
  await page.screenshot({ path: `${outDir}/${name}.png`, fullPage: true });
  console.log(`${outDir}/${name}.png`);
}
await browser.close();
