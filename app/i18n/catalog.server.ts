import { flatten, translate, type Message, type Messages, type Vars } from "#app/i18n/format.ts";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";

/**
 * The UI catalogs, `locales/<lang>/<namespace>.json`, bundled into the server
 * only. A route sends the browser the namespaces it renders, in the active
 * language only.
 *
 * `locales/shared/<namespace>.json` holds the strings every language shows
 * the same — the Korean texts the spec quotes (the cash-counter page, the
 * rate disclaimer, the job chips, the "no title" fallback) — written once and
 * merged into each language's namespace of the same name.
 */
const files = import.meta.glob<{ default: unknown }>("/locales/*/*.json", { eager: true });

/** The folder of strings shared by every language. */
export const SHARED = "shared";

const own = new Map<string, Messages>();
for (const [path, mod] of Object.entries(files)) {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (match) own.set(`${match[1]}/${match[2]}`, flatten(mod.default, match[2] ?? ""));
}

const catalogs = new Map<string, Messages>();
const names = new Set([...own.keys()].map((k) => k.split("/")[1] ?? ""));
for (const locale of LOCALES) {
  for (const name of names) {
    const shared = own.get(`${SHARED}/${name}`);
    const mine = own.get(`${locale}/${name}`);
    if (shared || mine) catalogs.set(`${locale}/${name}`, Object.freeze({ ...shared, ...mine }));
  }
}

export type Namespace = string;

export function namespaces(): string[] {
  return [...names];
}

/**
 * The merged catalogs of each language and list of namespaces, made once (issue 41): a page's
 * loader asks on every request, and the same frozen object each time lets the render reuse its
 * merge of the root's and the page's strings (`useT`). Bounded by the routes' lists × languages.
 */
const merged = new Map<string, Messages>();

export function loadMessages(locale: Locale, ns: readonly Namespace[]): Messages {
  const key = `${locale}/${ns.join(",")}`;
  const kept = merged.get(key);
  if (kept) return kept;
  const out: Record<string, Message> = {};
  for (const name of ns) {
    const catalog = catalogs.get(`${locale}/${name}`);
    if (!catalog) throw new Error(`missing catalog ${locale}/${name}`);
    Object.assign(out, catalog);
  }
  const frozen = Object.freeze(out);
  merged.set(key, frozen);
  return frozen;
}

/** Server-side translation, for API messages and page metadata. */
export function serverT(locale: Locale, key: string, vars?: Vars): string {
  const ns = key.split(".")[0] ?? "";
  return translate(locale, catalogs.get(`${locale}/${ns}`) ?? {}, key, vars);
}

export { LOCALES };
