import { useCallback, useMemo } from "react";
import { useMatches, useRouteLoaderData } from "react-router";
import { translate, type Message, type Messages, type Vars } from "#app/i18n/format.ts";
import { DEFAULT_LOCALE, type Locale } from "#app/i18n/locales.ts";

/** What a loader returns under `i18n` to give its page its strings. */
export interface I18nPayload {
  locale: Locale;
  messages: Messages;
}

function isPayload(value: unknown): value is { i18n: I18nPayload } {
  return !!value && typeof value === "object" && "i18n" in value;
}

/**
 * The matched routes' messages merged once per set of catalogs (issue 41):
 * every component that translates asks for them, and merging them again for
 * each one cost a tenth of a status page's render. Keyed on the catalogs
 * themselves (the loaders' objects), so new data makes a new merge.
 */
const merges = new WeakMap<Messages, { parts: Messages[]; merged: Messages }[]>();

function mergeMessages(parts: Messages[]): Messages {
  const last = parts.at(-1);
  if (!last) return {};
  const kept = merges.get(last) ?? [];
  const found = kept.find((e) => e.parts.length === parts.length && e.parts.every((p, i) => p === parts[i]));
  if (found) return found.merged;
  const merged: Record<string, Message> = Object.assign({}, ...parts);
  kept.push({ parts, merged });
  if (kept.length > 4) kept.shift();
  merges.set(last, kept);
  return merged;
}

/** All messages of the matched routes (root's common strings + the page's own). */
function useMessages(): Messages {
  const matches = useMatches();
  return useMemo(() => {
    const parts: Messages[] = [];
    for (const match of matches) {
      if (isPayload(match.loaderData)) parts.push(match.loaderData.i18n.messages);
    }
    return mergeMessages(parts);
  }, [matches]);
}

export function useLocale(): Locale {
  const root = useRouteLoaderData("root") as { i18n?: I18nPayload } | undefined;
  return root?.i18n?.locale ?? DEFAULT_LOCALE;
}

export type TFunction = (key: string, vars?: Vars) => string;

export function useT(): TFunction {
  const messages = useMessages();
  const locale = useLocale();
  return useCallback((key: string, vars?: Vars) => translate(locale, messages, key, vars), [locale, messages]);
}
