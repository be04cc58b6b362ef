import { redirect, href } from "react-router";
import type { Route } from "./+types/admin.lang";
import { readUrlEncoded } from "#app/lib/http.server.ts";
import { services } from "#app/lib/services.server.ts";
import { setCookie } from "#app/lib/cookies.server.ts";
import { adminLangCookie } from "#app/features/console/cookies.server.ts";
import { isAdminLang } from "#app/features/console/i18n.ts";
import { safeNext } from "#app/features/console/safe-next.server.ts";

/** The operator's language (ko/en), remembered in the `admin_lang` cookie; back to the same page. */
export function loader() {
  return redirect(href("/admin"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readUrlEncoded(request, 4 * 1024).catch(() => new URLSearchParams());
  const lang = form.get("lang");
  const next = safeNext(form.get("next"), services(context).log);
  if (!isAdminLang(lang)) return redirect(next);
  return redirect(next, { headers: { "Set-Cookie": await setCookie(adminLangCookie, lang, services(context).secureCookies) } });
}
