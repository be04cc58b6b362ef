import { Link } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { Section } from "#app/ui/Section.tsx";
import { Disclosure } from "#app/loans/Disclosure.tsx";
import { DaebuMark } from "#app/loans/DaebuMark.tsx";
import { productPageHref } from "#app/loans/disclosure.ts";
import { CampaignImage } from "#app/features/campaigns/CampaignImage.tsx";
import { BANNER_IMAGE, commonRateDate, koreanDate, type PublicBanner, type WithDisclosure } from "#app/features/campaigns/model.ts";
import styles from "./PartnerBanners.module.css";
import shared from "./sections.module.css";

/**
 * One partner banner (spec §2, §4; issue 35). A loan ad: it leads to the
 * broker's own page for the product it advertises, which carries the full
 * disclosure and then the way on to the lender (`/go/<key>`, counted by the
 * server; review A12). Under it, the disclosure itself, always open.
 */
function Banner({ banner, eager, showDate }: { banner: WithDisclosure<PublicBanner>; eager: boolean; showDate: boolean }) {
  const t = useT();
  return (
    <>
      <Link to={productPageHref(banner.productKey)} className={styles.banner} data-partner={banner.key}>
        <DaebuMark text={banner.disclosure?.mark} inline />
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
          {banner.lender ? <span className={styles.lender}>{t("home.banners.lender", { lender: banner.lender })}</span> : null}
          {banner.description ? <span className={styles.desc}>{banner.description}</span> : null}
          <span className={styles.rate}>{t("home.banners.rate", { rate: banner.rate })}</span>
          {showDate ? <span className={styles.rateDate}>{t("home.banners.rateAsOf", { date: banner.rateDay })}</span> : null}
          <span className={styles.more} aria-hidden="true">
            {t("home.banners.view")} ›
          </span>
        </span>
      </Link>
      {banner.disclosure ? <Disclosure text={banner.disclosure} /> : null}
    </>
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
export function PartnerBanners({ banners }: { banners: readonly WithDisclosure<PublicBanner>[] }) {
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
