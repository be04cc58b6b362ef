import { useEffect, useRef, useState } from "react";
import { useT } from "~/i18n/useT";
import { useAutoAdvance, usePrefersReducedMotion } from "~/ui/useAutoAdvance";
import styles from "./ExchangeCarousel.module.css";

export const EXCHANGE_INTERVAL_MS = 2000;

export interface Slide {
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

  // Index → scroll position.
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const left = index * el.clientWidth;
    if (Math.abs(el.scrollLeft - left) > 1) el.scrollTo({ left, behavior: reducedMotion ? "auto" : "smooth" });
  }, [index, reducedMotion]);

  // A swipe → index (once the scroll settles on a slide).
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const sync = () => {
      if (el.clientWidth > 0) setIndex(Math.round(el.scrollLeft / el.clientWidth));
    };
    // `scrollend` fires once a swipe or a smooth scroll has really stopped; a
    // debounce is only the fallback where it is missing (it could read a
    // half-way position while a smooth scroll is still running).
    if ("onscrollend" in window) {
      el.addEventListener("scrollend", sync);
      return () => el.removeEventListener("scrollend", sync);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(sync, 120);
    };
    el.addEventListener("scroll", settle, { passive: true });
    return () => {
      clearTimeout(timer);
      el.removeEventListener("scroll", settle);
    };
  }, [setIndex]);

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
