import { useEffect, useRef, type HTMLAttributes } from "react";
import styles from "./Section.module.css";

/** How much of a section must be on screen before it slides in (spec §2). */
const REVEAL_RATIO = 0.3;

/**
 * A page section that slides in from the left once at least 30% of it is
 * visible. Its content is always in the server HTML and visible without
 * JavaScript: only a section that is entirely off screen when the script
 * starts is hidden, to slide in when it is scrolled to. Nothing moves for
 * visitors who prefer reduced motion.
 */
export function Section({ className, children, ...rest }: HTMLAttributes<HTMLElement>) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const section = ref.current;
    if (!section || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let first = true;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        const viewport = entry.rootBounds?.height ?? window.innerHeight;
        // A section taller than the screen counts as 30% visible once it fills 30% of the screen.
        const enough = entry.intersectionRatio >= REVEAL_RATIO || entry.intersectionRect.height >= REVEAL_RATIO * viewport;
        if (first) {
          first = false;
          if (entry.isIntersecting) {
            observer.disconnect(); // Already on screen: never hide what the visitor sees.
            return;
          }
          section.dataset.reveal = "waiting";
          return;
        }
        if (enough) {
          section.dataset.reveal = "in";
          observer.disconnect();
        }
      },
      { threshold: [0, 0.1, 0.2, REVEAL_RATIO] },
    );
    observer.observe(section);
    return () => observer.disconnect();
  }, []);

  return (
    <section ref={ref} className={[styles.section, className].filter(Boolean).join(" ")} {...rest}>
      {children}
    </section>
  );
}
