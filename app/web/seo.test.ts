import { describe, expect, it } from "vitest";
import { seoTags } from "#app/web/seo.ts";
import { SITEMAP_PATHS, sitemapXml } from "#app/web/sitemap.ts";
import { SAMPLE_IDENTITY } from "#app/business/identity.ts";

const find = (tags: Record<string, unknown>[], pred: (t: Record<string, unknown>) => boolean) => tags.filter(pred);

describe("seoTags", () => {
  const tags = seoTags({
    title: "Loan FAQ",
    description: "Answers",
    origin: "https://k.example",
    pathname: "/information-service/loan-faq",
    locale: "vi",
  });
  it("gives the canonical URL of this language", () => {
    expect(find(tags, (t) => t.rel === "canonical")).toEqual([
      { tagName: "link", rel: "canonical", href: "https://k.example/information-service/loan-faq?lang=vi" },
    ]);
  });
  it("keeps a bare path (the x-default alternate) canonical to itself", () => {
    const bare = seoTags({ origin: "https://k.example", pathname: "/company/about", locale: "vi", explicitLocale: false });
    expect(find(bare, (t) => t.rel === "canonical")[0]?.href).toBe("https://k.example/company/about");
    expect(find(bare, (t) => t.property === "og:locale")[0]?.content).toBe("vi_VN");
  });
  it("lists every language and x-default as hreflang alternates", () => {
    const alternates = find(tags, (t) => t.rel === "alternate").map((t) => [t.hrefLang, t.href]);
    expect(alternates).toEqual([
      ["en", "https://k.example/information-service/loan-faq?lang=en"],
      ["vi", "https://k.example/information-service/loan-faq?lang=vi"],
      ["id", "https://k.example/information-service/loan-faq?lang=id"],
      ["my", "https://k.example/information-service/loan-faq?lang=my"],
      ["mn", "https://k.example/information-service/loan-faq?lang=mn"],
      ["x-default", "https://k.example/information-service/loan-faq"],
    ]);
  });
  it("has Open Graph and Twitter cards with an absolute image", () => {
    expect(find(tags, (t) => t.property === "og:image")[0]?.content).toBe("https://k.example/images/og-card.png");
    expect(find(tags, (t) => t.property === "og:locale")[0]?.content).toBe("vi_VN");
    expect(find(tags, (t) => t.name === "twitter:card")[0]?.content).toBe("summary_large_image");
    expect(find(tags, (t) => t.property === "og:description")[0]?.content).toBe("Answers");
  });
  it("describes the business only where it fits", () => {
    expect(find(tags, (t) => "script:ld+json" in t)).toHaveLength(0);
    const home = seoTags({ origin: "https://k.example", pathname: "/", locale: "en", business: SAMPLE_IDENTITY });
    const ld = find(home, (t) => "script:ld+json" in t)[0]?.["script:ld+json"] as Record<string, unknown>;
    expect(ld["@type"]).toBe("FinancialService");
    expect(ld.legalName).toBe(SAMPLE_IDENTITY.legalNameEn);
    // Without the root's business (a page drawn without it), no structured data at all.
    expect(find(seoTags({ origin: "https://k.example", pathname: "/", locale: "en" }), (t) => "script:ld+json" in t)).toHaveLength(0);
  });
  it("gives each schema.org type only properties schema.org defines for it", () => {
    const home = seoTags({ origin: "https://k.example", pathname: "/", locale: "en", business: SAMPLE_IDENTITY });
    const ld = find(home, (t) => "script:ld+json" in t)[0]?.["script:ld+json"] as Record<string, unknown>;
    const misplaced: string[] = [];
    const visit = (node: Record<string, unknown>) => {
      const known = SCHEMA_ORG_PROPERTIES[String(node["@type"])];
      for (const [property, value] of Object.entries(node)) {
        if (property.startsWith("@")) continue;
        if (!known?.has(property)) misplaced.push(`${String(node["@type"])}.${property}`);
        if (value && typeof value === "object" && !Array.isArray(value)) visit(value as Record<string, unknown>);
      }
    };
    visit(ld);
    expect(misplaced).toEqual([]);
  });
});

/**
 * The properties schema.org (https://schema.org, version 29) gives the types the site uses, those
 * of their parents included (FinancialService < LocalBusiness < Organization and Place < Thing;
 * ContactPoint and PostalAddress < StructuredValue < Intangible < Thing): the ones a checker
 * would look for, not all of them.
 */
const THING = ["name", "url", "image", "description", "sameAs", "identifier", "alternateName"];
const SCHEMA_ORG_PROPERTIES: Record<string, Set<string>> = {
  FinancialService: new Set([
    ...THING,
    ...["legalName", "logo", "telephone", "email", "address", "areaServed", "contactPoint", "knowsLanguage", "foundingDate"],
    ...["geo", "openingHoursSpecification", "hasMap", "priceRange", "currenciesAccepted", "paymentAccepted", "openingHours"],
    "feesAndCommissionsSpecification",
  ]),
  PostalAddress: new Set([...THING, "streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry"]),
  GeoCoordinates: new Set([...THING, "latitude", "longitude", "elevation", "address", "addressCountry", "postalCode"]),
  ContactPoint: new Set([...THING, "contactType", "telephone", "email", "availableLanguage", "areaServed", "hoursAvailable"]),
};

describe("sitemap", () => {
  it("lists every public page in every language", () => {
    const xml = sitemapXml("https://k.example");
    expect(xml.match(/<url>/g)).toHaveLength(SITEMAP_PATHS.length * 5);
    expect(xml).toContain("<loc>https://k.example/company/about?lang=mn</loc>");
    expect(xml).not.toContain("/admin");
  });
});
