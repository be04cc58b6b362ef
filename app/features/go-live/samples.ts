import { BUSINESS_PAGE, PRODUCTS_PAGE } from "#app/features/go-live/finding.ts";
import { SAMPLE_BRAND } from "#app/business/sample-brand.ts";
import { SAMPLE_LENDERS } from "#db/migrations/0175_lenders.ts";
import { SAMPLE_IDENTITY, type BusinessIdentity } from "#app/business/identity.ts";
import { site } from "#app/config/site.ts";
import { SAMPLE_TERMS } from "#db/migrations/0150_ad_disclosure.ts";
import { todayInSeoul } from "#app/lib/seoul-time.ts";

/**
 * The sample values a fresh install shows (issue 47, item 6), derived from
 * the seed itself, never typed here: the sample identity, the sample links,
 * partners and brand of app/config/site.ts, the seeded products' lenders,
 * official names and approvals (the display names, "Savings bank loan", are
 * generic words: prose that uses them is the figures' check). The go-live scan looks for each in what a visitor sees.
 */
export type SampleSource = "identity" | "brand" | "products" | "pattern";

export interface SampleValue {
  value: string;
  source: SampleSource;
  /** Where an owner replaces it: a console path, or a note for the developer. */
  fix: string;
}

/** Values only a developer can change today (app/config/site.ts). */
export const SITE_FILE = "app/config/site.ts";

/** Identity fields a visitor reads; the registering body and its verify links are real, shared by every broker. */
const IDENTITY_KEYS = [
  "legalNameKo",
  "legalNameEn",
  "tradeNameKo",
  "tradeNameEn",
  "representativeKo",
  "representativeEn",
  "businessRegistrationNumber",
  "addressKo",
  "addressEn",
  "phone",
  "email",
] as const satisfies readonly (keyof BusinessIdentity)[];

/** The brand's sample links, chat channels and phones (SAMPLE_BRAND, app/business/brand.ts), fixed on the Brand page. */
function sampleBrand(): string[] {
  const b = SAMPLE_BRAND;
  return [
    ...Object.values(b.facebook),
    ...Object.values(b.instagram),
    b.tiktok,
    ...Object.values(b.blogs),
    ...Object.values(b.links),
    ...Object.values(b.chat),
  ].filter(Boolean);
}

/** The phones the sample site still names outside the identity: who calls back, the cash counter's sales line. */
function samplePhones(): string[] {
  return [site.adviser.phone, site.counter.salesPhone];
}

/** Korean long date as the legal texts write it: 2023년 4월 27일. */
function koreanDate(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  return `${y}년 ${m}월 ${d}일`;
}

/** Every sample value a visitor could still see, each once (the first source that names it wins). */
export function sampleValues(): SampleValue[] {
  const out: SampleValue[] = [];
  const seen = new Set<string>();
  const add = (value: string, source: SampleSource, fix: string) => {
    const v = value.trim();
    // Short values match inside unrelated words and numbers (a Korean name of three syllables is distinctive).
    if (v.length < (/^[\x20-\x7e]*$/.test(v) ? 5 : 3) || seen.has(v.toLowerCase())) return;
    seen.add(v.toLowerCase());
    out.push({ value: v, source, fix });
  };
  for (const key of IDENTITY_KEYS) add(SAMPLE_IDENTITY[key], "identity", BUSINESS_PAGE);
  for (const r of SAMPLE_IDENTITY.registrations) {
    add(r.number, "identity", BUSINESS_PAGE);
    add(r.date, "identity", BUSINESS_PAGE);
    add(koreanDate(r.date), "identity", BUSINESS_PAGE);
  }
  for (const value of sampleBrand()) add(value, "brand", "/admin/brand");
  for (const value of samplePhones()) add(value, "brand", SITE_FILE);
  // The sample products' lenders (migration 0175): replaced, and the samples retired, on the Lenders and Products pages.
  for (const lender of Object.values(SAMPLE_LENDERS))
    for (const value of [lender.legal_name, ...Object.values(lender.names), lender.logo]) add(value, "products", "/admin/lenders");
  for (const terms of Object.values(SAMPLE_TERMS)) {
    for (const key of ["lender_name", "official_name", "confirm_no", "review_no"] as const) {
      const value = terms[key];
      if (typeof value === "string") add(value, "products", PRODUCTS_PAGE);
    }
  }
  return out;
}

