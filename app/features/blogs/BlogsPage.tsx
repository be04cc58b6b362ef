import { useT } from "#app/i18n/useT.ts";
import { site } from "#app/config/site.ts";
import { LinkList, LinkRow } from "#app/ui/LinkRow.tsx";
import { PenIcon } from "#app/ui/icons.tsx";
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
              icon={<PenIcon size={22} />}
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
