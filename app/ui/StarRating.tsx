import { starParts } from "#app/ui/stars.ts";
import styles from "./StarRating.module.css";

const STAR = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

function Star({ fill, size }: { fill: "full" | "half" | "empty"; size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles[fill]}>
      {fill === "half" ? (
        <>
          <path d={STAR} className={styles.track} />
          <path d={STAR} clipPath="inset(0 50% 0 0)" />
        </>
      ) : (
        <path d={STAR} />
      )}
    </svg>
  );
}

/**
 * A star rating: the integer part as full stars and a half star from .5
 * (spec §9). One image to assistive technology, named by `label`
 * (e.g. "Rated 4.5 out of 5").
 */
export function StarRating({ rating, max = 5, label, size = 18 }: { rating: number; max?: number; label: string; size?: number }) {
  const { full, half, empty } = starParts(rating, max);
  const stars = [
    ...Array.from({ length: full }, () => "full" as const),
    ...Array.from({ length: half }, () => "half" as const),
    ...Array.from({ length: empty }, () => "empty" as const),
  ];
  return (
    <span role="img" aria-label={label} className={styles.rating}>
      {stars.map((fill, i) => (
        <Star key={i} fill={fill} size={size} />
      ))}
    </span>
  );
}
