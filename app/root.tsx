// Global tokens and resets first: component styles come after them.
import "./styles/global.css";
import {
  data,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import { localeMiddleware } from "#app/i18n/middleware.server.ts";
import { i18nFor, localeOf } from "#app/i18n/route.server.ts";
import { services } from "#app/lib/services.server.ts";
import { useT, type I18nPayload } from "#app/i18n/useT.ts";
import { DEFAULT_LOCALE, LANG_STORAGE_KEY, LOCALES, LOCALE_TAG } from "#app/i18n/locales.ts";
import { LANG_COOKIE } from "#app/lib/cookie-names.ts";
import { AppShell } from "#app/features/layout/AppShell.tsx";
import { SiteBreachNotice } from "#app/features/breach/BreachNotice.tsx";
import { publicBreachNotice } from "#app/features/breach/notice.server.ts";
import { NotFound } from "#app/features/layout/NotFound.tsx";
import { SiteChrome } from "#app/features/site/SiteChrome.tsx";
import { changesIn, comingLegalChanges, legalViewFor } from "#app/features/legal/documents.server.ts";
import { scrollKey } from "#app/features/legal/scroll.ts";
import type { LegalChange, LegalView } from "#app/features/legal/links.ts";
import { PageHeading } from "#app/ui/PageHeading.tsx";
import { useNonce } from "#app/nonce.ts";
import { MYANMAR_FONT_PROBE } from "#app/features/layout/myanmar-font.ts";
import { Styles } from "#app/styles.tsx";
import { rememberLanding } from "#app/features/attribution/session.ts";
import { isRefusal, isUnavailable, serviceUnavailable, UNAVAILABLE_RETRY_AFTER_S } from "#app/web/refusals.ts";
import { businessIdentityOrLast } from "#app/business/identity.server.ts";
import { brokerRegistration } from "#app/business/identity.ts";
import { formatDay } from "#app/i18n/intl.ts";
import { businessModulesOrLast } from "#app/business/modules.server.ts";
import { DEFAULT_MODULES } from "#app/business/modules.ts";
import { businessBrandOrLast } from "#app/business/brand.server.ts";
import { BRAND_UNKNOWN, faviconType, type Brand } from "#app/business/brand.ts";
import { legalViewFactsOf } from "#app/features/products/rate-items.server.ts";
import { InlineScript } from "#app/web/InlineScript.tsx";

export const middleware: Route.MiddlewareFunction[] = [localeMiddleware];

export async function loader({ context, request }: Route.LoaderArgs) {
  const db = services(context).db;
  const root = {
    i18n: i18nFor(context, ["common", "site"]),
    origin: services(context).publicOrigin || new URL(request.url).origin,
    // Who the business is: the footer, the header, the contact widget and the pages read it (useBusiness).
    // Null only while the database is away before this process ever read it: then the page says so (App).
    business: await whileAway(businessIdentityOrLast(db), null),
    // The lines of business switched on (issue 47): the menu offers only those (useModules).
    modules: await whileAway(businessModulesOrLast(db), DEFAULT_MODULES),
    // Its brand and links: the header mark, favicon, share card, social and chat channels (useBrandSettings).
    brand: await whileAway(businessBrandOrLast(db), null),
    // The legal modal's document, only when the URL opens it (?policy=kind); not opened while the database is away.
    legal: await whileAway(legalViewFor(db, new URL(request.url), localeOf(context), legalViewFactsOf(db)), null),
    // Coming changes of the legal documents, announced during their notice period (issue 36); a
    // database away leaves the line out rather than failing the page (the page says what it can).
    legalChanges: await comingLegalChanges(db)
      .then((changes) => changesIn(localeOf(context), changes))
      .catch(() => []),
    // A leak's site notice while it is up (issue 52 item 4; 시행령 제39조③); a database away leaves it out.
    breachNotice: await publicBreachNotice(db, localeOf(context)).catch(() => null),
  };
  if (root.breachNotice) root.i18n = i18nFor(context, ["common", "site", "breach"]);
  // The footer's registration date, written out in the page's language on the server (issue 50, X3).
  const registered = root.business ? brokerRegistration(root.business)?.date : undefined;
  const page = { ...root, registeredDay: registered ? formatDay(localeOf(context), registered) : null };
  // The frame's strings always reach the page, so even "briefly unavailable" is said in the visitor's language.
  if (page.business && page.brand) return page;
  const refusal = serviceUnavailable();
  return data(page, refusal.init ?? undefined);
}

/** `read`'s answer, or `fallback` while the database is away (any other failure stands). */
function whileAway<T, F>(read: Promise<T>, fallback: F): Promise<T | F> {
  return read.catch((error: unknown) => {
    if (isUnavailable(error)) return fallback;
    throw error;
  });
}

/**
 * A refusal a page's loader throws (429 or 503 with Retry-After) is rendered by this
 * route's error boundary: its headers go out with it.
 */
export function headers({ errorHeaders, loaderHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

/**
 * Before first paint: a stored language (localStorage `lang`) that the server
 * did not see in the cookie is mirrored into it and the page reloaded once, so
 * the visitor never reads the page in a language they did not choose.
 */
const LANG_MIRROR = `(function(){try{var k=${JSON.stringify(LANG_STORAGE_KEY)},c=${JSON.stringify(LANG_COOKIE)},L=${JSON.stringify(LOCALES)},q=new URLSearchParams(location.search).get(k),s=localStorage.getItem(k),d=document.documentElement.lang;if(q&&L.indexOf(q)>=0){localStorage.setItem(k,q);return}if(s&&L.indexOf(s)>=0&&s!==d&&!sessionStorage.getItem("lang-mirrored")){document.cookie=c+"="+s+";path=/;max-age=31536000;samesite=lax";sessionStorage.setItem("lang-mirrored","1");if(document.cookie.indexOf(c+"="+s)>=0)location.reload()}}catch(e){}})()`;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData("root") as { i18n?: I18nPayload; brand?: Brand | null } | undefined;
  const locale = data?.i18n?.locale ?? DEFAULT_LOCALE;
  const favicon = data?.brand?.favicon ?? BRAND_UNKNOWN.favicon;
  const nonce = useNonce();
  return (
    <html lang={LOCALE_TAG[locale]} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#1a3a8f" />
        <link rel="icon" href={favicon} type={faviconType(favicon)} />
        <InlineScript nonce={nonce} source={import.meta.env.SSR ? LANG_MIRROR : ""} />
        <Meta />
        <Styles />
      </head>
      <body>
        {locale === "my" ? <InlineScript nonce={nonce} source={import.meta.env.SSR ? MYANMAR_FONT_PROBE : ""} /> : null}
        {children}
        <ScrollRestoration nonce={nonce} getKey={scrollKey} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Keeps localStorage `lang` equal to the language the visitor is reading. */
function useRememberLocale(locale: string) {
  useEffect(() => {
    try {
      localStorage.setItem(LANG_STORAGE_KEY, locale);
    } catch {
      // Private mode or storage disabled: the cookie still remembers.
    }
  }, [locale]);
}

/**
 * Where the visit came from (issue 28): on each page of the public site the
 * tab's sessionStorage keeps the landing's UTM tags and referring domain and
 * notes the eligibility check; it is sent only with a request.
 */
function useRememberSource(enabled: boolean) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (enabled) rememberLanding({ pathname, search }, document.referrer, window.location.host);
  }, [enabled, pathname, search]);
}

/** Marks the document once React has hydrated it (tests wait for it). */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
}

