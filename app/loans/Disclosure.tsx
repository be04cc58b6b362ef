import { useLocale, useT } from "#app/i18n/useT.ts";
import { formatPercent, numericDay } from "#app/i18n/intl.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { formatRate } from "#app/loans/rate.ts";
import type { DisclosureApproval, DisclosureBroker, DisclosureProduct } from "#app/loans/disclosure.ts";
import styles from "./Disclosure.module.css";

/**
 * The loan-ad disclosure (issue 35, ADR 0039): everything Korean law asks a
 * loan ad to carry beside its rate, first in Korean as the law writes it
 * (locales/shared/loans.json), then in the visitor's language. One component
 * for every surface that shows a rate — under each partner banner and the
 * event popup, on each product of the eligibility answer, on the
 * calculator's result from a product, and on the broker's product page —
 * fed by the product's data and the business's identity, so a product or
 * banner an operator adds is covered without code.
 *
 * Always open, never collapsed: 금소법 제22조 and 시행령 제18조 want these items
 * beside the rate, not behind a tap. At body size (1rem), never smaller
 * than the brand or the banner's title beside it, set apart by a rule and a
 * tint. With a 대부중개업 registration in the identity, the items that bind
 * only a 대부중개업자 (대부업법 제9조③, 시행령 제6조③) are added.
 */
type Vars = Record<string, string | number>;

/** `2026-11-01` → `2026년 11월 1일`. */
export function koreanDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return `${y}년 ${m}월 ${d}일`;
}

/** A percentage-point figure without its % sign (0.1, 0,1 in vi/id), for "약정금리+0.1%p" and its translations. */
const points = (locale: Locale | "ko", bp: number) =>
  formatPercent(locale, bp, bp % 100 === 0 ? 0 : bp % 10 === 0 ? 1 : 2).replace(/\s*%\s*/u, "");
const percent = (locale: Locale | "ko", bp: number) => formatRate(locale, bp);

/** The values every line needs, in one language: Korean or the visitor's. */
function valuesIn(
  lang: Locale | "ko",
  say: (key: string, vars?: Vars) => string,
  broker: DisclosureBroker,
  product: DisclosureProduct,
  approval: DisclosureApproval,
) {
  const ko = lang === "ko";
  // Rendered in the browser too: a day in figures, the same in every ICU (Burmese and Mongolian month names are not).
  const day = (d: string) => (ko ? koreanDay(d) : numericDay(d));
  const { terms } = product;
  const fee = (bp: number) => percent(lang, bp);
  const reg = broker.registration;
  return {
    broker: reg
      ? say("broker", {
          legalName: ko ? broker.legalNameKo : broker.legalNameEn,
          number: reg.number,
          body: ko ? reg.bodyKo : reg.bodyEn,
          url: reg.verifyUrl.replace(/^https:\/\//, ""),
          phone: reg.verifyPhone,
        })
      : null,
    daebu: broker.daebu
      ? say("daebu", {
          number: broker.daebu.number,
          body: ko ? broker.daebu.bodyKo : broker.daebu.bodyEn,
          phone: broker.daebu.verifyPhone,
          address: ko ? broker.addressKo : broker.addressEn,
          officePhone: broker.phone,
        })
      : null,
    lenders: say("lenders", { lenders: broker.lenders.join(ko ? "·" : ", ") }),
    product: say("product", { lender: terms.lenderName, official: terms.officialName, name: product.name }),
    rate: say("rate", {
      min: percent(lang, product.rateMinBp),
      max: percent(lang, product.rateMaxBp),
      date: day(product.rateDate),
      kind: say(`kind.${terms.rateKind}`),
      basis: terms.rateBasis,
    }),
    overdue: say("overdue", { points: points(lang, terms.overdueAddBp) }),
    methods: say("methods", { methods: product.methods.map((m) => say(`method.${m}`)).join(ko ? "·" : ", ") }),
    costs: say("costs", {
      handling: terms.handlingFeeBp ? say("handling", { fee: fee(terms.handlingFeeBp) }) : say("none"),
      prepay: terms.prepayFeeBp ? say("prepay", { fee: fee(terms.prepayFeeBp), count: terms.prepayMonths }) : say("none"),
      stamp: say(`stamp.${terms.stampDuty}`),
    }),
    credit: say("credit", { standard: terms.creditStandard }),
    approval: say("approval", {
      lender: terms.lenderName,
      confirm: approval.confirmNo,
      confirmUntil: day(approval.confirmUntil),
      review: approval.reviewNo,
      reviewUntil: day(approval.reviewUntil),
    }),
  };
}

function Part({
  lang,
  say,
  broker,
  product,
  approval,
}: {
  lang: Locale | "ko";
  say: (key: string, vars?: Vars) => string;
  broker: DisclosureBroker;
  product: DisclosureProduct;
  approval: DisclosureApproval;
}) {
  const line = valuesIn(lang, say, broker, product, approval);
  return (
    <div lang={lang} className={styles.part} data-part={lang === "ko" ? "ko" : "visitor"}>
      <p className={styles.label}>{say("label")}</p>
      {line.broker ? <p>{line.broker}</p> : null}
      {line.daebu ? <p data-daebu="">{line.daebu}</p> : null}
      <p>{line.lenders}</p>
      <p className={styles.fee}>{say("fee")}</p>
      <p>{line.product}</p>
      <p className={styles.rate}>{line.rate}</p>
      <p>{line.overdue}</p>
      <p>{line.methods}</p>
      <p>{line.costs}</p>
      <p>{line.credit}</p>
      <ul className={styles.warnings}>
        <li>{say("warn1")}</li>
        <li>{say("warn2")}</li>
        <li>{say("warn3")}</li>
        {broker.daebu ? (
          <>
            <li data-daebu="">{say("daebuWarn1")}</li>
            <li data-daebu="">{say("daebuWarn2")}</li>
          </>
        ) : null}
      </ul>
      <p>{say("read")}</p>
      <p>{say("right")}</p>
      <p className={styles.approval}>{line.approval}</p>
    </div>
  );
}

export function Disclosure({
  broker,
  product,
  approval,
}: {
  broker: DisclosureBroker;
  product: DisclosureProduct;
  /** The ad's own approvals (a banner's, the popup's), else the product's. */
  approval: DisclosureApproval;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className={styles.block} data-testid="loan-disclosure" data-product={product.key}>
      <Part lang="ko" say={(k, v) => t(`loans.ko.${k}`, v)} broker={broker} product={product} approval={approval} />
      <Part lang={locale} say={(k, v) => t(`loans.disclosure.${k}`, v)} broker={broker} product={product} approval={approval} />
    </div>
  );
}
