import type { RouterContextProvider } from "react-router";
import { services } from "#app/lib/services.server.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import { plainValue } from "#app/lib/cookies.server.ts";
import { sessionCookie } from "#app/features/console/cookies.server.ts";
import { findSession } from "#app/features/console/session-store.server.ts";
import { liveProducts } from "#app/features/products/products.server.ts";
import { loadDisclosureBroker } from "#app/loans/disclosure.server.ts";
import { disclosureText } from "#app/loans/disclosure-text.server.ts";
import type { DisclosureBroker, DisclosureText } from "#app/loans/disclosure.ts";
import { disclosureProduct, type LoanProduct } from "#app/features/products/model.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { todayInSeoul } from "#app/lib/seoul-time.ts";
import { checkQuery, parseCheck } from "#app/features/eligibility/query.ts";
import { checkEligibility } from "#app/features/eligibility/rules.ts";
import { VISA_OPTIONS } from "#app/requests/questions.ts";

/** `?productPreview=1`: the check with the products' drafts, for a signed-in operator only (never kept). */
export const PRODUCT_PREVIEW_PARAM = "productPreview";

/**
 * What the eligibility check's loader gives its page (issue 27): the live
 * products in the request's language, today in Korea, and the visitor's
 * answers as the query string has them. The page computes the answer from
 * these with the same module in the server's render and in the browser.
 */
/** Every product's disclosure under its own approvals, by key. */
function productDisclosures(locale: Locale, broker: DisclosureBroker, products: readonly LoanProduct[]): Record<string, DisclosureText> {
  return Object.fromEntries(products.map((p) => [p.key, disclosureText(locale, broker, disclosureProduct(p), p.approval)]));
}

export async function checkPage(request: Request, context: Readonly<RouterContextProvider>, now = new Date()) {
  const app = services(context);
  const url = new URL(request.url);
  let preview = false;
  if (url.searchParams.get(PRODUCT_PREVIEW_PARAM) === "1") {
    const token = plainValue(sessionCookie, request.headers.get("cookie"));
    preview = !!(await findSession(app.db, app.secret, token, now));
  }
  const check = parseCheck(url.searchParams);
  const products = await liveProducts(app.db, localeOf(context), now, preview);
  return {
    products,
    /** Each product's loan-ad disclosure (issue 35), as finished text by product key (ADR 0045). */
    disclosures: productDisclosures(
      localeOf(context),
      await loadDisclosureBroker(
        app.db,
        products.map((p) => p.terms.lenderName),
      ),
      products,
    ),
    today: todayInSeoul(now),
    check,
    /** Answers in the URL, or drafts: this render is for one visitor only. */
    personal: preview || !check.empty,
    preview,
  };
}

/** What the consultation form takes from a check (issue 27, item 5): visa type and expiry to fill in, the check to send if agreed. */
export interface FromCheck {
  /** The check's query string (the form's hidden field). */
  query: string;
  /** One of the form's visa options ("Others" for a visa it does not list). */
  visaType: string;
  /** YYYY/MM/DD as the form shows it, or null when the visitor did not know it. */
  expiryDate: string | null;
  fits: number;
  total: number;
}

/** The check carried in the consultation form's URL, or null when there is none that is valid. */
export async function consultationFromCheck(
  request: Request,
  context: Readonly<RouterContextProvider>,
  now = new Date(),
): Promise<FromCheck | null> {
  const { answers, values } = parseCheck(new URL(request.url).searchParams);
  if (!answers) return null;
  const result = checkEligibility(await liveProducts(services(context).db, localeOf(context), now), answers, todayInSeoul(now));
  return {
    query: checkQuery(values),
    visaType: (VISA_OPTIONS as readonly string[]).includes(answers.visa) ? answers.visa : "Others",
    expiryDate: answers.expiry ? answers.expiry.replaceAll("-", "/") : null,
    fits: result.fits,
    total: result.total,
  };
}
