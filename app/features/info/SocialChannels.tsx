import type { ReactNode } from "react";
import { useT } from "#app/i18n/useT.ts";
import { site } from "#app/config/site.ts";
import { ChevronDownIcon } from "#app/ui/icons.tsx";
import { LinkList, LinkRow } from "#app/ui/LinkRow.tsx";
import { FacebookMark, InstagramMark, TikTokMark } from "#app/features/info/brand-icons.tsx";
import rows from "#app/ui/LinkRow.module.css";
import styles from "./SocialChannels.module.css";

function shortUrl(url: string) {
  const { hostname, pathname } = new URL(url);
  return `${hostname.replace(/^www\./, "")}${pathname}`;
}

/**
 * Spec §2: Facebook (six pages) and Instagram (two) as groups that expand
 * (`<details>`: no JavaScript needed), and TikTok as a direct link.
 */
export function SocialChannels() {
  const t = useT();
  const newTab = t("info.newTab");
  return (
    <div className={styles.page}>
      <p className={styles.intro}>{t("info.social.intro")}</p>
      <ul className={styles.channels}>
        <ChannelGroup icon={<FacebookMark />} title={t("info.social.facebook.title")} detail={t("info.social.facebook.detail")}>
          {site.social.facebook.map((page) => (
            <LinkRow
              key={page.key}
              href={page.url}
              label={t(`info.social.country.${page.key}`)}
              detail={shortUrl(page.url)}
              newTab={newTab}
            />
          ))}
        </ChannelGroup>
        <ChannelGroup icon={<InstagramMark />} title={t("info.social.instagram.title")} detail={t("info.social.instagram.detail")}>
          {site.social.instagram.map((account) => (
            <LinkRow
              key={account.key}
              href={account.url}
              label={t(`info.social.country.${account.key}`)}
              detail={shortUrl(account.url)}
              newTab={newTab}
            />
          ))}
        </ChannelGroup>
        <LinkRow
          href={site.social.tiktok}
          icon={<TikTokMark />}
          label={t("info.social.tiktok.title")}
          detail={t("info.social.tiktok.detail")}
          newTab={newTab}
        />
      </ul>
    </div>
  );
}

function ChannelGroup({ icon, title, detail, children }: { icon: ReactNode; title: string; detail: string; children: ReactNode }) {
  return (
    <li>
      <details className={styles.group}>
        <summary className={styles.summary}>
          <span className={rows.icon} aria-hidden="true">
            {icon}
          </span>
          <span className={styles.text}>
            <span className={styles.title}>{title}</span>
            <span className={rows.detail}>{detail}</span>
          </span>
          <ChevronDownIcon size={20} className={styles.chevron} />
        </summary>
        <div className={styles.links}>
          <LinkList label={title}>{children}</LinkList>
        </div>
      </details>
    </li>
  );
}