/** Marks that are a sample wherever they stand; an example domain counts as its host, whatever the path after it. */
const PATTERNS: { name: string; re: RegExp }[] = [
  { name: "[샘플]", re: /\[샘플\]/gu },
  { name: "샘플-…", re: /샘플-[A-Za-z0-9-]*[A-Za-z0-9]/gu },
  { name: "example.com/.org/.net", re: /\b(?:[a-z0-9-]+\.)*example\.(?:com|org|net)\b/giu },
];

/**
 * An approval shown as valid until a day (…~YYYY-MM-DD, …~YYYY년 M월 D일) more
 * than a year ahead: no lender approves an ad for that long.
 */
const VALID_UNTIL = /[~～]\s?(\d{4})(?:-(\d{2})-(\d{2})|년 (\d{1,2})월 (\d{1,2})일)/gu;

const isoOf = (m: RegExpMatchArray) => `${m[1]}-${(m[2] ?? m[4]!).padStart(2, "0")}-${(m[3] ?? m[5]!).padStart(2, "0")}`;

export interface SampleMatch {
  /** The sample value, or the pattern's text as found. */
  value: string;
  source: SampleSource;
  fix: string;
  /** Some words either side, on one line. */
  excerpt: string;
}

const EXCERPT_SIDE = 40;

export function excerptAt(text: string, start: number, end: number): string {
  const from = Math.max(0, start - EXCERPT_SIDE);
  const to = Math.min(text.length, end + EXCERPT_SIDE);
  const inner = text.slice(from, to).replace(/\s+/g, " ").trim();
  return `${from > 0 ? "…" : ""}${inner}${to < text.length ? "…" : ""}`;
}

function indexesOf(haystack: string, needle: string): number[] {
  const out: number[] = [];
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length)) out.push(i);
  return out;
}

/**
 * The sample values and marks in a page's text, one match per value (its
 * first place). A pattern's hit inside a value already found counts once,
 * as that value.
 */
export function findSamples(text: string, samples: readonly SampleValue[], now: Date = new Date()): SampleMatch[] {
  const lower = text.toLowerCase();
  const out: SampleMatch[] = [];
  const covered: [number, number][] = [];
  for (const s of samples) {
    const at = indexesOf(lower, s.value.toLowerCase());
    if (!at.length) continue;
    for (const i of at) covered.push([i, i + s.value.length]);
    out.push({ value: s.value, source: s.source, fix: s.fix, excerpt: excerptAt(text, at[0]!, at[0]! + s.value.length) });
  }
  const inside = (start: number, end: number) => covered.some(([a, b]) => start >= a && end <= b);
  const found = new Set<string>();
  for (const { re } of PATTERNS) {
    for (const m of text.matchAll(re)) {
      const start = m.index;
      const end = start + m[0].length;
      // A domain is one value whatever its case.
      const value = re.flags.includes("i") ? m[0].toLowerCase() : m[0];
      if (inside(start, end) || found.has(value)) continue;
      found.add(value);
      out.push({ value, source: "pattern", fix: "", excerpt: excerptAt(text, start, end) });
    }
  }
  const yearAhead = `${Number(todayInSeoul(now).slice(0, 4)) + 1}${todayInSeoul(now).slice(4)}`;
  for (const m of text.matchAll(VALID_UNTIL)) {
    if (isoOf(m) <= yearAhead || found.has(m[0])) continue;
    found.add(m[0]);
    out.push({ value: m[0], source: "pattern", fix: "", excerpt: excerptAt(text, m.index, m.index + m[0].length) });
  }
  return out;
}
