import { useT } from "~/i18n/useT";
import { ButtonLink } from "~/ui/Button";
import { Section } from "~/ui/Section";
import { PartnerBanners } from "./PartnerBanners";
import { ServiceCards } from "./ServiceCards";
import { StatsBanner } from "./StatsBanner";
import { InfoHub } from "./InfoHub";
import { Testimonials } from "./Testimonials";
import { EventPopup } from "./EventPopup";
import styles from "./HomePage.module.css";

export const HERO_IMAGE = "/images/home/hero.svg";

/** The landing page (spec §1): the first page nearly every visitor sees. */
export function HomePage() {
  const t = useT();
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <p className={styles.eyebrow}>{t("home.hero.eyebrow")}</p>
        <h1 id="home-title" className={styles.title}>{t("home.hero.title")}</h1>
        <p className={styles.lead}>{t("home.hero.body")}</p>
        <img src={HERO_IMAGE} width={716} height={400} alt="" fetchPriority="high" decoding="async" className={styles.art} />
      </section>
      <PartnerBanners />
      <ServiceCards />
      <StatsBanner />
      <InfoHub />
      <Testimonials />
      <Section className={styles.contact} aria-labelledby="contact-title">
        <h2 id="contact-title" className={styles.contactTitle}>{t("home.contact.title")}</h2>
        <p>{t("home.contact.body")}</p>
        <ButtonLink to="/company/contact-us" block>{t("home.contact.button")}</ButtonLink>
      </Section>
      <EventPopup />
    </>
  );
}
