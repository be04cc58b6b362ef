import type { ReactNode } from "react";
import { Link, href } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { Section } from "#app/ui/Section.tsx";
import styles from "./InfoHub.module.css";
import shared from "./sections.module.css";

const icon = (path: ReactNode) => (
  <svg
    width="28"
    height="28"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {path}
  </svg>
);

const QUESTION = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.7M12 17h.01" />
  </>,
);
const SHARE = icon(
  <>
    <circle cx="18" cy="5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="19" r="2.5" />
    <path d="M8.2 10.8l7.6-4.6M8.2 13.2l7.6 4.6" />
  </>,
);
const DOCUMENT = icon(
  <>
    <path d="M5 4h10l4 4v12H5z" />
    <path d="M15 4v4h4M8 12h8M8 16h5" />
  </>,
);
const EXCHANGE = icon(
  <>
    <path d="M4 8h13l-3-3M20 16H7l3 3" />
  </>,
);
const BANKNOTE = icon(
  <>
    <rect x="3" y="6" width="18" height="12" rx="2" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M6.5 9.5v.01M17.5 14.5v.01" />
  </>,
);

/**
 * "Must-know Information for Living in Korea" (spec §1). The targets of the
 * first and last tiles look crossed ('Loan FAQ' → /information-service/loan,
 * 'Loan' → /information-service/loan-faq); the spec says to build them
 * exactly as listed, so they are.
 */
const TILES = [
  { key: "loanFaq", to: href("/information-service/loan"), icon: QUESTION },
  { key: "socialChannels", to: href("/information-service/social-channels"), icon: SHARE },
  { key: "blogs", to: href("/information-service/blogs"), icon: DOCUMENT },
  { key: "currencyExchange", to: href("/information-service/currency-exchange"), icon: EXCHANGE },
  { key: "loan", to: href("/information-service/loan-faq"), icon: BANKNOTE },
] as const;

export function InfoHub() {
  const t = useT();
  return (
    <Section className={shared.block} aria-labelledby="hub-title">
      <h2 id="hub-title" className={shared.heading}>
        {t("home.hub.title")}
      </h2>
      <ul className={styles.grid}>
        {TILES.map((tile) => (
          <li key={tile.key}>
            <Link to={tile.to} className={styles.tile}>
              <span className={styles.icon}>{tile.icon}</span>
              <span>{t(`home.hub.${tile.key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
