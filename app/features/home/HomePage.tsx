import type { ReactNode } from "react";
import { href } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { ButtonLink } from "#app/ui/Button.tsx";
import { Section } from "#app/ui/Section.tsx";
import { PartnerBanners } from "#app/features/home/PartnerBanners.tsx";
import { ServiceCards } from "#app/features/home/ServiceCards.tsx";
import { InfoHub } from "#app/features/home/InfoHub.tsx";
import { EventPopup } from "#app/features/home/EventPopup.tsx";
import type { PublicBanner, PublicPopup, WithDisclosure } from "#app/features/campaigns/model.ts";
import { DaebuMark } from "#app/loans/DaebuMark.tsx";
import styles from "./HomePage.module.css";

export const HERO_IMAGE = "/images/home/hero.svg";

/**
 * The landing page (spec §1): the first page nearly every visitor sees. The
 * figures and the reviews come from their own feature (home-claims), put in
 * their places by the route; a hidden section is simply absent. Every rate
 * goes with its disclosure (issue 35).
 */
export function HomePage({
  campaigns,
  figures,
  reviews,
  daebuMark,
}: {
  campaigns: { banners: WithDisclosure<PublicBanner>[]; popup: WithDisclosure<PublicPopup> | null };
  figures?: ReactNode;
  reviews?: ReactNode;
  /** With a 대부중개업 registration: the 상호 and its number, first on the first screen (대부업법 시행령 별표 1). */
  daebuMark?: string | null;
}) {
  const t = useT();
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <DaebuMark text={daebuMark} />
        <p className={styles.eyebrow}>{t("home.hero.eyebrow")}</p>
        <h1 id="home-title" className={styles.title}>
          {t("home.hero.title")}
        </h1>
        <p className={styles.lead}>{t("home.hero.body")}</p>
        <ButtonLink to={href("/our-products/eligibility")} block className={styles.check}>
          {t("home.hero.check")}
        </ButtonLink>
        <img src={HERO_IMAGE} width={716} height={400} alt="" fetchPriority="high" decoding="async" className={styles.art} />
      </section>
      {campaigns.banners.length ? <PartnerBanners banners={campaigns.banners} /> : null}
      <ServiceCards />
      {figures}
      <InfoHub />
      {reviews}
      <Section className={styles.contact} aria-labelledby="contact-title">
        <h2 id="contact-title" className={styles.contactTitle}>
          {t("home.contact.title")}
        </h2>
        <p>{t("home.contact.body")}</p>
        <ButtonLink to={href("/company/contact-us")} block>
          {t("home.contact.button")}
        </ButtonLink>
      </Section>
      {campaigns.popup ? <EventPopup popup={campaigns.popup} /> : null}
    </>
  );
}
