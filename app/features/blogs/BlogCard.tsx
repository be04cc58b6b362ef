import { useEffect, useRef, useState } from "react";
import { ExternalLink } from "#app/ui/ExternalLink.tsx";
import type { BlogItem } from "#app/features/blogs/types.ts";
import styles from "./BlogFeed.module.css";

/** Spec §2: the title shown when a link has none (Korean in every language). */
export const UNTITLED_KEY = "blogs.untitled";

/**
 * A blog/link card (spec §2): image (a placeholder when there is none or it
 * fails), title (or 제목 없음), domain; opens in a new tab.
 */
export function BlogCard({ item, id, untitled, newTab }: { item: BlogItem; id?: string; untitled: string; newTab: string }) {
  const [failed, setFailed] = useState(!item.og_image);
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An image that failed before hydration fired its error event too early for React.
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0) setFailed(true);
  }, []);
  const title = item.og_title?.trim();
  return (
    <li className={styles.card} id={id}>
      <ExternalLink href={item.og_url} className={styles.link}>
        <span className={styles.media}>
          {failed || !item.og_image ? (
            <ImagePlaceholder />
          ) : (
            <img
              ref={img}
              src={item.og_image}
              alt=""
              width={600}
              height={314}
              loading="lazy"
              decoding="async"
              onError={() => setFailed(true)}
            />
          )}
        </span>
        <span className={styles.body}>
          <span className={styles.title} lang={title ? undefined : "ko"}>
            {title || untitled}
          </span>
          <span className={styles.domain}>{item.domain_addr}</span>
        </span>
        <span className="visually-hidden"> {newTab}</span>
      </ExternalLink>
    </li>
  );
}

function ImagePlaceholder() {
  return (
    <span className={styles.placeholder} data-testid="image-placeholder">
      <svg
        width="40"
        height="40"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        aria-hidden="true"
        focusable="false"
      >
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="9" cy="10" r="2" />
        <path d="M21 17l-5-5-9 8" />
      </svg>
    </span>
  );
}

/** A grey card of the card's shape while a page loads. */
export function SkeletonCard() {
  return (
    <li className={`${styles.card} ${styles.skeleton}`} aria-hidden="true" data-testid="blog-skeleton">
      <span className={styles.media} />
      <span className={styles.body}>
        <span className={styles.bar} />
        <span className={`${styles.bar} ${styles.short}`} />
      </span>
    </li>
  );
}
