import { useT } from "#app/i18n/useT.ts";
import { site } from "#app/config/site.ts";
import { LinkList, LinkRow } from "#app/ui/LinkRow.tsx";
import { BlogFeed, type FeedStart } from "#app/features/blogs/BlogFeed.tsx";
import styles from "./BlogsPage.module.css";

function hostOf(url: string) {
  return new URL(url).hostname;
}

/** /information-service/blogs: our three blog platforms, then the link feed. */
export function BlogsPage({ feed }: { feed: FeedStart }) {
  const t = useT();
  const newTab = t("blogs.newTab");
  return (
    <div className={styles.page}>
      <section aria-labelledby="blogs-platforms">
        <h2 id="blogs-platforms">{t("blogs.platforms.title")}</h2>
        <LinkList>
          {site.blogPlatforms.map((platform) => (
            <LinkRow
              key={platform.key}
              href={platform.url}
              icon={<BlogIcon />}
              label={t(`blogs.platforms.${platform.key}`)}
              detail={hostOf(platform.url)}
              newTab={newTab}
            />
          ))}
        </LinkList>
      </section>
      <section aria-labelledby="blogs-feed">
        <h2 id="blogs-feed">{t("blogs.feed.title")}</h2>
        <BlogFeed start={feed} titleId="blogs-feed" />
      </section>
    </div>
  );
}

function BlogIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16z" />
      <path d="M13.5 6.5l4 4" />
    </svg>
  );
}
