import type { RateItemsPart, RateItemsText } from "#app/loans/disclosure.ts";
import { DaebuMark } from "#app/loans/DaebuMark.tsx";
import styles from "./Disclosure.module.css";

/**
 * The 대부업법 제9조③ items beside a sentence that states the rates of the
 * products we broker (the FAQ, the glossary, the loan guide, the calculator,
 * the notice), with a 대부중개업 registration only (issue 48 item 1b,
 * ADR 0056): the 상호 and its number first, then in Korean and in the
 * visitor's language the broker and its registrations, the fee sentence, each live product's
 * rate, overdue rate, costs and prepayment terms, and the 별표 1 warnings.
 * Always open and at body size, as the ad block (Disclosure.tsx). Renders
 * nothing when `items` is null (no such registration, or nothing live).
 */
function Part({ part }: { part: RateItemsPart }) {
  return (
    <div lang={part.lang} className={styles.part} data-part={part.lang === "ko" ? "ko" : "visitor"}>
      <p className={styles.label}>{part.label}</p>
      {part.broker ? <p>{part.broker}</p> : null}
      <p data-daebu="">{part.daebu}</p>
      <p className={styles.fee}>{part.fee}</p>
      {part.products.map((product) => (
        <div key={product.product} className={styles.itemsProduct}>
          <p>{product.product}</p>
          <p className={styles.rate}>{product.rate}</p>
          <p>{product.overdue}</p>
          <p>{product.costs}</p>
        </div>
      ))}
      <ul className={styles.warnings}>
        {part.daebuWarnings.map((warning) => (
          <li key={warning} data-daebu="">
            {warning}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function RateItems({ items }: { items: RateItemsText | null | undefined }) {
  if (!items) return null;
  return (
    <div className={styles.block} data-testid="rate-items">
      <DaebuMark text={items.mark} />
      <Part part={items.parts[0]} />
      <Part part={items.parts[1]} />
    </div>
  );
}
