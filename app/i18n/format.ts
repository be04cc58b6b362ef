export type Messages = Readonly<Record<string, string>>;
export type Vars = Readonly<Record<string, string | number>>;

/** Replaces `{name}` placeholders; unknown placeholders stay visible. */
function interpolate(template: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/**
 * Looks a key up. A missing key shows the key itself, so that it is noticed
 * (the i18n check in `npm test` fails long before that reaches a visitor).
 */
export function translate(messages: Messages, key: string, vars?: Vars): string {
  const template = messages[key];
  return template === undefined ? key : interpolate(template, vars);
}

/** Flattens nested catalog JSON into `prefix.a.b` keys. */
export function flatten(value: unknown, prefix: string, into: Record<string, string> = {}): Record<string, string> {
  if (typeof value === "string") {
    into[prefix] = value;
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => flatten(item, `${prefix}.${i}`, into));
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, into);
  }
  return into;
}
