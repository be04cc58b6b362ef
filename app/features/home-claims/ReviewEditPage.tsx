import { Link, href, useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { Checkbox, RadioGroup, SelectField, TextArea, TextField } from "#app/ui/Field.tsx";
import { LOCALES } from "#app/i18n/locales.ts";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import { LocaleFields, formState, useFieldProps } from "#app/features/console/locale-fields.tsx";
import { RATING_MAX, REVIEW_COUNTRIES } from "#app/features/home-claims/model.ts";
import { NAME_MAX, QUOTE_MAX, quoteField } from "#app/features/home-claims/schema.ts";
import type { AdminReview } from "#app/features/home-claims/home-claims.server.ts";
import type { ReviewFormResult } from "#app/features/home-claims/actions.server.ts";
import { ClaimState } from "#app/features/home-claims/ClaimsPage.tsx";
import admin from "#app/features/console/console.module.css";

const NEW_REVIEW: Record<string, string> = { rating: "5", original_lang: "en", incentive: "no" };

/**
 * A review (issue 35, item 4): the masked name, flag, rating, the customer's
 * words in their language with translations, the consent date, whether
 * anything was given for it; confirmed (with the consent date) or a sample;
 * shown or hidden.
 */
export function ReviewEditPage({ review, result }: { review: AdminReview | null; result?: ReviewFormResult }) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  const state = formState(result && "errors" in result ? result : undefined);
  const stored = review?.values ?? NEW_REVIEW;
  const field = useFieldProps(state, stored);
  const value = (name: string) => (state ? (state.values[name] ?? "") : (stored[name] ?? ""));
  const error = (name: string) => (state?.errors[name] ? t(state.errors[name] as AdminKey) : undefined);
  const required = { required: true, requiredLabel: t("form.required") };
  return (
    <>
      <p className={admin.back}>
        <Link to={href("/admin/home-claims")}>{t("claims.back")}</Link>
      </p>
      <PageTitle>{review ? t("claims.review.editTitle", { name: review.name }) : t("claims.review.newTitle")}</PageTitle>
      {result && "ok" in result ? <Notice tone="ok">{t("claims.done.saved")}</Notice> : null}
      {state ? <Notice tone="error">{t("claims.errorSummary")}</Notice> : null}
      {review ? (
        <p>
          <ClaimState confirmed={review.confirmed} />
        </p>
      ) : null}
      <PostForm className={`${admin.card} ${admin.stack}`} noValidate>
        <TextField label={t("claims.field.name")} hint={t("claims.field.nameHint")} maxLength={NAME_MAX} {...required} {...field("name")} />
        <SelectField label={t("claims.field.country")} {...required} {...field("country")}>
          <option value="">—</option>
          {REVIEW_COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {t(`claims.country.${c}`)}
            </option>
          ))}
        </SelectField>
        <RadioGroup
          legend={t("claims.field.rating")}
          name="rating"
          options={Array.from({ length: RATING_MAX }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
          defaultValue={value("rating")}
          error={error("rating")}
          {...required}
        />
        <SelectField label={t("claims.field.originalLang")} {...required} {...field("original_lang")}>
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {t(`campaigns.lang.${l}`)}
            </option>
          ))}
        </SelectField>
        <TextArea label={t("claims.field.quote")} maxLength={QUOTE_MAX} rows={4} {...required} {...field("quote")} />
        <fieldset className={admin.stack}>
          <legend className={admin.subsubtitle}>{t("claims.field.translations")}</legend>
          <p className={admin.muted}>{t("claims.field.translationsHint")}</p>
          <LocaleFields
            fields={(locale) => (
              <TextArea label={t("claims.field.translation")} maxLength={QUOTE_MAX} rows={3} {...field(quoteField(locale))} />
            )}
          />
        </fieldset>
        <TextField label={t("claims.field.consentDate")} hint={t("claims.field.consentHint")} type="date" {...field("consent_date")} />
        <RadioGroup
          legend={t("claims.field.incentive")}
          name="incentive"
          options={[
            { value: "no", label: t("claims.incentive.no") },
            { value: "yes", label: t("claims.incentive.yes") },
          ]}
          defaultValue={value("incentive")}
          error={error("incentive")}
          stacked
          {...required}
        />
        <Checkbox
          name="confirm"
          label={t("claims.field.confirmReview")}
          defaultChecked={value("confirm") === "on"}
          error={error("confirm")}
        />
        <Checkbox name="hidden" label={t("claims.field.hidden")} defaultChecked={value("hidden") === "on"} />
        <div className={admin.toolbar}>
          <Button type="submit" disabled={busy}>
            {t("claims.saveReview")}
          </Button>
        </div>
      </PostForm>
    </>
  );
}
