import { test, expect } from "#tests/e2e/fixtures.ts";
import { rawGet } from "#tests/support/raw-get.ts";

test.describe("SEO for a multilingual site", () => {
  test("a page has its title, description, canonical, hreflang alternates and share cards", async ({ page }) => {
    await page.goto("/information-service/loan-faq?lang=id");
    const origin = new URL(page.url()).origin;
    await expect(page).toHaveTitle(/\| K-Loan Guide$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/information-service/loan-faq?lang=id`);
    const hreflangs = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((l) => l.getAttribute("hreflang")));
    expect(hreflangs).toEqual(["en", "vi", "id", "my", "mn", "x-default"]);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${origin}/images/og-card.png`);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "id_ID");
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  });

  test("the home page describes the business as a FinancialService", async ({ page }) => {
    await page.goto("/");
    const json = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(json!)["@type"]).toBe("FinancialService");
  });

  test("sitemap.xml lists every public page in every language; robots.txt keeps the console out", async ({ request }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    for (const path of ["/", "/company/about", "/information-service/blogs", "/loan-consultation"]) {
      for (const lang of ["en", "vi", "id", "my", "mn"]) expect(xml).toContain(`${path}?lang=${lang}</loc>`);
    }
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /admin");
    // A crawler following a banner's /go/ link is not a tap (issue 16).
    expect(robots).toContain("Disallow: /go/");
    expect(robots).toMatch(/Sitemap: http:\/\/.+\/sitemap\.xml/);
  });

  test("the share image exists", async ({ request }) => {
    const image = await request.get("/images/og-card.png");
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
  });
});

test("a bare path is the x-default alternate and its own canonical", async ({ page }) => {
  await page.goto("/company/about");
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/company/about`);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${origin}/company/about`);
});

test("a page from the cache keeps the host it was asked for in its canonical link", async ({ baseURL }) => {
  const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  const url = `${baseURL}/information-service/visa?lang=vi`;
  for (const host of ["one.example", "two.example"]) {
    await rawGet(url, { host });
    const kept = await rawGet(url, { host });
    expect(kept.headers["x-page-cache"], host).toBe("hit");
    expect(canonical(kept.body.toString("utf8")), host).toBe(`http://${host}/information-service/visa?lang=vi`);
  }
});
