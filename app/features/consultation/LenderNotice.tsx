import { useLocale, useT } from "#app/i18n/useT.ts";
import { lenderList } from "#app/loans/lenders.ts";
import styles from "./ConsultationForm.module.css";

/**
 * What a broker must tell a consumer before it brokers (금융소비자보호법
 * 제26조①1–3): which lenders it brokers for, that it serves more than one
 * of them, and that it cannot conclude the loan contract. In Korean as the
 * Act words it, then in the visitor's language, above the submit button;
 * and what it owes for damage it causes (제26조①4: 제44조·제45조), in the
 * words of the statute folder (content/statutes, ADR 0051).
 */
/** A lender as the notice names it: by legal name in Korean, by its name in the visitor's language. */
export interface NamedLender {
  legalName: string;
  name: string;
}

/** The broker's liability for damage (제26조①4: 제44조·제45조), as the statute folder words it: Korean, then the visitor's language. */
export interface Liability {
  ko: readonly string[];
  visitor: readonly string[];
}

export function LenderNotice({ lenders, liability }: { lenders: readonly NamedLender[]; liability: Liability }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section className={styles.lenders} aria-labelledby="consultation-lenders-title" data-lender-notice="">
      <h2 id="consultation-lenders-title" className={styles.lendersTitle}>
        {t("consultation.lenders.title")}
      </h2>
      <p lang="ko" className={styles.lendersKo}>
        {t("consultation.lendersKo.text", {
          lenders: lenderList(
            lenders.map((l) => l.legalName),
            "ko",
          ),
        })}
      </p>
      <p>
        {t("consultation.lenders.text", {
          lenders: lenderList(
            lenders.map((l) => l.name),
            locale,
          ),
        })}
      </p>
      <h3 className={styles.lendersTitle}>{t("consultation.liability.title")}</h3>
      <div lang="ko" className={styles.lendersKo} data-liability="ko">
        {liability.ko.map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
      </div>
      <div data-liability="visitor">
        {liability.visitor.map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
      </div>
    </section>
  );
}
