import { useCallback } from "react";
import { useRouteLoaderData } from "react-router";
import type en from "./i18n/en.json";

/**
 * Operator texts: Korean and English only (operators, not visitors). The
 * catalogs are data (i18n/ko.json, i18n/en.json, flat keys); the console's
 * layout loader sends the browser the operator's language only, and
 * `useAdminT()` reads it from there. Keys are typed from the English file.
 */
export const ADMIN_LANGS = ["ko", "en"] as const;
export type AdminLang = (typeof ADMIN_LANGS)[number];
export const DEFAULT_ADMIN_LANG: AdminLang = "ko";

export type AdminKey = keyof typeof en;
export type AdminMessages = Readonly<Record<AdminKey, string>>;
export type AdminVars = Readonly<Record<string, string | number>>;
export type AdminT = (key: AdminKey, vars?: AdminVars) => string;

export function isAdminLang(value: unknown): value is AdminLang {
  return typeof value === "string" && (ADMIN_LANGS as readonly string[]).includes(value);
}

export function adminTranslate(messages: Partial<AdminMessages>, key: AdminKey, vars?: AdminVars): string {
  const template = messages[key] ?? key;
  return vars ? template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : template;
}

/** What the console's layout route (`routes/admin`) gives every page. */
export interface AdminShellData {
  lang: AdminLang;
  messages: AdminMessages;
  operator: { email: string } | null;
  /** Session-bound token every console form posts back. */
  csrf: string | null;
}

export const ADMIN_LAYOUT_ID = "routes/admin";

export function useAdminShell(): AdminShellData | undefined {
  return useRouteLoaderData(ADMIN_LAYOUT_ID) as AdminShellData | undefined;
}

export function useAdminT(): AdminT {
  const messages = useAdminShell()?.messages;
  return useCallback((key: AdminKey, vars?: AdminVars) => adminTranslate(messages ?? {}, key, vars), [messages]);
}
