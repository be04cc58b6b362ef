import { useT } from "#app/i18n/useT.ts";
import { ExternalLink } from "#app/ui/ExternalLink.tsx";
import { ExternalIcon } from "#app/ui/icons.tsx";
import { formatRateRange } from "#app/loans/rate.ts";
import { Disclosure } from "#app/loans/Disclosure.tsx";
import { DaebuMark } from "#app/loans/DaebuMark.tsx";
import type { DisclosureProduct, DisclosureText } from "#app/loans/disclosure.ts";
import { useLocale } from "#app/i18n/useT.ts";
import styles from "./ProductAd.module.css";

/**
 * A product on the broker's own page (issue 35, review A12): where a
 * partner banner leads. Its name and rate, the full disclosure, and only
 * then the way on to the lender (`/go/<banner key>`, counted by the server).
 */
export function ProductAd({
  product,
  disclosure,
  lenderLink,
}: {
  product: Pick<DisclosureProduct, "name" | "rateMinBp" | "rateMaxBp" | "terms">;
  /** Its loan-ad disclosure, finished on the server (ADR 0045). */
  disclosure: DisclosureText;
  /** `/go/<key>` of a live banner for this product, if any. */
  lenderLink: string | null;
}) {
  const t = useT();
  const locale = useLocale();
  const rate = formatRateRange(locale, product.rateMinBp, product.rateMaxBp);
  return (
    <section className={styles.product} aria-labelledby="product-ad-title">
      <DaebuMark text={disclosure.mark} />
      <h2 id="product-ad-title" className={styles.name}>
        {product.name}
      </h2>
      <p className={styles.rate}>{t("loans.productPage.rate", { rate })}</p>
      <Disclosure text={disclosure} />
      {lenderLink ? (
        <p>
          <ExternalLink href={lenderLink} className={styles.lender}>
            {t("loans.productPage.toLender", { lender: product.terms.lenderName })}
            <ExternalIcon size={16} />
            <span className="visually-hidden"> {t("loans.productPage.newTab")}</span>
          </ExternalLink>
        </p>
      ) : null}
    </section>
  );
}

/** A product page for a product that is not (or no longer) offered: an approval ran out, or it was switched off. */
export function ProductMissing() {
  const t = useT();
  return <p role="status">{t("loans.productPage.missing")}</p>;
}
