import { useState, type MouseEvent } from "react";
import { useT } from "#app/i18n/useT.ts";
import { site, type PartnerBanner } from "#app/config/site.ts";
import { ExternalLink } from "#app/ui/ExternalLink.tsx";
import { ExternalIcon } from "#app/ui/icons.tsx";
import { Section } from "#app/ui/Section.tsx";
import { logBannerRedirect } from "#app/features/home/banner-log.ts";
import styles from "./PartnerBanners.module.css";
import shared from "./sections.module.css";

/**
 * One partner banner (spec §2, §4). It is a real link to the partner's page
 * in a new tab, so the browser opens the tab from the tap itself (mobile
 * browsers block a tab opened after an `await`), and it works without
 * JavaScript. The tap also records the redirect; while that call is in
 * flight the banner is dimmed and further taps are ignored. It returns to
 * idle when the call ends, whether or not it succeeded.
 */
function Banner({ banner, eager }: { banner: PartnerBanner; eager: boolean }) {
  const t = useT();
  const [busy, setBusy] = useState(false);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    setBusy(true);
    void logBannerRedirect(banner).finally(() => setBusy(false));
  };

  return (
    <ExternalLink
      href={banner.url}
      className={styles.banner}
      onClick={onClick}
      aria-disabled={busy || undefined}
      data-partner={banner.partnerName}
    >
      <img src={banner.image} width={560} height={240} alt="" className={styles.art} loading={eager ? "eager" : "lazy"} decoding="async" />
      <span className={styles.caption}>
        <strong className={styles.name}>{t(banner.labelKey)}</strong>
        <span className={styles.desc}>{t(`${banner.labelKey}Desc`)}</span>
        <span className={styles.rate}>{t("home.banners.rate")}</span>
        <span className={styles.more} aria-hidden="true">
          {t("home.banners.view")}
          <ExternalIcon size={16} />
        </span>
        <span className="visually-hidden"> {t("home.banners.newTab")}</span>
      </span>
    </ExternalLink>
  );
}

export function PartnerBanners() {
  const t = useT();
  return (
    <Section className={styles.section} aria-labelledby="partner-banners-title">
      <h2 id="partner-banners-title" className={`${shared.heading} ${styles.title}`}>
        {t("home.banners.title")}
      </h2>
      <ul className={styles.row}>
        {site.partnerBanners.map((banner, i) => (
          <li key={banner.partnerName}>
            <Banner banner={banner} eager={i === 0} />
          </li>
        ))}
      </ul>
      <p className={styles.disclaimer} lang="ko">
        {t("home.banners.disclaimer")}
      </p>
      <p className={styles.disclaimerTranslation}>{t("home.banners.disclaimerTranslation")}</p>
    </Section>
  );
}
