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

/** All messages of the matched routes (root's common strings + the page's own). */
function useMessages(): Messages {
  const matches = useMatches();
  return useMemo(() => {
    const merged: Record<string, Message> = {};
    for (const match of matches) {
      if (isPayload(match.loaderData)) Object.assign(merged, match.loaderData.i18n.messages);
    }
    return merged;
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
