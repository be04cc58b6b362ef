import { useEffect, useRef, type RefObject } from "react";

/** The distance between two slides of a track (their width plus the gap between them). */
function slideStep(track: HTMLElement): number {
  const [first, second] = track.children as unknown as HTMLElement[];
  return first && second ? second.offsetLeft - first.offsetLeft : track.clientWidth;
}

/**
 * Binds a carousel's index to its CSS scroll-snap track, both ways: a new
 * index scrolls the track to that slide (smoothly, unless the visitor prefers
 * less motion), and the slide where the visitor's own scrolling stops (a
 * swipe, the wheel, the arrow keys) becomes the index.
 *
 * Our own scrolling is told apart from the visitor's: while the track moves
 * towards the slide we asked for, `scrollend` events are ours. One can come
 * half-way, when the timer starts the next scroll before the last has
 * settled; taking that position for the visitor's choice would send the
 * carousel back a slide. The visitor touching, clicking or scrolling the
 * track with wheel or keys hands the index back to them at once.
 */
export function useSnapTrack(
  track: RefObject<HTMLElement | null>,
  { count, index, setIndex, reducedMotion }: { count: number; index: number; setIndex: (index: number) => void; reducedMotion: boolean },
) {
  // The slide our own scrolling is heading for, or null when the visitor's scrolling is followed.
  const heading = useRef<number | null>(null);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const left = index * slideStep(el);
    if (Math.abs(el.scrollLeft - left) <= 1) return;
    heading.current = index;
    el.scrollTo({ left, behavior: reducedMotion ? "auto" : "smooth" });
  }, [track, index, reducedMotion]);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const settle = () => {
      const step = slideStep(el);
      if (step <= 0) return;
      const at = Math.min(count - 1, Math.max(0, Math.round(el.scrollLeft / step)));
      if (heading.current !== null) {
        if (at === heading.current) heading.current = null;
        return;
      }
      setIndex(at);
    };
    const visitorTakesOver = () => {
      heading.current = null;
    };
    const takeOverEvents = ["pointerdown", "touchstart", "wheel", "keydown"] as const;
    for (const type of takeOverEvents) el.addEventListener(type, visitorTakesOver, { passive: true });

    // `scrollend` fires once a scroll has really stopped; a debounce is only
    // the fallback where it is missing.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const debounced = () => {
      clearTimeout(timer);
      timer = setTimeout(settle, 150);
    };
    const [event, listener] = "onscrollend" in window ? (["scrollend", settle] as const) : (["scroll", debounced] as const);
    el.addEventListener(event, listener, { passive: true });
    return () => {
      clearTimeout(timer);
      el.removeEventListener(event, listener);
      for (const type of takeOverEvents) el.removeEventListener(type, visitorTakesOver);
    };
  }, [track, count, setIndex]);
}
