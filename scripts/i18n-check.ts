/**
 * Fails (exit 1) when the translations are incomplete:
 *  - a catalog file (locales/<lang>/<ns>.json) missing in a language, a key
 *    missing or extra, an empty string, or `{placeholders}` that differ;
 *  - a plural message (app/i18n/format.ts) that is not plural in every
 *    language, or lacks a plural category the language's Intl.PluralRules
 *    uses, or has one it never uses (ko, vi, id, my: "other"; en, mn: "one"
 *    and "other"); each form's placeholders are those of the "other" form or
 *    fewer (a "one" form may say "a request" without {count});
 *  - a key used in code as t("ns.key") that the English catalog lacks;
 *  - a content file (content/<lang>/*.json, content/legal/<kind>/<lang>.md)
 *    missing in a language, or JSON content whose ids differ between languages;
 *  - the operator console's catalogs (app/features/console/i18n/ko.json and
 *    en.json, Korean and English only) with a key in one and not the other,
 *    an empty string, differing `{placeholders}` or plural forms as above;
 *  - a string of `locales/shared/` (shown the same in every language) that a
 *    language's own catalog repeats;
 *  - a word a language's terminology (docs/language/<lang>.terms.json) avoids,
 *    or digits other than its convention (scripts/terminology.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { LOCALES } from "#app/i18n/locales.ts";
import { terminologyProblems } from "#scripts/terminology.ts";
import { flatten as flattenCatalog, pluralRules, type Message } from "#app/i18n/format.ts";

const root = new URL("..", import.meta.url).pathname;
const problems: string[] = [];

/** The app's own flattening of catalog JSON, into a Map. */
function flatten(value: unknown, prefix: string, into: Map<string, Message>) {
  for (const [key, text] of Object.entries(flattenCatalog(value, prefix))) into.set(key, text);
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    problems.push(`${relative(root, path)}: invalid JSON (${(error as Error).message})`);
    return {};
  }
}

const placeholderSet = (s: string) => new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
const placeholders = (s: string) => [...placeholderSet(s)].sort().join(",");
/** The text whose placeholders stand for the message: a plural's "other" form. */
const main = (message: Message) => (typeof message === "string" ? message : message.other);

/**
 * What is wrong with `message` (key `key`, in `lang`): emptiness and plural
 * forms, and next to `original` (the same key in the reference language, when
 * given) its shape and placeholders. An empty list when it is fine.
 */
function messageProblems(key: string, message: Message, lang: string, original?: Message): string[] {
  const out: string[] = [];
  if (original !== undefined && (typeof original === "string" ? typeof message !== "string" : typeof message === "string")) {
    return [
      `${key} is ${typeof message === "string" ? "a string" : "a plural message"} but ${typeof original === "string" ? "a string" : "a plural message"} in the original`,
    ];
  }
  if (typeof message !== "string") {
    const needed = pluralRules(lang).resolvedOptions().pluralCategories;
    const given = Object.keys(message);
    for (const category of needed) if (!given.includes(category)) out.push(`${key} lacks the plural form "${category}" that ${lang} needs`);
    for (const category of given)
      if (!needed.includes(category as Intl.LDMLPluralRule)) out.push(`${key} has a plural form "${category}" that ${lang} never uses`);
    const all = placeholderSet(message.other);
    for (const [category, text] of Object.entries(message)) {
      if (!text.trim()) out.push(`empty ${key}.${category}`);
      else if ([...placeholderSet(text)].some((name) => !all.has(name)))
        out.push(`${key}.${category} has a placeholder its "other" form lacks`);
    }
  } else if (!message.trim()) out.push(`empty ${key}`);
  if (original !== undefined && placeholders(main(message)) !== placeholders(main(original))) out.push(`placeholders of ${key} differ`);
  return out;
}

// 1. UI catalogs. `locales/shared/<ns>.json` holds the strings every language
// shows the same (app/i18n/catalog.server.ts): written there once, and in no
// language's own file.
const jsonFiles = (dir: string) => (existsSync(join(root, dir)) ? readdirSync(join(root, dir)).filter((f) => f.endsWith(".json")) : []);
const namespaces = [...new Set([...jsonFiles("locales/en"), ...jsonFiles("locales/shared")])].sort();
const english = new Map<string, Message>();
for (const file of namespaces) {
  const ns = file.replace(/\.json$/, "");
  const shared = new Map<string, Message>();
  if (existsSync(join(root, "locales/shared", file))) flatten(readJson(join(root, "locales/shared", file)), ns, shared);
  for (const [key, value] of shared) for (const p of messageProblems(key, value, "en")) problems.push(`locales/shared/${file}: ${p}`);
  const base = new Map<string, Message>();
  if (existsSync(join(root, "locales/en", file))) flatten(readJson(join(root, "locales/en", file)), ns, base);
  shared.forEach((v, k) => english.set(k, v));
  base.forEach((v, k) => english.set(k, v));
  for (const locale of LOCALES) {
    const path = join(root, "locales", locale, file);
    if (!existsSync(path)) {
      if (base.size) problems.push(`locales/${locale}/${file}: missing`);
      continue;
    }
    const other = new Map<string, Message>();
    flatten(readJson(path), ns, other);
    for (const [key, value] of base) {
      const translated = other.get(key);
      if (translated === undefined) problems.push(`locales/${locale}/${file}: missing key ${key}`);
      else
        for (const p of messageProblems(key, translated, locale, value))
          problems.push(`locales/${locale}/${file}: ${p} (English is the original)`);
    }
    for (const key of other.keys()) {
      if (shared.has(key))
        problems.push(`locales/${locale}/${file}: ${key} is shared by every language (locales/shared/${file}); remove it here`);
      else if (!base.has(key)) problems.push(`locales/${locale}/${file}: extra key ${key} (not in English)`);
    }
  }
}
for (const locale of LOCALES) {
  for (const file of jsonFiles(`locales/${locale}`)) {
    if (!namespaces.includes(file)) problems.push(`locales/${locale}/${file}: no English original`);
  }
}

