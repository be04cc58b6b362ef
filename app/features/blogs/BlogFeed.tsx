import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useT } from "#app/i18n/useT.ts";
import { Button } from "#app/ui/Button.tsx";
import { BlogCard, SkeletonCard, UNTITLED_KEY } from "#app/features/blogs/BlogCard.tsx";
import { feedCache, fetchFeedPage, type FeedPage } from "#app/features/blogs/feed-client.ts";
import { BLOG_PAGE_SIZE, type BlogItem } from "#app/features/blogs/types.ts";
import styles from "./BlogFeed.module.css";

/** What the route's loader rendered: pages 1…nextPage−1. */
export interface FeedStart {
  items: BlogItem[];
  nextPage: number;
  hasNext: boolean;
}

interface LoadedPage {
  pageNum: number;
  items: BlogItem[];
}

type Status = "idle" | "loading" | "error";

/**
 * Pages of the feed after the server-rendered ones: the next page loads when
 * the sentinel under the list comes into view (or the "more" link is used),
 * from the cache when it has the page; nothing is asked after the last page.
 */
function useFeed(start: FeedStart) {
  const [pages, setPages] = useState<LoadedPage[]>(() => [{ pageNum: start.nextPage - 1, items: start.items }]);
  const [nextPage, setNextPage] = useState(start.nextPage);
  const [hasNext, setHasNext] = useState(start.hasNext);
  const [status, setStatus] = useState<Status>("idle");
  const busy = useRef(false);

  const loadNext = useCallback(async () => {
    if (busy.current || !hasNext) return;
    const pageNum = nextPage;
    const accept = (page: FeedPage) => {
      setPages((list) => [...list.filter((p) => p.pageNum !== pageNum), { pageNum, items: page.items }]);
      setHasNext(page.hasNext);
      setNextPage(pageNum + 1);
    };
    const hit = feedCache.peek(pageNum);
    if (hit) {
      accept(hit.data);
      if (!hit.fresh) {
        // Shown at once from the cache, refreshed quietly.
        feedCache
          .revalidate(pageNum, () => fetchFeedPage(pageNum))
          .then((page) => setPages((list) => list.map((p) => (p.pageNum === pageNum ? { pageNum, items: page.items } : p))))
          .catch(() => {});
      }
      return;
    }
    busy.current = true;
    setStatus("loading");
    try {
      accept(await feedCache.fetch(pageNum, () => fetchFeedPage(pageNum)));
      setStatus("idle");
    } catch {
      setStatus("error");
    } finally {
      busy.current = false;
    }
  }, [hasNext, nextPage]);

  return { pages, nextPage, hasNext, status, loadNext, retry: () => setStatus("idle") };
}

export function BlogFeed({ start, titleId }: { start: FeedStart; titleId: string }) {
  const t = useT();
  const { pages, nextPage, hasNext, status, loadNext, retry } = useFeed(start);
  const sentinel = useRef<HTMLDivElement>(null);

  // A new observer after every page: it reports at once if the sentinel is still in view.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNext || status !== "idle" || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadNext();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNext, status, loadNext]);

  // Pages may overlap when links were added meanwhile: show each item once.
  const cards = useMemo(() => {
    const seen = new Set<number>();
    return [...pages]
      .sort((a, b) => a.pageNum - b.pageNum)
      .flatMap((page) => page.items.map((item, i) => ({ item, anchor: i === 0 ? `page-${page.pageNum}` : undefined })))
      .filter(({ item }) => !seen.has(item.og_seq) && !!seen.add(item.og_seq));
  }, [pages]);

  const untitled = t(UNTITLED_KEY);
  const newTab = t("blogs.newTab");
  return (
    <div className={styles.feed}>
      <ul className={styles.list} aria-labelledby={titleId} aria-busy={status === "loading"}>
        {cards.map(({ item, anchor }) => (
          <BlogCard key={item.og_seq} item={item} id={anchor} untitled={untitled} newTab={newTab} />
        ))}
        {status === "loading" ? Array.from({ length: BLOG_PAGE_SIZE }, (_, i) => <SkeletonCard key={`skeleton-${i}`} />) : null}
      </ul>
      <p role="status" className="visually-hidden">
        {status === "loading" ? t("blogs.loading") : ""}
      </p>
      {cards.length === 0 && !hasNext ? <p className={styles.note}>{t("blogs.empty")}</p> : null}
      {status === "error" ? (
        <div className={styles.error} role="alert">
          <p>{t("blogs.error")}</p>
          <Button variant="secondary" onClick={retry}>
            {t("blogs.retry")}
          </Button>
        </div>
      ) : null}
      {hasNext && status === "idle" ? (
        <>
          <div ref={sentinel} className={styles.sentinel} />
          {/* Without JavaScript (or to load on demand): the server renders one page more. */}
          <a
            className={styles.more}
            href={`?page=${nextPage}#page-${nextPage}`}
            onClick={(event) => {
              event.preventDefault();
              void loadNext();
            }}
          >
            {t("blogs.more")}
          </a>
        </>
      ) : null}
      {!hasNext && cards.length > 0 ? <p className={styles.note}>{t("blogs.end")}</p> : null}
    </div>
  );
}
