import { useRef, useState } from "react";
import { useT } from "#app/i18n/useT.ts";
import { Section } from "#app/ui/Section.tsx";
import { StarRating } from "#app/ui/StarRating.tsx";
import { RotationButton } from "#app/ui/RotationButton.tsx";
import { useAutoAdvance, usePrefersReducedMotion } from "#app/ui/useAutoAdvance.ts";
import { useSnapTrack } from "#app/ui/useSnapTrack.ts";
import { TESTIMONIALS } from "#app/features/home/testimonials.ts";
import styles from "./Testimonials.module.css";

/** Spec §4, §9: one slide per view, 16px apart, a new one every 2000 ms. */
const TESTIMONIAL_INTERVAL_MS = 2000;

/**
 * The testimonials carousel: CSS scroll-snap (a swipe is the browser's own
 * scrolling) moved by a timer. After a swipe it goes on from the slide the
 * visitor chose; it waits while a finger is on it, while the tab is hidden,
 * and when paused with its button.
 */
export function Testimonials() {
  const t = useT();
  const track = useRef<HTMLDivElement>(null);
  const [paused, setPaused] = useState(false);
  const [touching, setTouching] = useState(false);
  const reduced = usePrefersReducedMotion();
  const [index, setIndex] = useAutoAdvance(TESTIMONIALS.length, TESTIMONIAL_INTERVAL_MS, { paused: paused || touching });

  useSnapTrack(track, { count: TESTIMONIALS.length, index, setIndex, reducedMotion: reduced });

  return (
    <Section className={styles.section} aria-labelledby="testimonials-title">
      <h2 id="testimonials-title" className={styles.title}>
        <span>{t("home.testimonials.realPeople")}</span>{" "}
        <span className={styles.accent}>{t("home.testimonials.realResults")}</span>
      </h2>
      <StarRating rating={5} size={22} label={t("home.testimonials.overall")} />
      <div
        ref={track}
        className={styles.track}
        role="group"
        aria-roledescription="carousel"
        aria-label={t("home.testimonials.label")}
        // The track scrolls sideways: keyboard users scroll it with the arrow keys.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onTouchStart={() => setTouching(true)}
        onTouchEnd={() => setTouching(false)}
        onTouchCancel={() => setTouching(false)}
      >
        {TESTIMONIALS.map((review, i) => (
          <div key={review.name} className={styles.slide} role="group" aria-roledescription="slide"
            aria-label={t("home.testimonials.slide", { n: i + 1, total: TESTIMONIALS.length })}>
            <div className={styles.who}>
              <img src={`/images/flags/${review.country}.svg`} width={30} height={20} loading="lazy" decoding="async"
                alt={t(`home.testimonials.countries.${review.country}`)} className={styles.flag} />
              <span className={styles.name}>{review.name}</span>
            </div>
            <StarRating rating={review.rating} size={16} label={t("home.testimonials.rating", { rating: review.rating })} />
            <blockquote className={styles.quote} lang={review.lang}>
              <p>{review.text}</p>
            </blockquote>
          </div>
        ))}
      </div>
      <div className={styles.controls}>
        <span className={styles.dots} aria-hidden="true">
          {TESTIMONIALS.map((review, i) => <span key={review.name} className={i === index ? styles.current : undefined} />)}
        </span>
        <RotationButton paused={paused} onToggle={() => setPaused((p) => !p)}
          pauseLabel={t("home.rotation.pause")} playLabel={t("home.rotation.play")} />
      </div>
    </Section>
  );
}