// 2. Keys used in code.
function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(tsx?|mts)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}
// The operator console (app/features/console and the console's features beside it: operators, pipeline,
// audit, blog-links, alerts, campaigns; routes/admin.*; and any other file that takes the console's
// translator, such as the privacy requests page in app/features/privacy-rights) has its own catalog: see 4.
const adminCatalog = new Map<string, Message>();
const adminEnglish = join(root, "app/features/console/i18n/en.json");
if (existsSync(adminEnglish)) flatten(readJson(adminEnglish), "", adminCatalog);
const isConsole = (file: string, source: string) =>
  /app\/(features\/(console|operators|pipeline|audit|blog-links|alerts|campaigns)\/|routes\/admin[.])/.test(file) ||
  /from "#app\/features\/console\/(i18n|console\.server)\.ts"/.test(source);
for (const file of walk(join(root, "app"))) {
  const source = readFileSync(file, "utf8");
  const catalog = isConsole(file, source) ? adminCatalog : english;
  for (const match of source.matchAll(/\b(?:t|serverT\([^,]+,)\s*\(?\s*"([a-zA-Z][\w-]*\.[\w.-]+)"/g)) {
    const key = match[1]!;
    if (!catalog.has(key)) problems.push(`${relative(root, file)}: uses unknown key ${key}`);
  }
  for (const match of source.matchAll(/(?:labelKey|titleKey|messageKey):\s*"([a-zA-Z][\w-]*\.[\w.-]+)"/g)) {
    const key = match[1]!;
    if (!english.has(key)) problems.push(`${relative(root, file)}: refers to unknown key ${key}`);
  }
}

// 3. Long content.
const contentEn = join(root, "content/en");
if (existsSync(contentEn)) {
  for (const file of readdirSync(contentEn).filter((f) => f.endsWith(".json"))) {
    const ids = (value: unknown) => JSON.stringify(value, (k, v) => (typeof v === "string" && k !== "id" ? "" : v));
    const base = ids(readJson(join(contentEn, file)));
    for (const locale of LOCALES) {
      const path = join(root, "content", locale, file);
      if (!existsSync(path)) problems.push(`content/${locale}/${file}: missing`);
      else if (ids(readJson(path)) !== base) problems.push(`content/${locale}/${file}: structure or ids differ from English`);
    }
  }
}
const legal = join(root, "content/legal");
if (existsSync(legal)) {
  for (const kind of readdirSync(legal)) {
    for (const locale of ["ko", ...LOCALES]) {
      const path = join(legal, kind, `${locale}.md`);
      if (!existsSync(path) || !readFileSync(path, "utf8").trim()) problems.push(`content/legal/${kind}/${locale}.md: missing`);
    }
  }
}

// 4. The operator console: Korean and English, the same keys.
const adminDir = join(root, "app/features/console/i18n");
if (existsSync(adminDir)) {
  const admin = Object.fromEntries(
    ["ko", "en"].map((lang) => {
      const map = new Map<string, Message>();
      const path = join(adminDir, `${lang}.json`);
      if (!existsSync(path)) problems.push(`${relative(root, path)}: missing`);
      else flatten(readJson(path), "", map);
      return [lang, map];
    }),
  ) as Record<"ko" | "en", Map<string, Message>>;
  for (const [lang, other] of [
    ["ko", "en"],
    ["en", "ko"],
  ] as const) {
    for (const [key, value] of admin[lang]) {
      const counterpart = admin[other].get(key);
      if (counterpart === undefined) problems.push(`app/features/console/i18n/${other}.json: missing key ${key} (present in ${lang}.json)`);
      else
        for (const p of messageProblems(key, value, lang, lang === "ko" ? counterpart : undefined))
          problems.push(`app/features/console/i18n/${lang}.json: ${p}`);
    }
  }
}

// 5. One word per concept: docs/language/<lang>.terms.json (scripts/terminology.ts).
for (const lang of ["ko", ...LOCALES]) problems.push(...terminologyProblems(root, lang));

if (problems.length) {
  console.error(`i18n check: ${problems.length} problem(s)\n` + problems.map((p) => `  - ${p}`).join("\n"));
  process.exit(1);
}
console.log(`i18n check: ${english.size} keys × ${LOCALES.length} languages, ${namespaces.length} namespaces: complete`);
