import { flatten, translate, type Message, type Messages, type Vars } from "#app/i18n/format.ts";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";

/**
 * The UI catalogs, `locales/<lang>/<namespace>.json`, bundled into the server
 * only. A route sends the browser the namespaces it renders, in the active
 * language only.
 */
const files = import.meta.glob<{ default: unknown }>("/locales/*/*.json", { eager: true });

const catalogs = new Map<string, Messages>();
for (const [path, mod] of Object.entries(files)) {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (match) catalogs.set(`${match[1]}/${match[2]}`, Object.freeze(flatten(mod.default, match[2] ?? "")));
}

export type Namespace = string;

export function namespaces(): string[] {
  return [...new Set([...catalogs.keys()].map((k) => k.split("/")[1] ?? ""))];
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
