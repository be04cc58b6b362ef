import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { withStatusLinkStrings } from "#app/requests/status-answer.server.ts";
import type { Route } from "./+types/loan-consultation-complete";
import { pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { sharedPage } from "#app/lib/cache.ts";
import { services } from "#app/lib/services.server.ts";
import { ConsultationComplete } from "#app/features/consultation/ConsultationComplete.tsx";
import { clearFlash, hasFlash, readFlash } from "#app/lib/flash.server.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import { hoursVars } from "#app/business/calendar.ts";
import { readCalendar } from "#app/business/calendar.server.ts";

/** The masked phone and the status link of a form posted without JavaScript arrive once, in a signed flash cookie. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { secret, secureCookies, db } = services(context);
  const flash = await readFlash(request, secret);
  const headers = new Headers();
  if (hasFlash(request)) headers.append("Set-Cookie", await clearFlash(secret, secureCookies));
  return data(
    {
      ...withStatusLinkStrings(context, pageData(context, ["consultation", "proof"], "consultationComplete")),
      maskedPhone: flash?.maskedPhone ?? null,
      statusPath: flash?.statusPath ?? null,
      // When we call (the business calendar; the cached page is dropped when it changes).
      hours: hoursVars(await readCalendar(db), localeOf(context), "calling"),
    },
    { headers },
  );
}

export const meta = pageMeta;

/**
 * Without the flash the page is the same for every visitor and is cached (a request that carries
 * the flash cookie never reaches the cache, server/router-handler.ts); the answer that reads and
 * clears the flash shows this visitor's masked phone: never stored anywhere.
 */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders.has("Set-Cookie") ? { "Cache-Control": "no-store" } : sharedPage()();
}

/** Dropping the phone from the history entry (same URL) needs no new data. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate;
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ConsultationComplete maskedPhone={loaderData.maskedPhone} statusPath={loaderData.statusPath} hours={loaderData.hours} />;
}
