import { useRef, useState, type ReactNode } from "react";
import { RotationButton } from "#app/ui/RotationButton.tsx";
import { useAutoAdvance, usePrefersReducedMotion } from "#app/ui/useAutoAdvance.ts";
import { useSnapTrack } from "#app/ui/useSnapTrack.ts";
import styles from "./Carousel.module.css";

/** What assistive technology hears, in the page's language (no default: every caller passes its catalog's words). */
export interface CarouselLabels {
  /** aria-roledescription of the whole carousel ("carousel"). */
  carousel: string;
  /** aria-roledescription of each slide ("slide"). */
  slide: string;
  /** The rotation button while it rotates, and while it is stopped. */
  pause: string;
  play: string;
}

/**
 * A carousel (WAI-ARIA APG pattern): one slide per view on a CSS scroll-snap
 * track, so a swipe is the browser's own scrolling, moved by a timer every
 * `intervalMs` and looping. After a swipe (or a dot) it goes on from that
 * slide. It waits while the tab is hidden, while a finger is on the track,
 * while keyboard focus is inside (except on the rotation button itself, so
 * that pressing "resume" resumes), and while stopped with its rotation
 * button (WCAG 2.2.2); it starts stopped for visitors who prefer less motion.
 *
 * Dots are buttons when `goToLabel` names them, otherwise a decorative
 * position indicator.
 */
export function Carousel({
  label,
  labels,
  slides,
  slideLabel,
  goToLabel,
  intervalMs,
  className,
  trackClassName,
  slideClassName,
}: {
  label: string;
  labels: CarouselLabels;
  slides: readonly { key: string; content: ReactNode }[];
  /** The accessible name of slide n (1-based) of total, e.g. "Review 2 of 3". */
  slideLabel: (n: number, total: number) => string;
  /** The accessible name of the dot that shows slide n (1-based). */
  goToLabel?: (n: number) => string;
  intervalMs: number;
  className?: string;
  trackClassName?: string;
  slideClassName?: string;
}) {
  const track = useRef<HTMLDivElement>(null);
  const rotation = useRef<HTMLButtonElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [focusInside, setFocusInside] = useState(false);
  const [touching, setTouching] = useState(false);
  const paused = userPaused ?? reducedMotion;
  const held = paused || focusInside || touching;
  const [index, setIndex] = useAutoAdvance(slides.length, intervalMs, { paused: held });

  useSnapTrack(track, { count: slides.length, index, setIndex, reducedMotion });

  return (
    <div
      className={[styles.carousel, className].filter(Boolean).join(" ")}
      role="group"
      aria-roledescription={labels.carousel}
      aria-label={label}
      onFocus={(event) => setFocusInside(!rotation.current?.contains(event.target))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
      }}
    >
      {/* Focusable so the keyboard can scroll it too (arrow keys); focus holds the rotation. */}
      <div
        ref={track}
        className={[styles.track, trackClassName].filter(Boolean).join(" ")}
        // A scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-live={held ? "polite" : "off"}
        onTouchStart={() => setTouching(true)}
        onTouchEnd={() => setTouching(false)}
        onTouchCancel={() => setTouching(false)}
      >
        {slides.map((slide, i) => (
          <div
            key={slide.key}
            className={[styles.slide, slideClassName].filter(Boolean).join(" ")}
            role="group"
            aria-roledescription={labels.slide}
            aria-label={slideLabel(i + 1, slides.length)}
          >
            {slide.content}
          </div>
        ))}
      </div>
      <div className={styles.controls}>
        {goToLabel ? (
          <div className={styles.dots}>
            {slides.map((slide, i) => (
              <button
                key={slide.key}
                type="button"
                className={styles.dotButton}
                aria-current={i === index ? "true" : undefined}
                aria-label={goToLabel(i + 1)}
                onClick={() => setIndex(i)}
              >
                <span className={styles.dot} data-current={i === index || undefined} />
              </button>
            ))}
          </div>
        ) : (
          <span className={styles.dots} aria-hidden="true">
            {slides.map((slide, i) => (
              <span key={slide.key} className={styles.dot} data-current={i === index || undefined} />
            ))}
          </span>
        )}
        <RotationButton
          ref={rotation}
          paused={paused}
          onToggle={() => setUserPaused(!paused)}
          pauseLabel={labels.pause}
          playLabel={labels.play}
        />
      </div>
    </div>
  );
}
