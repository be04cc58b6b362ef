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

export function loadMessages(locale: Locale, ns: readonly Namespace[]): Messages {
  const out: Record<string, Message> = {};
  for (const name of ns) {
    const catalog = catalogs.get(`${locale}/${name}`);
    if (!catalog) throw new Error(`missing catalog ${locale}/${name}`);
    Object.assign(out, catalog);
  }
  return out;
}

/** Server-side translation, for API messages and page metadata. */
export function serverT(locale: Locale, key: string, vars?: Vars): string {
  const ns = key.split(".")[0] ?? "";
  return translate(locale, catalogs.get(`${locale}/${ns}`) ?? {}, key, vars);
}

export { LOCALES };
