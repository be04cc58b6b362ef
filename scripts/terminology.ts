/**
 * The terminology check of `npm run i18n:check`: each language's one word for
 * each recurring concept, from `docs/language/<lang>.terms.json`, and the
 * variants a writer must not use instead. Every text of that language — the
 * UI catalogs (`locales/<lang>/*.json`: the pages, the ad block, the push
 * texts, the legal-version notices), the content files
 * (`content/<lang>/*.json`) and the legal texts
 * (`content/legal/<kind>/<lang>.md`); for Korean also the texts every
 * language shows in Korean (`locales/shared/*.json`); for English and Korean
 * the console's catalog (`app/features/console/i18n/<lang>.json`) — is
 * searched for the variants, and for digits other than the language's
 * convention (issue 50: all catalogs).
 *
 * A variant in Latin or Cyrillic script matches as a whole word (case
 * ignored); one in Myanmar script matches anywhere, since Burmese writes no
 * spaces between words. A variant ending in "*" is a stem: it also matches
 * the word with any ending (Mongolian case endings "Туслахын", "туслахтай";
 * Indonesian "konsultannya"), so a short form is caught in every form it
 * takes (issue 37). Where a short form is also an everyday word ("туслах",
 * to help), the term lists the phrases that use it so in `allow`; they are
 * taken out first, as the chosen term is.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface Term {
  /** The concept, in English, e.g. "regional bank". */
  concept: string;
  /** The Korean original, where there is one (지방은행). */
  ko?: string;
  /** The one word this language uses for it. */
  use: string;
  /** Words a writer might reach for instead, which the check refuses. */
  avoid: string[];
  /** Phrases in which an avoided word means something else (the verb, a persona's name): not refused. */
  allow?: string[];
  /** Why this word, when the choice is not obvious. */
  note?: string;
}

export interface Terminology {
  /** "western": 0–9 only. Any other decimal digit (Burmese ၀–၉, …) is refused. */
  digits: "western";
  terms: Term[];
  /**
   * Placeholders whose value changes its last word (a date, a day): a case
   * ending glued to one ("{date}-ны") is refused, since the right ending
   * depends on the value (Mongolian "01-ний", "02-ны"; issue 50, MN1).
   */
  noSuffixAfter?: string[];
}

/** One text of a language, named for the report. */
interface Text {
  where: string;
  text: string;
}

const MYANMAR = /[\u1000-\u109f\uaa60-\uaa7f]/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The pattern that finds `variant` in a text; a trailing "*" makes it a stem (any ending). */
export function variantPattern(variant: string): RegExp {
  const stem = variant.endsWith("*");
  const body = escape((stem ? variant.slice(0, -1) : variant).normalize("NFC"));
  if (MYANMAR.test(variant)) return new RegExp(body, "gu");
  const end = stem ? "[\\p{L}\\p{M}\\p{N}]*" : "(?![\\p{L}\\p{M}\\p{N}])";
  return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${body}${end}`, "giu");
}

/** Every string in a JSON value, with its path. */
function strings(value: unknown, path: string, out: Text[]): Text[] {
  if (typeof value === "string") out.push({ where: path, text: value });
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${path}[${i}]`, out));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) strings(v, path ? `${path}.${k}` : k, out);
  return out;
}

/** Every text of `lang` under `root`. */
export function textsOf(root: string, lang: string): Text[] {
  const out: Text[] = [];
  const json = (dir: string) => {
    if (!existsSync(join(root, dir))) return;
    for (const file of readdirSync(join(root, dir))
      .filter((f) => f.endsWith(".json"))
      .sort())
      strings(JSON.parse(readFileSync(join(root, dir, file), "utf8")), "", []).forEach((t) =>
        out.push({ where: `${dir}/${file}: ${t.where}`, text: t.text }),
      );
  };
  json(`locales/${lang}`);
  if (lang === "ko") json("locales/shared");
  json(`content/${lang}`);
  const consoleCatalog = join(root, "app/features/console/i18n", `${lang}.json`);
  if (existsSync(consoleCatalog))
    strings(JSON.parse(readFileSync(consoleCatalog, "utf8")), "", []).forEach((t) =>
      out.push({ where: `app/features/console/i18n/${lang}.json: ${t.where}`, text: t.text }),
    );
  const legal = join(root, "content/legal");
  if (existsSync(legal))
    for (const kind of readdirSync(legal).sort()) {
      const path = join(legal, kind, `${lang}.md`);
      if (!existsSync(path)) continue;
      readFileSync(path, "utf8")
        .split("\n")
        .forEach((line, i) => out.push({ where: `content/legal/${kind}/${lang}.md:${i + 1}`, text: line }));
    }
  return out;
}

/** The terminology file of `lang`, or undefined when it has none. */
export function readTerminology(root: string, lang: string): Terminology | undefined {
  const path = join(root, "docs/language", `${lang}.terms.json`);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Terminology) : undefined;
}

/** What breaks the terminology of `lang`: one line per variant or digit found, empty when none. */
export function terminologyProblems(root: string, lang: string): string[] {
  const terminology = readTerminology(root, lang);
  if (!terminology) return [`docs/language/${lang}.terms.json: missing`];
  const problems: string[] = [];
  const texts = textsOf(root, lang);
  for (const term of terminology.terms) {
    if (!term.use?.trim() || !term.concept?.trim()) problems.push(`docs/language/${lang}.terms.json: a term lacks "concept" or "use"`);
    for (const variant of term.avoid ?? []) {
      if (variant.normalize("NFC") === term.use.normalize("NFC")) {
        problems.push(`docs/language/${lang}.terms.json: "${variant}" is both used and avoided for ${term.concept}`);
        continue;
      }
      const pattern = variantPattern(variant);
      const chosen = [term.use, ...(term.allow ?? [])].map(variantPattern);
      for (const { where, text } of texts) {
        // The chosen term may contain a variant ("ngân hàng" in "ngân hàng địa phương"): it is taken out first,
        // and so are the allowed phrases. {placeholders} are code, not words.
        const found = chosen
          .reduce((rest, p) => rest.replace(p, "\u0000"), text.normalize("NFC").replace(/\{\w+\}/g, "\u0000"))
          .match(pattern);
        if (found) problems.push(`${where}: "${found[0]}" for ${term.concept}; the term is "${term.use}"`);
      }
    }
  }
  for (const name of terminology.noSuffixAfter ?? []) {
    const glued = new RegExp(`\\{${escape(name)}\\}-[\\p{L}\\p{M}]+`, "u");
    for (const { where, text } of texts) {
      const found = text.match(glued);
      if (found)
        problems.push(
          `${where}: "${found[0]}": an ending glued to {${name}}, whose value changes it; reword so that the value stands alone (docs/language/${lang}.terms.json)`,
        );
    }
  }
  if (terminology.digits === "western")
    for (const { where, text } of texts) {
      const found = text.match(/(?![0-9])\p{Nd}+/u);
      if (found) problems.push(`${where}: digits "${found[0]}"; ${lang} writes 0–9 (docs/language/${lang}.terms.json)`);
    }
  return problems;
}
