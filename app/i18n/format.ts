/**
 * The one message format of the site and the console. A message is a string
 * with `{name}` placeholders, or, where a number changes the words, a plural
 * message: an object of CLDR plural categories chosen by the `count` variable
 * with the language's `Intl.PluralRules`, e.g.
 * `{ "one": "{count} request", "other": "{count} requests" }` in English and
 * `{ "other": "{count}건" }` in Korean. Every language gives the categories its
 * rules use (the i18n check makes sure), "other" always.
 */
export type PluralCategory = Intl.LDMLPluralRule;
export const PLURAL_CATEGORIES: readonly PluralCategory[] = ["zero", "one", "two", "few", "many", "other"];
export type PluralMessage = Readonly<Partial<Record<PluralCategory, string>> & { other: string }>;
export type Message = string | PluralMessage;
export type Messages = Readonly<Record<string, Message>>;
export type Vars = Readonly<Record<string, string | number>>;

/** An object whose keys are all plural categories, "other" among them. */
export function isPluralMessage(value: unknown): value is PluralMessage {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.includes("other") &&
    keys.every((k) => (PLURAL_CATEGORIES as readonly string[]).includes(k) && typeof (value as Record<string, unknown>)[k] === "string")
  );
}

const rules = new Map<string, Intl.PluralRules>();

/** The language's plural rules (en: one, other; ko, vi, id, my: other only), made once. */
export function pluralRules(locale: string): Intl.PluralRules {
  let r = rules.get(locale);
  if (!r) rules.set(locale, (r = new Intl.PluralRules(locale)));
  return r;
}

/** Replaces `{name}` placeholders; unknown placeholders stay visible. */
export function interpolate(template: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** A message in `locale`: the plural form `vars.count` calls for, then its placeholders filled. */
export function formatMessage(locale: string, message: Message, vars?: Vars): string {
  if (typeof message === "string") return interpolate(message, vars);
  const count = vars?.count;
  const category = typeof count === "number" ? pluralRules(locale).select(count) : "other";
  return interpolate(message[category] ?? message.other, vars);
}

/**
 * Looks a key up. A missing key shows the key itself, so that it is noticed
 * (the i18n check in `npm test` fails long before that reaches a visitor).
 */
export function translate(locale: string, messages: Messages, key: string, vars?: Vars): string {
  const message = messages[key];
  return message === undefined ? key : formatMessage(locale, message, vars);
}

/** Flattens nested catalog JSON into `prefix.a.b` keys; plural messages stay whole. */
export function flatten(value: unknown, prefix: string, into: Record<string, Message> = {}): Record<string, Message> {
  if (typeof value === "string" || isPluralMessage(value)) {
    into[prefix] = value;
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => flatten(item, `${prefix}.${i}`, into));
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, into);
  }
  return into;
}
