import { useRef, useState } from "react";
import { useT } from "#app/i18n/useT.ts";
import { useAutoAdvance, usePrefersReducedMotion } from "#app/ui/useAutoAdvance.ts";
import { useSnapTrack } from "#app/ui/useSnapTrack.ts";
import styles from "./ExchangeCarousel.module.css";

const EXCHANGE_INTERVAL_MS = 2000;

interface Slide {
  id: string;
  image: string;
  name: string;
  area: string;
}

/**
 * The branch photos (spec §2): one slide per view on a CSS scroll-snap track
 * (swipeable), advancing every 2000 ms and looping. It stops while the tab is
 * hidden, while keyboard focus is inside, when paused, and starts paused for
 * visitors who prefer reduced motion.
 */
export function ExchangeCarousel({ slides }: { slides: Slide[] }) {
  const t = useT();
  const reducedMotion = usePrefersReducedMotion();
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [focusInside, setFocusInside] = useState(false);
  const paused = userPaused ?? reducedMotion;
  const [index, setIndex] = useAutoAdvance(slides.length, EXCHANGE_INTERVAL_MS, { paused: paused || focusInside });
  const track = useRef<HTMLDivElement>(null);

  useSnapTrack(track, { count: slides.length, index, setIndex, reducedMotion });

  return (
    <section
      className={styles.carousel}
      aria-roledescription={t("info.exchange.carousel.role")}
      aria-label={t("info.exchange.carousel.label")}
      onFocus={() => setFocusInside(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
      }}
    >
      {/* Focusable so the keyboard can scroll it too (arrow keys); focus pauses the rotation. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <div ref={track} className={styles.track} tabIndex={0} aria-live={paused || focusInside ? "polite" : "off"}>
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            className={styles.slide}
            role="group"
            aria-roledescription={t("info.exchange.carousel.slide")}
            aria-label={t("info.exchange.carousel.position", { n: i + 1, total: slides.length })}
          >
            <img src={slide.image} alt={slide.name} width={800} height={500} loading={i === 0 ? "eager" : "lazy"} fetchPriority={i === 0 ? "high" : "auto"} decoding="async" />
            <div className={styles.caption}>
              <strong>{slide.name}</strong>
              <span>{slide.area}</span>
            </div>
          </div>
        ))}
      </div>
      <div className={styles.controls}>
        <button type="button" className={styles.toggle} onClick={() => setUserPaused(!paused)}>
          {paused ? <PlayGlyph /> : <PauseGlyph />}
          <span>{paused ? t("info.exchange.carousel.play") : t("info.exchange.carousel.pause")}</span>
        </button>
        <div className={styles.dots}>
          {slides.map((slide, i) => (
            <button
              key={slide.id}
              type="button"
              className={styles.dot}
              aria-current={i === index ? "true" : undefined}
              aria-label={t("info.exchange.carousel.goTo", { n: i + 1, name: slide.name })}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

const PauseGlyph = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="currentColor">
    <rect x="3" y="2" width="3.5" height="12" rx="1" />
    <rect x="9.5" y="2" width="3.5" height="12" rx="1" />
  </svg>
);
const PlayGlyph = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="currentColor">
    <path d="M4 2.5v11a.8.8 0 0 0 1.2.7l9-5.5a.8.8 0 0 0 0-1.4l-9-5.5A.8.8 0 0 0 4 2.5z" />
  </svg>
);
