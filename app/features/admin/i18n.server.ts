import { readCookie } from "#app/i18n/detect.ts";
import ko from "./i18n/ko.json";
import en from "./i18n/en.json";
import { ADMIN_LANG_COOKIE, DEFAULT_ADMIN_LANG, adminTranslate, isAdminLang, type AdminLang, type AdminMessages, type AdminT } from "#app/features/admin/i18n.ts";

/** Both catalogs live on the server; a page receives one (see i18n.ts). */
const CATALOGS: Record<AdminLang, AdminMessages> = { ko, en };

export function adminMessages(lang: AdminLang): AdminMessages {
  return CATALOGS[lang];
}

export function adminTFor(lang: AdminLang): AdminT {
  return (key, vars) => adminTranslate(lang, CATALOGS[lang], key, vars);
}

/** The operator's choice (cookie `admin_lang`), Korean by default. */
export function adminLangOf(request: Request): AdminLang {
  const value = readCookie(request.headers.get("cookie"), ADMIN_LANG_COOKIE);
  return isAdminLang(value) ? value : DEFAULT_ADMIN_LANG;
}

/** Path `/` for the same reason as the session cookie (`/admin.data`). */
export function adminLangCookie(lang: AdminLang, secure: boolean): string {
  return `${ADMIN_LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}
