import { href } from "react-router";
import type { RequestEvent } from "#app/requests/record.server.ts";
import { requestHref } from "#app/features/console/kinds.ts";
import { isRequestKind } from "#app/requests/kinds.ts";
import ko from "#app/features/console/i18n/ko.json" with { type: "json" };
import en from "#app/features/console/i18n/en.json" with { type: "json" };
import { formatSeoul } from "#app/lib/seoul-time.ts";
import { translate, type Messages, type Vars } from "#app/i18n/format.ts";

/**
 * What an alert says, on every channel: the kind of request, the visitor's
 * language, the time in Korea and a link into the console. Never a name, a
 * phone number, an address or a message: push services, mail providers and
 * chat tools are third parties (engineering.md, "Security and reliability").
 * The texts are the console's catalogs (Korean by default).
 */
export type AlertLang = "ko" | "en";

/** A new request (or, with kind "test", a test alert). */
/** An alert is about a request event (a new request, a call-back due, a test). */
export type AlertEvent = RequestEvent;

export interface Alert {
  event: "request.created" | "alert.test";
  kind: string;
  id: number;
  lang: string;
  created_at: string;
  /** The request in the console (behind the sign-in). */
  url: string;
  title: string;
  body: string;
  /** One line: title, body and link (chat webhooks show it as it is). */
  text: string;
}

const CATALOGS: Record<AlertLang, Messages> = { ko, en };

const t = (lang: AlertLang, key: string, vars?: Vars): string => translate(lang, CATALOGS[lang], key, vars);

const TEST_KIND = "test";

/** A visitor moved a consultation's call-back on its status page (issue 28): `createdAt` is the new time. */
const CALLBACK_KIND = "callback";
/** A call-back the visitor asked for is coming due (issue 26), to its agent: `createdAt` is the call-back time. */
export const CALLBACK_DUE_KIND = "callback_due";

/** The two call-back alerts: their title and body keys in the console catalogs. */
const CALLBACK_TEXTS: Record<string, { title: string; body: string }> = {
  [CALLBACK_KIND]: { title: "alert.callbackTitle", body: "alert.callbackBody" },
  [CALLBACK_DUE_KIND]: { title: "alert.callbackDueTitle", body: "alert.callbackDueBody" },
};
const callbackTexts = (kind: string) => (Object.hasOwn(CALLBACK_TEXTS, kind) ? CALLBACK_TEXTS[kind] : undefined);

/**
 * Sign-in alerts to administrators (issue 52, item 5; 고시 제6조①2): an
 * address locked out of an account, an operator signed in from a network
 * not seen before. `id` is the operator's number (0: an address no operator
 * has); never an e-mail address or a network.
 */
export const LOCKOUT_KIND = "lockout";
export const NEW_NETWORK_KIND = "new_network";
const SECURITY_TEXTS: Record<string, { title: string; body: string }> = {
  [LOCKOUT_KIND]: { title: "alert.lockoutTitle", body: "alert.lockoutBody" },
  [NEW_NETWORK_KIND]: { title: "alert.newNetworkTitle", body: "alert.newNetworkBody" },
};
const securityTexts = (kind: string) => (Object.hasOwn(SECURITY_TEXTS, kind) ? SECURITY_TEXTS[kind] : undefined);

function consoleUrl(origin: string, event: AlertEvent): string {
  if (isRequestKind(event.kind)) return origin + requestHref(event.kind, event.id);
  if (callbackTexts(event.kind)) return origin + requestHref("consultation", event.id);
  if (securityTexts(event.kind)) return origin + href("/admin/operators");
  // A privacy request (issue 16) is carried out on the console's privacy page.
  return origin + (event.kind === "rights" ? href("/admin/privacy") : href("/admin/notifications"));
}

export function buildAlert(event: AlertEvent, options: { origin: string; lang: AlertLang }): Alert {
  const { lang } = options;
  const test = event.kind === TEST_KIND;
  const time = formatSeoul(event.createdAt);
  const url = consoleUrl(options.origin, event);
  const callback = callbackTexts(event.kind) ?? securityTexts(event.kind);
  const unknownAddress = event.kind === LOCKOUT_KIND && event.id === 0;
  const title = test
    ? t(lang, "alert.testTitle")
    : callback
      ? t(lang, unknownAddress ? "alert.lockoutUnknownTitle" : callback.title, { id: event.id })
      : t(lang, "alert.title", { kind: t(lang, `kind.${event.kind}`), id: event.id });
  const check = event.check ? ` · ${t(lang, "alert.checkFits", { fits: event.check.fits, total: event.check.total })}` : "";
  const body = test
    ? t(lang, "alert.testBody", { time })
    : callback
      ? t(lang, callback.body, { time, id: event.id })
      : t(lang, "alert.body", { lang: `lang.${event.lang}` in CATALOGS[lang] ? t(lang, `lang.${event.lang}`) : event.lang, time }) + check;
  return {
    event: test ? "alert.test" : "request.created",
    kind: event.kind,
    id: event.id,
    lang: event.lang,
    created_at: event.createdAt,
    url,
    title,
    body,
    text: `${title} · ${body} · ${url}`,
  };
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The e-mail: a subject, plain text and simple HTML in the same words. */
export function alertEmail(alert: Alert, lang: AlertLang): { subject: string; text: string; html: string } {
  const intro = t(lang, alert.event === "alert.test" ? "alert.emailTestIntro" : "alert.emailIntro");
  const footer = t(lang, "alert.emailFooter");
  const open = t(lang, "alert.open");
  return {
    subject: alert.title,
    text: `${intro}\n\n${alert.title}\n${alert.body}\n\n${open}: ${alert.url}\n\n${footer}\n`,
    html:
      `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">` +
      `<p>${escape(intro)}</p><p><strong>${escape(alert.title)}</strong><br>${escape(alert.body)}</p>` +
      `<p><a href="${escape(alert.url)}">${escape(open)}</a></p><p style="color:#555;font-size:0.9em">${escape(footer)}</p></body></html>`,
  };
}
