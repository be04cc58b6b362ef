import { useNavigation } from "react-router";
import { TextField } from "#app/ui/Field.tsx";
import { LOCALES } from "#app/i18n/locales.ts";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { PageTitle, PostForm } from "#app/features/console/parts.tsx";
import type { AdminBanner } from "#app/features/campaigns/campaigns.server.ts";
import type { CampaignFormResult } from "#app/features/campaigns/actions.server.ts";
import { BANNER_IMAGE } from "#app/features/campaigns/model.ts";
import { DESCRIPTION_MAX, TITLE_MAX, localeField } from "#app/features/campaigns/schema.ts";
import { utcToKst } from "#app/lib/seoul-time.ts";
import {
  AdFields,
  FormNotice,
  LinkField,
  ImageField,
  SaveButtons,
  WindowFields,
  type ProductChoice,
} from "#app/features/campaigns/parts.tsx";
import { LocaleFields, MissingLocales, formState, useFieldProps } from "#app/features/console/locale-fields.tsx";
import admin from "#app/features/console/console.module.css";
import styles from "#app/features/campaigns/campaigns.module.css";

function storedValues(banner: AdminBanner | null): Record<string, string> {
  if (!banner) return {};
  return {
    partner_key: banner.key,
    ...Object.fromEntries(
      LOCALES.flatMap((l) => [
        [localeField("title", l), banner.texts[l].title],
        [localeField("description", l), banner.texts[l].description],
      ]),
    ),
    rate_from: banner.rateFrom,
    rate_to: banner.rateTo,
    rate_date: banner.rateDate,
    link: banner.link,
    active_from: utcToKst(banner.activeFrom),
    active_until: utcToKst(banner.activeUntil),
    product_key: banner.productKey,
    confirm_no: banner.confirmNo,
    confirm_until: banner.confirmUntil,
    review_no: banner.reviewNo,
    review_until: banner.reviewUntil,
  };
}

/** A new partner banner, or one to change. Sent as multipart (the image); the image comes last, after every text. */
export function BannerEditPage({
  banner,
  products,
  result,
}: {
  banner: AdminBanner | null;
  products: readonly ProductChoice[];
  result?: CampaignFormResult;
}) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  const state = formState(result);
  const field = useFieldProps(state, storedValues(banner));
  const enabled = state ? state.values.enabled === "on" : (banner?.enabled ?? true);
  return (
    <>
      <PageTitle>{banner ? t("campaigns.banner.editTitle") : t("campaigns.banner.newTitle")}</PageTitle>
      <FormNotice result={result} />
      {banner ? <MissingLocales missing={banner.missing} /> : null}
      <PostForm encType="multipart/form-data" className={`${admin.card} ${admin.stack}`} noValidate>
        <TextField
          label={t("campaigns.field.key")}
          hint={t("campaigns.field.keyHint")}
          required
          requiredLabel={t("form.required")}
          readOnly={!!banner}
          maxLength={64}
          autoComplete="off"
          {...field("partner_key")}
        />
        <LocaleFields
          fields={(locale) => (
            <>
              <TextField
                label={t("campaigns.field.title")}
                required={locale === "en"}
                requiredLabel={t("form.required")}
                maxLength={TITLE_MAX}
                {...field(localeField("title", locale))}
              />
              <TextField
                label={t("campaigns.field.description")}
                maxLength={DESCRIPTION_MAX}
                {...field(localeField("description", locale))}
              />
            </>
          )}
        />
        {banner && !banner.rateFrom ? <p className={admin.noticeError}>{t("campaigns.rate.legacy", { text: banner.rate })}</p> : null}
        <div className={styles.row}>
          <TextField
            label={t("campaigns.rate.from")}
            hint={t("campaigns.rate.hint")}
            required
            requiredLabel={t("form.required")}
            inputMode="decimal"
            autoComplete="off"
            maxLength={6}
            {...field("rate_from")}
          />
          <TextField label={t("campaigns.rate.to")} inputMode="decimal" autoComplete="off" maxLength={6} {...field("rate_to")} />
        </div>
        <TextField
          label={t("campaigns.field.rateDate")}
          hint={t("campaigns.field.rateDateHint")}
          type="date"
          required
          requiredLabel={t("form.required")}
          {...field("rate_date")}
        />
        <LinkField field={field} />
        <AdFields field={field} products={products} />
        <WindowFields field={field} enabled={enabled} />
        <ImageField box={BANNER_IMAGE} current={banner?.image} required={!banner} error={state?.errors.image as AdminKey | undefined} />
        <SaveButtons published={!!banner?.published} busy={busy} />
      </PostForm>
    </>
  );
}
