import { useNavigation } from "react-router";
import { TextArea, TextField } from "#app/ui/Field.tsx";
import { LOCALES } from "#app/i18n/locales.ts";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { PageTitle, PostForm } from "#app/features/console/parts.tsx";
import type { AdminPopup } from "#app/features/campaigns/campaigns.server.ts";
import type { CampaignFormResult } from "#app/features/campaigns/actions.server.ts";
import { POPUP_IMAGE } from "#app/features/campaigns/model.ts";
import { ALT_MAX, EVENT_TERMS_MAX, localeField } from "#app/features/campaigns/schema.ts";
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

function storedValues(popup: AdminPopup): Record<string, string> {
  return {
    link: popup.link,
    ...Object.fromEntries(LOCALES.map((l) => [localeField("alt", l), popup.alts[l]])),
    ...Object.fromEntries(LOCALES.map((l) => [localeField("event_terms", l), popup.eventTerms[l]])),
    event_from: popup.eventFrom,
    event_until: popup.eventUntil,
    active_from: utcToKst(popup.activeFrom),
    active_until: utcToKst(popup.activeUntil),
    product_key: popup.productKey,
    confirm_no: popup.confirmNo,
    confirm_until: popup.confirmUntil,
    review_no: popup.reviewNo,
    review_until: popup.reviewUntil,
  };
}

/** The event popup: image, link, alternative text per language, time window, on/off. */
export function PopupEditPage({
  popup,
  products,
  result,
}: {
  popup: AdminPopup;
  products: readonly ProductChoice[];
  result?: CampaignFormResult;
}) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  const state = formState(result);
  const field = useFieldProps(state, storedValues(popup));
  const enabled = state ? state.values.enabled === "on" : popup.enabled;
  return (
    <>
      <PageTitle>{t("campaigns.popup.title")}</PageTitle>
      <FormNotice result={result} />
      <MissingLocales missing={popup.missing} />
      <PostForm encType="multipart/form-data" className={`${admin.card} ${admin.stack}`} noValidate>
        <LinkField field={field} />
        <LocaleFields
          fields={(locale) => (
            <TextField
              label={t("campaigns.field.alt")}
              required={locale === "en"}
              requiredLabel={t("form.required")}
              maxLength={ALT_MAX}
              {...field(localeField("alt", locale))}
            />
          )}
        />
        <fieldset className={admin.stack}>
          <legend>{t("campaigns.event.legend")}</legend>
          <p className={admin.muted}>{t("campaigns.event.hint")}</p>
          {LOCALES.map((locale) => (
            <TextArea
              key={locale}
              label={`${t("campaigns.field.eventTerms")} (${t(`campaigns.lang.${locale}`)})`}
              lang={locale}
              maxLength={EVENT_TERMS_MAX}
              rows={3}
              {...field(localeField("event_terms", locale))}
            />
          ))}
          <TextField label={t("campaigns.field.eventFrom")} type="date" {...field("event_from")} />
          <TextField label={t("campaigns.field.eventUntil")} type="date" {...field("event_until")} />
        </fieldset>
        <AdFields field={field} products={products} />
        <WindowFields field={field} enabled={enabled} />
        <ImageField box={POPUP_IMAGE} current={popup.image} error={state?.errors.image as AdminKey | undefined} />
        <SaveButtons published={popup.published} busy={busy} />
      </PostForm>
    </>
  );
}
