import { useT } from "#app/i18n/useT.ts";
import styles from "./breach-public.module.css";

/**
 * What visitors see of a leak (issue 52 item 4): the site notice on every
 * public page while it is up, and the banner on the status page of a request
 * the leak touched; each opens the whole notice (법 제34조①'s items) in the
 * visitor's language.
 */
interface NoticeText {
  title: string;
  intro: string;
  sections: { heading: string; body: string[] }[];
}

function NoticeBody({ text }: { text: NoticeText }) {
  return (
    <div className={styles.body}>
      <p>{text.intro}</p>
      {text.sections.map((s) => (
        <section key={s.heading}>
          <h3 className={styles.heading}>{s.heading}</h3>
          {s.body.map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </section>
      ))}
    </div>
  );
}

export function SiteBreachNotice({ notice }: { notice: { date: string; text: NoticeText } | null }) {
  const t = useT();
  if (!notice) return null;
  return (
    <aside className={styles.site} aria-labelledby="breach-notice-title" data-breach-notice>
      <h2 id="breach-notice-title" className={styles.title}>
        {t("breach.site.title", { date: notice.date })}
      </h2>
      <details>
        <summary>{t("breach.site.more")}</summary>
        <NoticeBody text={notice.text} />
      </details>
    </aside>
  );
}

export function StatusBreachBanner({ banner }: { banner: { known: string; text: NoticeText } | null }) {
  const t = useT();
  if (!banner) return null;
  return (
    <section className={styles.banner} aria-labelledby="breach-banner-title" data-breach-banner>
      <h2 id="breach-banner-title" className={styles.title}>
        {t("breach.banner.title")}
      </h2>
      <p>{t("breach.banner.body", { known: banner.known })}</p>
      <details>
        <summary>{t("breach.banner.more")}</summary>
        <NoticeBody text={banner.text} />
      </details>
    </section>
  );
}
