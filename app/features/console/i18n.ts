import { useCallback } from "react";
import { useRouteLoaderData } from "react-router";
import { translate, type Message, type Vars } from "#app/i18n/format.ts";
import type en from "./i18n/en.json";

/**
 * Operator texts: Korean and English only (operators, not visitors). The
 * catalogs are data (i18n/ko.json, i18n/en.json, flat keys, in the site's
 * message format: app/i18n/format.ts, plurals included); the console's
 * layout loader sends the browser the operator's language only, and
 * `useAdminT()` reads it from there. Keys are typed from the English file.
 */
export const ADMIN_LANGS = ["ko", "en"] as const;
export type AdminLang = (typeof ADMIN_LANGS)[number];
export const DEFAULT_ADMIN_LANG: AdminLang = "ko";

export type AdminKey = keyof typeof en;
export type AdminMessages = Readonly<Record<AdminKey, Message>>;
export type AdminVars = Vars;
export type AdminT = (key: AdminKey, vars?: AdminVars) => string;

export function isAdminLang(value: unknown): value is AdminLang {
  return typeof value === "string" && (ADMIN_LANGS as readonly string[]).includes(value);
}

export function adminTranslate(lang: AdminLang, messages: Partial<AdminMessages>, key: AdminKey, vars?: AdminVars): string {
  return translate(lang, messages, key, vars);
}

/** What the console's layout route (`routes/admin`) gives every page. */
export interface AdminShellData {
  lang: AdminLang;
  messages: AdminMessages;
  operator: { email: string; role: "admin" | "agent" | "officer" } | null;
  /** Session-bound token every console form posts back. */
  csrf: string | null;
}

const ADMIN_LAYOUT_ID = "routes/admin";

export function useAdminShell(): AdminShellData | undefined {
  return useRouteLoaderData(ADMIN_LAYOUT_ID) as AdminShellData | undefined;
}

export function useAdminT(): AdminT {
  const shell = useAdminShell();
  const lang = shell?.lang ?? DEFAULT_ADMIN_LANG;
  const messages = shell?.messages;
  return useCallback((key: AdminKey, vars?: AdminVars) => adminTranslate(lang, messages ?? {}, key, vars), [lang, messages]);
}

/** The console's number format (grouped digits), in its language. */
export function useAdminLocale(): string {
  return (useAdminShell()?.lang ?? DEFAULT_ADMIN_LANG) === "ko" ? "ko-KR" : "en-GB";
}
