import { data } from "react-router";
import type { Route } from "./+types/our-products.repayment-calculator";
import { pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { keptAnswer, sharedPage } from "#app/lib/cache.ts";
import { TitledPage } from "#app/features/site/TitledPage.tsx";
import { RepaymentCalculator } from "#app/features/repayment/RepaymentCalculator.tsx";
import { isAsked, queryFromValues, readCalculator, valuesFromQuery } from "#app/features/repayment/schema.ts";
import { answerFitsProduct, calculatorAnswer } from "#app/features/repayment/answer.ts";
import { productFit } from "#app/loans/product-fit.ts";
import { todayInSeoul } from "#app/lib/seoul-time.ts";
import { offerOf } from "#app/features/repayment/offer.ts";
import { liveProducts, loanAds } from "#app/features/products/products.server.ts";
import { liveRateItems } from "#app/features/products/rate-items.server.ts";
import { productRanges, rangeVars } from "#app/loans/ranges.ts";
import { adDisclosure } from "#app/loans/disclosure-text.server.ts";
import { services } from "#app/lib/services.server.ts";
import { localeOf, tFor } from "#app/i18n/route.server.ts";
import { DaebuMark } from "#app/loans/DaebuMark.tsx";

/**
 * An answer is the visitor's own: no browser or shared cache keeps it. It is
 * rendered from the query alone, so this server keeps it for the same query
 * and language until the content or the Korean day changes (ADR 0045).
 */
const ANSWER_HEADERS = keptAnswer();

/**
 * The repayment calculator (issue 27): the answer is rendered from the query
 * string, so it works without JavaScript and can be bookmarked. The empty
 * form is the same for every visitor of a language and is shared; a URL with
 * the calculator's fields never is (server/page-params.ts).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const asked = isAsked(params);
  const products = await liveProducts(services(context).db, localeOf(context));
  const offer = offerOf(products);
  const values = valuesFromQuery(params);
  const today = todayInSeoul();
  // From a product (the eligibility answer's link): its loan-ad disclosure under the result (issue 35),
  // only when the figures asked fit that product (review N2): its rate range, methods, terms, amounts.
  const key = asked ? params.get("product") : null;
  const product = key ? products.find((p) => p.key === key) : undefined;
  const fit = product ? productFit(product) : null;
  const reading = fit ? readCalculator(values, offer) : null;
  const fits = !!reading?.success && answerFitsProduct(fit, reading.input, calculatorAnswer(reading.input, today));
  const ads = fits ? await loanAds(services(context).db, localeOf(context)) : null;
  // As finished text (ADR 0045): the browser gets strings, no formatting code.
  const text = key && ads ? adDisclosure(ads, localeOf(context), key) : null;
  const ad = text && fit ? { text, fit } : null;
  // The hints' "our partners lend …" sentences, from the live products (issue 47); none when nothing is live.
  const ranges = productRanges(products);
  const t = tFor(context);
  const vars = ranges ? rangeVars(localeOf(context), ranges) : null;
  const page = {
    ...pageData(context, ["calculator", "loans"], "productsCalculator"),
    values,
    asked,
    today,
    ad,
    // Only the methods and terms the live products have (issue 35).
    offer,
    figures: vars ? { amount: t("calculator.figures.amount", vars), rate: t("calculator.figures.rate", vars) } : null,
    rateItems: vars ? await liveRateItems(services(context).db, localeOf(context)) : null,
  };
  return asked ? data(page, { headers: ANSWER_HEADERS }) : page;
}

export const meta = pageMeta;

const shared = sharedPage();
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => (loaderHeaders.get("Cache-Control") ? ANSWER_HEADERS : shared());

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <TitledPage>
      {/* With a 대부중개업 registration, the product's ad starts with the 상호 and its number (별표 1). */}
      <DaebuMark text={loaderData.ad?.text.mark} />
      {/* Another loan in the URL (a link followed in the app) starts the form afresh. */}
      <RepaymentCalculator
        key={queryFromValues(loaderData.values)}
        initial={loaderData.values}
        asked={loaderData.asked}
        today={loaderData.today}
        offer={loaderData.offer}
        figures={loaderData.figures}
        rateItems={loaderData.rateItems}
        ad={loaderData.ad}
      />
    </TitledPage>
  );
}