export default function App({ loaderData }: Route.ComponentProps) {
  useRememberLocale(loaderData.i18n.locale);
  useHydratedMark();
  // A route tree with its own layout (the operator console) renders without the visitors' shell.
  const ownShell = useMatches().some((m) => (m.handle as { ownShell?: boolean } | undefined)?.ownShell);
  useRememberSource(!ownShell);
  if (!loaderData.business || !loaderData.brand) return <Unavailable retryAfter={UNAVAILABLE_RETRY_AFTER_S} />;
  if (ownShell) return <Outlet />;
  return (
    <AppShell
      chrome={
        <SiteChrome
          legal={loaderData.legal}
          changes={loaderData.legalChanges}
          notice={<SiteBreachNotice notice={loaderData.breachNotice} />}
        />
      }
    >
      <Outlet />
    </AppShell>
  );
}

/** The footer and contact button on error pages too, when the root's strings and the business loaded. */
function useErrorChrome() {
  const data = useRouteLoaderData("root") as { business?: unknown; legal?: LegalView | null; legalChanges?: LegalChange[] } | undefined;
  return data?.business ? <SiteChrome legal={data.legal ?? null} changes={data.legalChanges ?? []} /> : undefined;
}

/** "Briefly unavailable, try again in n seconds": the database is away (issue 39). */
function Unavailable({ retryAfter, chrome }: { retryAfter: number; chrome?: React.ReactNode }) {
  const t = useT();
  return (
    <AppShell chrome={chrome}>
      <PageHeading subtitle={t("common.error.unavailable.body", { count: retryAfter })}>{t("common.error.unavailable.title")}</PageHeading>
    </AppShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const chrome = useErrorChrome();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <AppShell chrome={chrome}>
        <NotFound />
      </AppShell>
    );
  }
  if (isRouteErrorResponse(error) && isRefusal(error.data)) {
    if (error.data.refusal === "unavailable") return <Unavailable retryAfter={error.data.retryAfter} chrome={chrome} />;
    return (
      <AppShell chrome={chrome}>
        <PageHeading subtitle={t("common.error.tooMany.body", { count: error.data.retryAfter })}>
          {t("common.error.tooMany.title")}
        </PageHeading>
      </AppShell>
    );
  }
  return (
    <AppShell chrome={chrome}>
      <PageHeading subtitle={t("common.error.body")}>{t("common.error.title")}</PageHeading>
    </AppShell>
  );
}
