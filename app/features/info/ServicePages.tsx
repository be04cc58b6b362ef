import { useT } from "#app/i18n/useT.ts";
import { useBrandSettings } from "#app/business/useBusiness.ts";
import { LinkList, LinkRow } from "#app/ui/LinkRow.tsx";
import { NewsMark, PassportMark } from "#app/features/info/brand-icons.tsx";
import styles from "./ServicePages.module.css";

const VISA_TIPS = ["stay", "address", "call"] as const;

/** /information-service/visa: a card that opens the visa support site (spec §2; none when the business sets none), and three things to know. */
export function VisaPage() {
  const t = useT();
  const url = useBrandSettings().links.visaSupport;
  return (
    <div className={styles.page}>
      <p className={styles.intro}>{t("info.visa.intro")}</p>
      {url ? (
        <LinkList>
          <LinkRow
            card
            href={url}
            icon={<PassportMark size={28} />}
            label={t("info.visa.card.title")}
            detail={t("info.visa.card.text")}
            newTab={t("info.newTab")}
          />
        </LinkList>
      ) : null}
      <section aria-labelledby="visa-tips" className={styles.tips}>
        <h2 id="visa-tips">{t("info.visa.tipsTitle")}</h2>
        <ul>
          {VISA_TIPS.map((tip) => (
            <li key={tip}>{t(`info.visa.tips.${tip}`)}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** /information-service/news: a card that opens the community news page (spec §2; none when the business sets none). */
export function NewsPage() {
  const t = useT();
  const url = useBrandSettings().links.communityNews;
  return (
    <div className={styles.page}>
      <p className={styles.intro}>{t("info.news.intro")}</p>
      {url ? (
        <LinkList>
          <LinkRow
            card
            href={url}
            icon={<NewsMark size={28} />}
            label={t("info.news.card.title")}
            detail={t("info.news.card.text")}
            newTab={t("info.newTab")}
          />
        </LinkList>
      ) : null}
    </div>
  );
}
