import { legalFactsOf } from "#app/features/products/products.server.ts";
import { createContext } from "react-router";
import { Parser } from "htmlparser2";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { PUBLIC_ROUTES } from "#app/config/public-routes.ts";
import { LOCALES } from "#app/i18n/locales.ts";
import { REQUEST_KINDS } from "#app/requests/kinds.ts";
import { renderLegalDocument } from "#app/features/legal/documents.server.ts";
import { POLICY_KINDS, POLICY_LANGS } from "#app/features/legal/links.ts";
import { alertEmail, buildAlert, type AlertLang } from "#app/features/alerts/message.ts";
import { LEGAL_PAGE, type Finding, type Place } from "#app/features/go-live/finding.ts";
import { findSamples, sampleValues, SITE_FILE, type SampleMatch, type SampleValue } from "#app/features/go-live/samples.ts";

/**
 * The go-live scan (issue 47, item 6): every public page in every language,
 * the legal texts in force and the e-mails the site sends, rendered as a
 * visitor gets them, through the app's own request handler in this process
 * (no network), and searched for the seed's sample values. What the check
 * reports is what a visitor would read, not what the settings say.
 *
 * Not scanned: a request's status page (it exists only for a stored request,
 * and the scan stores none: its texts are the business identity and the
 * calendar, which the footer and the identity check already cover).
 */

/** Renders a public path (with its query) as a GET would, through the app's handler: the status and the HTML. */
export type RenderPage = (path: string) => Promise<{ status: number; html: string }>;

/** The server puts its renderer here (server/app.ts); absent (tests calling loaders, scripts): no page scan. */
export const renderPageContext = createContext<RenderPage | null>(null);

/** One text a visitor reads: the page (path, or what it is) and its language. */
export interface ScannedText {
  page: string;
  lang: string;
  text: string;
}

/** Attributes whose values a visitor reads or follows. */
const READ_ATTRIBUTES = new Set(["href", "src", "alt", "title", "content", "aria-label", "placeholder"]);
/** Elements whose content is no text for a visitor. */
const SKIPPED = new Set(["script", "style", "template"]);

/** The text of an HTML page as a visitor meets it: the words, then the links and pictures' addresses and labels. */
export function pageText(html: string): string {
  const parts: string[] = [];
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (SKIPPED.has(name)) skipping++;
        for (const [key, value] of Object.entries(attributes)) if (READ_ATTRIBUTES.has(key) && value) parts.push(` ${value} `);
      },
      ontext(text) {
        if (!skipping) parts.push(text);
      },
      onclosetag(name) {
        if (SKIPPED.has(name) && skipping > 0) skipping--;
        // Block ends separate words that only markup kept apart.
        parts.push(" ");
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts.join("").replace(/[ \t\r\n\f]+/g, " ");
}

/** The public routes in every language, the legal texts in force and the alert e-mails' texts. */
export async function* publicTexts(db: Kysely<Database>, render: RenderPage, now: Date): AsyncGenerator<ScannedText> {
  for (const { path } of PUBLIC_ROUTES) {
    for (const lang of LOCALES) {
      const { status, html } = await render(`${path}?lang=${lang}`);
      // A page that needs a visitor's state (a completion page) sends elsewhere: nothing of its own to read.
      if (status >= 300 && status < 500) continue;
      yield { page: path, lang, text: status >= 500 ? `HTTP ${status}` : pageText(html) };
    }
  }
  for (const kind of POLICY_KINDS) {
    for (const lang of POLICY_LANGS) {
      const doc = await renderLegalDocument(db, kind, lang, legalFactsOf(db), { now });
      if (doc) yield { page: `/?policy=${kind}`, lang, text: pageText(doc.html) };
    }
  }
  for (const lang of ["ko", "en"] as AlertLang[]) {
    for (const kind of [...REQUEST_KINDS, "test"]) {
      const alert = buildAlert({ kind, id: 1, lang: "en", createdAt: now.toISOString() }, { origin: "", lang });
      const mail = alertEmail(alert, lang);
      yield { page: `e-mail: ${kind}`, lang, text: `${mail.subject} ${mail.text} ${pageText(mail.html)}` };
    }
  }
}

/** How many pages one finding lists; the rest are counted. */
export const PLACES_SHOWN = 3;

interface Hit extends SampleMatch {
  page: string;
  lang: string;
}

/** The console page that edits what these pages show, when one does: the legal texts, the blog links; else the file. */
const PAGE_FIXES: [(page: string) => boolean, string][] = [
  [(page) => page.startsWith("/?policy="), LEGAL_PAGE],
  [(page) => page === "/information-service/blogs", "/admin/blog-links"],
];

function fixFor(pages: readonly string[]): string {
  return PAGE_FIXES.find(([owns]) => pages.every(owns))?.[1] ?? SITE_FILE;
}

/** Findings from matches: one per sample value, its pages in scan order, each page's languages together. */
export function groupHits(hits: readonly Hit[]): Finding[] {
  const byValue = new Map<string, { match: Hit; places: Map<string, Place> }>();
  for (const hit of hits) {
    let entry = byValue.get(hit.value);
    if (!entry) byValue.set(hit.value, (entry = { match: hit, places: new Map() }));
    const place = entry.places.get(hit.page);
    if (place) {
      if (!place.langs.includes(hit.lang)) place.langs.push(hit.lang);
    } else entry.places.set(hit.page, { page: hit.page, langs: [hit.lang], excerpt: hit.excerpt });
  }
  return [...byValue.values()].map(({ match, places }) => {
    const all = [...places.values()];
    // A mark that is no setting (a "[샘플]" in a legal text, an example link in the blog list) is fixed where it shows.
    const fix = match.fix || fixFor(all.map((p) => p.page));
    return {
      area: "public",
      what: match.source === "pattern" ? "golive.publicMark" : "golive.publicSample",
      detail: match.value,
      fix,
      places: all.slice(0, PLACES_SHOWN),
      morePlaces: Math.max(0, all.length - PLACES_SHOWN),
    } satisfies Finding;
  });
}

/** The scan itself: each sample value a visitor would read, with the pages, languages and an excerpt. */
export async function publicFindings(
  db: Kysely<Database>,
  render: RenderPage,
  now = new Date(),
  samples: readonly SampleValue[] = sampleValues(),
): Promise<Finding[]> {
  const hits: Hit[] = [];
  const broken: Finding[] = [];
  for await (const { page, lang, text } of publicTexts(db, render, now)) {
    if (/^HTTP 5\d\d$/.test(text)) {
      broken.push({ area: "public", what: "golive.pageBroken", detail: `${page}?lang=${lang} (${text})`, fix: SITE_FILE });
      continue;
    }
    for (const match of findSamples(text, samples, now)) hits.push({ ...match, page, lang });
  }
  return [...broken, ...groupHits(hits)];
}
