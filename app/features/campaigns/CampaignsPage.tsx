import { Link, href, useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { useAdminT } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import type { AdminBanner, AdminPopup } from "#app/features/campaigns/campaigns.server.ts";
import type { CampaignListResult } from "#app/features/campaigns/actions.server.ts";
import { PREVIEW_PARAM } from "#app/features/campaigns/model.ts";
import { StateBadge, WindowText } from "#app/features/campaigns/parts.tsx";
import { MissingLocales } from "#app/features/console/locale-fields.tsx";
import { ExpiryWarning, useGapNames } from "#app/features/console/ad-approval.tsx";
import admin from "#app/features/console/console.module.css";
import styles from "./campaigns.module.css";

/** One small form per action: each is a real button, reachable and usable from the keyboard, and works without JavaScript. */
function ActionButton({
  id,
  intent,
  label,
  children,
  danger,
}: {
  id: number;
  intent: string;
  label?: string;
  children: string;
  danger?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <PostForm preventScrollReset>
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        name="intent"
        value={intent}
        variant={danger ? "ghost" : "secondary"}
        aria-label={label}
        disabled={busy}
        className={danger ? admin.danger : undefined}
      >
        {children}
      </Button>
    </PostForm>
  );
}

/** The campaigns of the home page: the banners in their order (move up/down, on/off, publish, edit, delete) and the popup. */
export function CampaignsPage({
  banners,
  popup,
  result,
}: {
  banners: AdminBanner[];
  popup: AdminPopup | null;
  result?: CampaignListResult;
}) {
  const t = useAdminT();
  const gapNames = useGapNames();
  return (
    <>
      <PageTitle>{t("campaigns.title")}</PageTitle>
      <p className={admin.muted}>{t("campaigns.intro")}</p>
      <p className={admin.toolbar}>
        <a href={`/?${PREVIEW_PARAM}=1`}>{t("campaigns.preview")}</a>
        <span className={admin.muted}>{t("campaigns.previewHint")}</span>
      </p>
      {result && "ok" in result ? <Notice tone="ok">{t(`campaigns.done.${result.ok}`)}</Notice> : null}
      <ExpiryWarning
        ads={[
          ...banners.map((b) => ({ name: b.texts.en.title, expiring: b.expiring })),
          ...(popup ? [{ name: t("campaigns.popup"), expiring: popup.expiring }] : []),
        ].filter((a) => a.expiring.length)}
      />
      {result && "fields" in result ? (
        <Notice tone="error">{t("campaigns.error.unapproved", { fields: gapNames(result.fields) })}</Notice>
      ) : result && "error" in result ? (
        <Notice tone="error">{t("campaigns.errorSummary")}</Notice>
      ) : null}

      <section className={admin.card} aria-labelledby="campaign-banners">
        <div className={admin.toolbar}>
          <h2 id="campaign-banners" className={admin.subtitle}>
            {t("campaigns.banners")}
          </h2>
          <Link to={href("/admin/campaigns/banners/:id", { id: "new" })}>{t("campaigns.add")}</Link>
        </div>
        <p className={admin.muted}>{t("campaigns.bannersIntro")}</p>
        {banners.length ? (
          <ol className={admin.cardList}>
            {banners.map((banner, i) => {
              const name = banner.texts.en.title;
              return (
                <li key={banner.id} className={styles.item} data-banner={banner.key}>
                  <img src={banner.image} alt="" width={140} height={60} loading="lazy" className={styles.thumb} />
                  <div>
                    <p className={styles.name}>
                      {name} <span className={admin.muted}>({banner.key})</span>
                    </p>
                    <p className={styles.meta}>
                      <StateBadge item={banner} />
                      {t("campaigns.rateLine", { rate: banner.rate, date: banner.rateDate })}
                    </p>
                    {banner.sample ? <div className={styles.meta}>{t("ads.sample")}</div> : null}
                    <p className={styles.meta}>
                      <WindowText from={banner.activeFrom} until={banner.activeUntil} />
                    </p>
                    <MissingLocales missing={banner.missing} />
                    <div className={styles.actions}>
                      {i > 0 ? (
                        <ActionButton id={banner.id} intent="up" label={t("campaigns.moveUp", { name })}>
                          {t("campaigns.up")}
                        </ActionButton>
                      ) : null}
                      {i < banners.length - 1 ? (
                        <ActionButton id={banner.id} intent="down" label={t("campaigns.moveDown", { name })}>
                          {t("campaigns.down")}
                        </ActionButton>
                      ) : null}
                      <ActionButton id={banner.id} intent={banner.enabled ? "disable" : "enable"}>
                        {banner.enabled ? t("campaigns.switchOff") : t("campaigns.switchOn")}
                      </ActionButton>
                      {!banner.published ? (
                        <ActionButton id={banner.id} intent="publish">
                          {t("campaigns.publish")}
                        </ActionButton>
                      ) : null}
                      <Link to={href("/admin/campaigns/banners/:id", { id: String(banner.id) })}>{t("campaigns.edit")}</Link>
                    </div>
                    <details className={admin.edit}>
                      <summary>{t("campaigns.delete")}</summary>
                      <ActionButton id={banner.id} intent="delete" danger>
                        {t("campaigns.deleteConfirm", { name })}
                      </ActionButton>
                    </details>
                  </div>
                </li>
              );
            })}
          </ol>
        ) : (
          <p>{t("campaigns.empty")}</p>
        )}
      </section>

      <section className={admin.card} aria-labelledby="campaign-popup">
        <div className={admin.toolbar}>
          <h2 id="campaign-popup" className={admin.subtitle}>
            {t("campaigns.popup")}
          </h2>
          <Link to={href("/admin/campaigns/popup")}>{t("campaigns.editPopup")}</Link>
        </div>
        {popup ? (
          <div className={styles.item}>
            <img src={popup.image} alt="" width={140} height={79} loading="lazy" className={`${styles.thumb} ${styles.popupThumb}`} />
            <div>
              <p className={styles.name}>{popup.alts.en}</p>
              <p className={styles.meta}>
                <StateBadge item={popup} />
                <WindowText from={popup.activeFrom} until={popup.activeUntil} />
              </p>
              <MissingLocales missing={popup.missing} />
            </div>
          </div>
        ) : (
          <p>{t("campaigns.popupNone")}</p>
        )}
      </section>
    </>
  );
}
