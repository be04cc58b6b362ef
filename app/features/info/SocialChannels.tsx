import type { ReactNode } from "react";
import { useT } from "#app/i18n/useT.ts";
import { useBrandSettings } from "#app/business/useBusiness.ts";
import { socialPages } from "#app/business/brand.ts";
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
 * Spec §2: Facebook (a page per community) and Instagram (an account per
 * community) as groups that expand (`<details>`: no JavaScript needed), and
 * TikTok as a direct link: the business's own (the console's Brand page). A
 * group with no page set, or TikTok unset, is not shown.
 */
export function SocialChannels() {
  const t = useT();
  const newTab = t("info.newTab");
  const brand = useBrandSettings();
  const facebook = socialPages(brand.facebook);
  const instagram = socialPages(brand.instagram);
  return (
    <div className={styles.page}>
      <p className={styles.intro}>{t("info.social.intro")}</p>
      <ul className={styles.channels}>
        {facebook.length ? (
          <ChannelGroup
            icon={<FacebookMark />}
            title={t("info.social.facebook.title")}
            detail={t("info.social.facebook.detail", { count: facebook.length })}
          >
            {facebook.map((page) => (
              <LinkRow
                key={page.key}
                href={page.url}
                label={t(`info.social.country.${page.key}`)}
                detail={shortUrl(page.url)}
                newTab={newTab}
              />
            ))}
          </ChannelGroup>
        ) : null}
        {instagram.length ? (
          <ChannelGroup
            icon={<InstagramMark />}
            title={t("info.social.instagram.title")}
            detail={t("info.social.instagram.detail", { count: instagram.length })}
          >
            {instagram.map((account) => (
              <LinkRow
                key={account.key}
                href={account.url}
                label={t(`info.social.country.${account.key}`)}
                detail={shortUrl(account.url)}
                newTab={newTab}
              />
            ))}
          </ChannelGroup>
        ) : null}
        {brand.tiktok ? (
          <LinkRow
            href={brand.tiktok}
            icon={<TikTokMark />}
            label={t("info.social.tiktok.title")}
            detail={t("info.social.tiktok.detail")}
            newTab={newTab}
          />
        ) : null}
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
