/**
 * The name of every cookie of the site. The cookies themselves (attributes,
 * signing, reading and writing) are defined once in cookies.server.ts; the
 * names are plain constants here because the browser writes `lang` itself
 * (the language switch, the localStorage mirror in root.tsx).
 */
export const SESSION_COOKIE = "admin_session";
export const SECOND_STEP_COOKIE = "admin_second_step";
export const DEVICE_COOKIE = "admin_device";
export const ADMIN_LANG_COOKIE = "admin_lang";
export const LANG_COOKIE = "lang";
export const FLASH_COOKIE = "consultation_done";
