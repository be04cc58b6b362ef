import type { RouterContextProvider } from "react-router";
import { services } from "#app/lib/services.server.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import { plainValue, sessionCookie } from "#app/lib/cookies.server.ts";
import { findSession } from "#app/features/console/session-store.server.ts";
import { liveProducts } from "#app/features/products/products.server.ts";
import { todayInSeoul } from "#app/features/repayment/term-cap.ts";
import { parseCheck } from "#app/features/eligibility/query.ts";

/** `?productPreview=1`: the check with the products' drafts, for a signed-in operator only (never kept). */
export const PRODUCT_PREVIEW_PARAM = "productPreview";

/**
 * What the eligibility check's loader gives its page (issue 27): the live
 * products in the request's language, today in Korea, and the visitor's
 * answers as the query string has them. The page computes the answer from
 * these with the same module in the server's render and in the browser.
 */
export async function checkPage(request: Request, context: Readonly<RouterContextProvider>, now = new Date()) {
  const app = services(context);
  const url = new URL(request.url);
  let preview = false;
  if (url.searchParams.get(PRODUCT_PREVIEW_PARAM) === "1") {
    const token = plainValue(sessionCookie, request.headers.get("cookie"));
    preview = !!(await findSession(app.db, app.secret, token, now));
  }
  const check = parseCheck(url.searchParams);
  return {
    products: await liveProducts(app.db, localeOf(context), now, preview),
    today: todayInSeoul(now),
    check,
    /** Answers in the URL, or drafts: this render is for one visitor only. */
    personal: preview || !check.empty,
    preview,
  };
}
