import type { DisclosurePart, DisclosureText } from "#app/loans/disclosure.ts";
import styles from "./Disclosure.module.css";

/**
 * The loan-ad disclosure (issue 35, ADR 0039): everything Korean law asks a
 * loan ad to carry beside its rate, first in Korean as the law writes it,
 * then in the visitor's language. One component for every surface that
 * shows a rate — under each partner banner and the event popup, on each
 * product of the eligibility answer, on the calculator's result from a
 * product, and on the broker's product page — fed by the product's data and
 * the business's identity, so a product or banner an operator adds is
 * covered without code. The lines come finished from the server
 * (app/loans/disclosure-text.server.ts, ADR 0045): this renders strings only.
 *
 * Always open, never collapsed: 금소법 제22조 and 시행령 제18조 want these items
 * beside the rate, not behind a tap. At body size (1rem), never smaller
 * than the brand or the banner's title beside it, set apart by a rule and a
 * tint. With a 대부중개업 registration in the identity, the items that bind
 * only a 대부중개업자 (대부업법 제9조③, 시행령 제6조③) are added.
 */
function Part({ line }: { line: DisclosurePart }) {
  return (
    <div lang={line.lang} className={styles.part} data-part={line.lang === "ko" ? "ko" : "visitor"}>
      <p className={styles.label}>{line.label}</p>
      {line.broker ? <p>{line.broker}</p> : null}
      {line.daebu ? <p data-daebu="">{line.daebu}</p> : null}
      <p>{line.lenders}</p>
      <p className={styles.fee}>{line.fee}</p>
      <p>{line.product}</p>
      <p className={styles.rate}>{line.rate}</p>
      <p>{line.overdue}</p>
      <p>{line.timing}</p>
      <p>{line.methods}</p>
      <p>{line.costs}</p>
      <p>{line.credit}</p>
      <ul className={styles.warnings}>
        {line.warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
        {line.daebuWarnings.map((warning) => (
          <li key={warning} data-daebu="">
            {warning}
          </li>
        ))}
      </ul>
      <p>{line.read}</p>
      <p>{line.right}</p>
      <p className={styles.approval}>{line.approval}</p>
    </div>
  );
}

export function Disclosure({ text }: { text: DisclosureText }) {
  return (
    <div className={styles.block} data-testid="loan-disclosure" data-product={text.product}>
      <Part line={text.parts[0]} />
      <Part line={text.parts[1]} />
    </div>
  );
}
