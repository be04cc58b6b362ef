import { useT } from "#app/i18n/useT.ts";
import { useBrandSettings } from "#app/business/useBusiness.ts";
import { BLOG_PLATFORMS } from "#app/business/brand.ts";
import { LinkList, LinkRow } from "#app/ui/LinkRow.tsx";
import { PenIcon } from "#app/ui/icons.tsx";
import { BlogFeed, type FeedStart } from "#app/features/blogs/BlogFeed.tsx";
import styles from "./BlogsPage.module.css";

function hostOf(url: string) {
  return new URL(url).hostname;
}

/** /information-service/blogs: the business's blog platforms (those it sets), then the link feed. */
export function BlogsPage({ feed }: { feed: FeedStart }) {
  const t = useT();
  const newTab = t("blogs.newTab");
  const blogs = useBrandSettings().blogs;
  const platforms = BLOG_PLATFORMS.filter((key) => blogs[key] !== "");
  return (
    <div className={styles.page}>
      {platforms.length ? (
        <section aria-labelledby="blogs-platforms">
          <h2 id="blogs-platforms">{t("blogs.platforms.title")}</h2>
          <LinkList>
            {platforms.map((key) => (
              <LinkRow
                key={key}
                href={blogs[key]}
                icon={<PenIcon size={22} />}
                label={t(`blogs.platforms.${key}`)}
                detail={hostOf(blogs[key])}
                newTab={newTab}
              />
            ))}
          </LinkList>
        </section>
      ) : null}
      <section aria-labelledby="blogs-feed">
        <h2 id="blogs-feed">{t("blogs.feed.title")}</h2>
        <BlogFeed start={feed} titleId="blogs-feed" />
      </section>
    </div>
  );
}
