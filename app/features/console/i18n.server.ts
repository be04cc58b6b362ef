import { plainValue } from "#app/lib/cookies.server.ts";
import { adminLangCookie } from "#app/features/console/cookies.server.ts";
import ko from "./i18n/ko.json";
import en from "./i18n/en.json";
import {
  DEFAULT_ADMIN_LANG,
  adminTranslate,
  isAdminLang,
  type AdminLang,
  type AdminMessages,
  type AdminT,
} from "#app/features/console/i18n.ts";

/** Both catalogs live on the server; a page receives one (see i18n.ts). */
const CATALOGS: Record<AdminLang, AdminMessages> = { ko, en };

export function adminMessages(lang: AdminLang): AdminMessages {
  return CATALOGS[lang];
}

export function adminTFor(lang: AdminLang): AdminT {
  return (key, vars) => adminTranslate(lang, CATALOGS[lang], key, vars);
}

/** The operator's choice (cookie `admin_lang`), Korean by default. */
export async function adminLangOf(request: Request): Promise<AdminLang> {
  const value = plainValue(adminLangCookie, request.headers.get("cookie"));
  return isAdminLang(value) ? value : DEFAULT_ADMIN_LANG;
}
