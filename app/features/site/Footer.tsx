import type { ReactNode } from "react";
import { Link, href, useLocation, useRouteLoaderData } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { useBusiness } from "#app/business/useBusiness.ts";
import { brokerRegistration, daebuRegistration } from "#app/business/identity.ts";
import { POLICY_KINDS, policyHref } from "#app/features/legal/links.ts";
import styles from "./Footer.module.css";

/**
 * The footer of every page (spec §1): the business's registration details,
 * the help centre (phone shown as text), the registration certificate and
 * the four policies, which open the legal modal over the current page.
 */
export function Footer() {
  const t = useT();
  const location = useLocation();
  const business = useBusiness();
  const registration = brokerRegistration(business);
  // With a 대부중개업 registration, its number too (대부업법 제9조③; issue 48 item 1b).
  const daebu = daebuRegistration(business);
  // Its date as the server wrote it out in the page's language (root loader; issue 50, X3).
  const registeredDay = (useRouteLoaderData("root") as { registeredDay?: string | null } | undefined)?.registeredDay;
  // The rows a loan ad's law names (상호, the registrations): at the legal name's size, never smaller (시행령 제6조의2).
  const legalRows = new Set([t("site.footer.company"), t("site.footer.brokerRegistration"), t("site.footer.daebuRegistration")]);
  const facts: [string, ReactNode][] = [
    [
      t("site.footer.company"),
      <span key="name" className={styles.legalName} data-legal-name="">
        {`${business.legalNameEn} (${business.legalNameKo})`}
      </span>,
    ],
    [t("site.footer.representative"), `${business.representativeEn} (${business.representativeKo})`],
    [t("site.footer.registrationNumber"), business.businessRegistrationNumber],
    ...(registration
      ? ([
          [
            t("site.footer.brokerRegistration"),
            `${registration.number} (${t("site.footer.registeredOn", { date: registeredDay ?? registration.date })})`,
          ],
        ] as [string, ReactNode][])
      : []),
    ...(daebu
      ? ([
          [
            t("site.footer.daebuRegistration"),
            <span key="daebu" data-daebu-registration="">{`${daebu.number} (${daebu.bodyEn} · ${daebu.bodyKo})`}</span>,
          ],
        ] as [string, ReactNode][])
      : []),
    [t("site.footer.address"), business.addressEn],
    [t("site.footer.helpCentre"), business.phone],
    [
      t("site.footer.email"),
      <a key="email" href={`mailto:${business.email}`}>
        {business.email}
      </a>,
    ],
  ];
  return (
    <footer className={styles.footer}>
      <nav aria-label={t("site.footer.policies")}>
        <ul className={styles.policies}>
          {POLICY_KINDS.map((kind) => (
            <li key={kind}>
              <Link to={policyHref(location, kind)} preventScrollReset className={kind === "privacy" ? styles.strong : undefined}>
                {t(`site.legal.titles.${kind}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className={styles.rights}>
        <Link to={href("/privacy-rights")}>{t("site.footer.rights")}</Link>
      </p>
      <section aria-label={t("site.footer.label")}>
        <p className={styles.brand}>{business.tradeNameEn}</p>
        <dl className={styles.facts}>
          {facts.map(([label, value]) => (
            <div key={label} className={legalRows.has(label) ? styles.legalFact : undefined}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p>
          <a href={business.certificateUrl} className={styles.certificate} type="application/pdf">
            {t("site.footer.certificate")}
          </a>
        </p>
        <p className={styles.feeIllegal} data-fee-illegal="">
          <span lang="ko">{t("site.footerKo.feeIllegal")}</span> {t("site.footer.feeIllegal")}
        </p>
        <p className={styles.disclosure}>{t("site.footer.disclosure")}</p>
      </section>
    </footer>
  );
}
