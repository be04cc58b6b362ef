import { useState, type MouseEvent } from "react";
import { href } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { ExternalLink } from "#app/ui/ExternalLink.tsx";
import { ExternalIcon } from "#app/ui/icons.tsx";
import { Section } from "#app/ui/Section.tsx";
import { logBannerRedirect } from "#app/features/home/banner-log.ts";
import { CampaignImage } from "#app/features/campaigns/CampaignImage.tsx";
import { BANNER_IMAGE, commonRateDate, koreanDate, type PublicBanner } from "#app/features/campaigns/model.ts";
import styles from "./PartnerBanners.module.css";
import shared from "./sections.module.css";

/**
 * One partner banner (spec §2, §4). Without JavaScript it is a real link,
 * in a new tab, to `/go/<partner key>`, which counts the tap and redirects
 * to the partner's page (issue 16). Once hydrated, the tap opens the
 * partner's page itself, synchronously in the click (mobile browsers block
 * a tab opened after an `await`), and records the redirect through the
 * spec's API; while that call is in flight the banner is dimmed and further
 * taps are ignored. It returns to idle when the call ends, whether or not it
 * succeeded. Either way a tap is counted once.
 */
function Banner({ banner, eager, showDate }: { banner: PublicBanner; eager: boolean; showDate: boolean }) {
  const t = useT();
  const [busy, setBusy] = useState(false);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // The link goes through /go/<key>, which counts taps made before this script ran; here the
    // page opens the partner itself and posts the spec's log instead, so a tap counts once.
    event.preventDefault();
    if (busy) return;
    window.open(banner.link, "_blank", "noopener,noreferrer");
    setBusy(true);
    void logBannerRedirect({ partnerName: banner.key, url: banner.link }).finally(() => setBusy(false));
  };

  return (
    <ExternalLink
      href={href("/go/:key", { key: banner.key })}
      className={styles.banner}
      onClick={onClick}
      aria-disabled={busy || undefined}
      data-partner={banner.key}
    >
      <CampaignImage
        image={banner.image}
        image2x={banner.image2x}
        box={BANNER_IMAGE}
        className={styles.art}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
      />
      <span className={styles.caption}>
        <strong className={styles.name}>{banner.title}</strong>
        {banner.description ? <span className={styles.desc}>{banner.description}</span> : null}
        <span className={styles.rate}>{t("home.banners.rate", { rate: banner.rate })}</span>
        {showDate ? <span className={styles.rateDate}>{t("home.banners.rateAsOf", { date: banner.rateDay })}</span> : null}
        <span className={styles.more} aria-hidden="true">
          {t("home.banners.view")}
          <ExternalIcon size={16} />
        </span>
        <span className="visually-hidden"> {t("home.banners.newTab")}</span>
      </span>
    </ExternalLink>
  );
}

/**
 * The active banners in their order (the home page leaves the section out
 * when there is none), and the rate disclaimer: in Korean, as the spec
 * quotes it, then in the visitor's language, both with the day the rates
 * were calculated. When the banners' days differ, each banner shows its own
 * and the disclaimer points to them (no banner title, which is in the
 * visitor's language, goes inside the Korean sentence).
 */
export function PartnerBanners({ banners }: { banners: readonly PublicBanner[] }) {
  const t = useT();
  const common = commonRateDate(banners);
  return (
    <Section className={styles.section} aria-labelledby="partner-banners-title">
      <h2 id="partner-banners-title" className={`${shared.heading} ${styles.title}`}>
        {t("home.banners.title")}
      </h2>
      <ul className={styles.row}>
        {banners.map((banner, i) => (
          <li key={banner.key}>
            <Banner banner={banner} eager={i === 0} showDate={!common} />
          </li>
        ))}
      </ul>
      <p className={styles.disclaimer} lang="ko">
        {common ? t("home.banners.disclaimer", { date: koreanDate(common.rateDate) }) : t("home.banners.disclaimerEach")}
      </p>
      <p className={styles.disclaimerTranslation}>
        {common ? t("home.banners.disclaimerTranslation", { date: common.rateDay }) : t("home.banners.disclaimerEachTranslation")}
      </p>
    </Section>
  );
}
