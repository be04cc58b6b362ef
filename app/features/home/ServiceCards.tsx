import type { ReactNode } from "react";
import { Link, href } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { ArrowRightIcon } from "#app/ui/icons.tsx";
import { Section } from "#app/ui/Section.tsx";
import styles from "./ServiceCards.module.css";
import shared from "./sections.module.css";

/** Spec §1: loan (dark blue, goes to the loan guide), mobile and insurance (do nothing yet). */
const SERVICES = [
  { key: "loan", to: href("/our-products/loan") },
  { key: "mobile", to: null },
  { key: "insurance", to: null },
] as const;

export function ServiceCards() {
  const t = useT();
  return (
    <Section className={shared.block} aria-labelledby="services-title">
      <h2 id="services-title" className={shared.heading}>
        {t("home.services.title")}
      </h2>
      <ul className={styles.list}>
        {SERVICES.map(({ key, to }) => {
          const body: ReactNode = (
            <>
              <span className={styles.text}>
                <strong className={styles.name}>{t(`home.services.${key}.title`)}</strong>
                <span>{t(`home.services.${key}.desc1`)}</span>
                <span>{t(`home.services.${key}.desc2`)}</span>
                <span className={styles.view}>
                  {t(`home.services.${key}.view`)}
                  {to ? <ArrowRightIcon size={16} /> : null}
                </span>
              </span>
              <img
                src={`/images/services/${key}.svg`}
                width={80}
                height={80}
                alt=""
                loading="lazy"
                decoding="async"
                className={styles.image}
              />
            </>
          );
          return (
            <li key={key}>
              {to ? (
                <Link to={to} className={`${styles.card} ${styles[key]}`}>
                  {body}
                </Link>
              ) : (
                <div className={`${styles.card} ${styles[key]}`}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
