import { redirect } from "react-router";
import type { Route } from "./+types/admin.lang";
import { readUrlEncoded } from "~/lib/http.server";
import { services } from "~/lib/services.server";
import { adminLangCookie } from "~/features/admin/i18n.server";
import { isAdminLang } from "~/features/admin/i18n";
import { safeNext } from "~/features/admin/session.server";

/** The operator's language (ko/en), remembered in the `admin_lang` cookie; back to the same page. */
export function loader() {
  return redirect("/admin");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readUrlEncoded(request, 4 * 1024).catch(() => new URLSearchParams());
  const lang = form.get("lang");
  const next = safeNext(form.get("next"));
  if (!isAdminLang(lang)) return redirect(next);
  return redirect(next, { headers: { "Set-Cookie": adminLangCookie(lang, services(context).secureCookies) } });
}
