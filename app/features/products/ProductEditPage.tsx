import { useNavigation } from "react-router";
import { LOCALES } from "#app/i18n/locales.ts";
import { Button } from "#app/ui/Button.tsx";
import { FieldError, SelectField, TextArea, TextField } from "#app/ui/Field.tsx";
import { INTEREST_TIMINGS, RATE_KINDS, STAMP_DUTY } from "#app/loans/terms.ts";
import { ApprovalFields } from "#app/features/console/ad-approval.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import { LocaleFields, formState, useFieldProps } from "#app/features/console/locale-fields.tsx";
import { EMPLOYMENT_KINDS, METHODS, VISA_TYPES } from "#app/features/products/model.ts";
import { LENDER_TEXT_MAX, LENDER_WORDS_MAX, NAME_MAX } from "#app/features/products/schema.ts";
import type { AdminProduct } from "#app/features/products/products.server.ts";
import type { ProductFormResult } from "#app/features/products/actions.server.ts";
import admin from "#app/features/console/console.module.css";
import styles from "./products.module.css";

/** Repeated checkboxes of one field (methods, visas, kinds of employment), with the field's message. */
function Choices({
  name,
  legend,
  options,
  checked,
  error,
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  checked: string;
  error?: string;
}) {
  const on = new Set(checked.split(","));
  return (
    <fieldset className={styles.choices} aria-describedby={error ? `${name}-error` : undefined}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value}>
          <input type="checkbox" name={name} value={o.value} defaultChecked={on.has(o.value)} /> {o.label}
        </label>
      ))}
      <FieldError id={`${name}-error`} message={error} />
    </fieldset>
  );
}

/**
 * A product's figures and rules (issue 27). Saving keeps a draft (seen only in
 * the preview); publishing makes it live from its effective-from (Korea time;
 * empty: at once). A rate above 20 % a year or a range upside down is refused.
 */
export function ProductEditPage({ product, result, created }: { product: AdminProduct; result?: ProductFormResult; created?: boolean }) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  const state = formState(result && "errors" in result ? result : undefined);
  const stored = product.draft ?? product.live ?? product.scheduled?.values ?? {};
  const field = useFieldProps(state, stored);
  const value = (name: string) => (state ? (state.values[name] ?? "") : (stored[name] ?? ""));
  const error = (name: string) => (state?.errors[name] ? t(state.errors[name] as AdminKey) : undefined);
  const required = { required: true, requiredLabel: t("form.required") };
  return (
    <>
      <PageTitle>{t("products.editTitle", { name: product.name })}</PageTitle>
      {created && !result ? <Notice tone="ok">{t("products.created")}</Notice> : null}
      {result && "ok" in result ? <Notice tone="ok">{t(`products.done.${result.ok}` as AdminKey)}</Notice> : null}
      {state ? <Notice tone="error">{t((state.errors.form as AdminKey | undefined) ?? "products.errorSummary")}</Notice> : null}
      <p className={admin.muted}>{product.draft ? t("products.editingDraft") : t("products.editingLive")}</p>
      <PostForm className={`${admin.card} ${admin.stack}`} noValidate>
        <LocaleFields
          fields={(locale) => (
            <TextField
              label={t("products.field.name")}
              maxLength={NAME_MAX}
              {...(locale === "en" ? required : {})}
              {...field(`name_${locale}`)}
            />
          )}
        />
        <div className={styles.pair}>
          <TextField label={t("products.field.amountMin")} inputMode="numeric" {...required} {...field("amount_min")} />
          <TextField label={t("products.field.amountMax")} inputMode="numeric" {...required} {...field("amount_max")} />
          <TextField label={t("products.field.rateMin")} inputMode="decimal" {...required} {...field("rate_min")} />
          <TextField label={t("products.field.rateMax")} inputMode="decimal" {...required} {...field("rate_max")} />
          <TextField label={t("products.field.termMin")} inputMode="numeric" {...required} {...field("term_min")} />
          <TextField label={t("products.field.termMax")} inputMode="numeric" {...required} {...field("term_max")} />
        </div>
        <p className={admin.muted}>{t("products.field.rateHint")}</p>
        <Choices
          name="methods"
          legend={t("products.field.methods")}
          options={METHODS.map((m) => ({ value: m, label: t(`products.method.${m}` as AdminKey) }))}
          checked={value("methods")}
          error={error("methods")}
        />
        <Choices
          name="visas"
          legend={t("products.field.visas")}
          options={VISA_TYPES.map((v) => ({ value: v, label: v }))}
          checked={value("visas")}
          error={error("visas")}
        />
        <TextField
          label={t("products.field.stayAfter")}
          hint={t("products.field.stayAfterHint")}
          inputMode="numeric"
          {...required}
          {...field("stay_after_months")}
        />
        <TextField label={t("products.field.employed")} inputMode="numeric" {...required} {...field("employed_months")} />
        <TextField
          label={t("products.field.employedByVisa")}
          hint={t("products.field.employedByVisaHint")}
          {...field("employed_months_by_visa")}
        />
        <TextField label={t("products.field.minIncome")} inputMode="numeric" {...required} {...field("min_income")} />
        <Choices
          name="employment_kinds"
          legend={t("products.field.employment")}
          options={EMPLOYMENT_KINDS.map((k) => ({ value: k, label: t(`products.employment.${k}` as AdminKey) }))}
          checked={value("employment_kinds")}
          error={error("employment_kinds")}
        />
        <TextField label={t("products.field.nationalities")} hint={t("products.field.nationalitiesHint")} {...field("nationalities")} />
        <fieldset className={admin.stack}>
          <legend>{t("products.legal.legend")}</legend>
          <p className={admin.muted}>{t("products.legal.hint")}</p>
          <TextField label={t("products.field.rateDate")} hint={t("products.field.rateDateHint")} type="date" {...field("rate_date")} />
          <p>{product.lender ? t("products.field.lenderFixed", { lender: product.lender.legalName }) : t("products.noLender")}</p>
          <TextField label={t("products.field.officialName")} maxLength={LENDER_TEXT_MAX} lang="ko" {...field("official_name")} />
          <SelectField label={t("products.field.rateKind")} {...field("rate_kind")}>
            <option value="">{t("products.field.choose")}</option>
            {RATE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`products.rateKind.${k}` as AdminKey)}
              </option>
            ))}
          </SelectField>
          <TextArea
            label={t("products.field.rateBasis")}
            hint={t("products.field.lenderWordsHint")}
            maxLength={LENDER_WORDS_MAX}
            rows={2}
            lang="ko"
            {...field("rate_basis")}
          />
          <TextField
            label={t("products.field.overdueAdd")}
            hint={t("products.field.overdueAddHint")}
            inputMode="decimal"
            {...field("overdue_add")}
          />
          <div className={styles.pair}>
            <TextField
              label={t("products.field.feeHandling")}
              hint={t("products.field.feeNoneHint")}
              inputMode="decimal"
              {...field("fee_handling")}
            />
            <TextField
              label={t("products.field.feePrepay")}
              hint={t("products.field.feeNoneHint")}
              inputMode="decimal"
              {...field("fee_prepay")}
            />
          </div>
          <TextField
            label={t("products.field.prepayMonths")}
            hint={t("products.field.prepayMonthsHint")}
            inputMode="numeric"
            {...field("prepay_months")}
          />
          <SelectField label={t("products.field.stampDuty")} {...field("stamp_duty")}>
            <option value="">{t("products.field.choose")}</option>
            {STAMP_DUTY.map((k) => (
              <option key={k} value={k}>
                {t(`products.stampDuty.${k}` as AdminKey)}
              </option>
            ))}
          </SelectField>
          <TextArea
            label={t("products.field.creditStandard")}
            hint={t("products.field.lenderWordsHint")}
            maxLength={LENDER_WORDS_MAX}
            rows={2}
            lang="ko"
            {...field("credit_standard")}
          />
          <SelectField label={t("products.field.interestTiming")} {...field("interest_timing")}>
            <option value="">{t("products.field.choose")}</option>
            {INTEREST_TIMINGS.map((k) => (
              <option key={k} value={k}>
                {t(`products.interestTiming.${k}` as AdminKey)}
              </option>
            ))}
          </SelectField>
        </fieldset>
        <fieldset className={admin.stack}>
          <legend>{t("products.translations.legend")}</legend>
          <p className={admin.muted}>{t("products.translations.hint")}</p>
          {LOCALES.map((locale) => (
            <fieldset key={locale} className={admin.stack} lang={locale}>
              <legend>{t(`campaigns.lang.${locale}`)}</legend>
              <TextArea
                label={t("products.field.rateBasisTr")}
                maxLength={LENDER_WORDS_MAX}
                rows={2}
                lang={locale}
                {...field(`rate_basis_${locale}`)}
              />
              <TextArea
                label={t("products.field.creditStandardTr")}
                maxLength={LENDER_WORDS_MAX}
                rows={2}
                lang={locale}
                {...field(`credit_standard_${locale}`)}
              />
            </fieldset>
          ))}
        </fieldset>
        <ApprovalFields field={field} />
        <TextField
          label={t("products.field.effectiveFrom")}
          hint={t("products.field.effectiveFromHint")}
          type="datetime-local"
          {...field("effective_from")}
        />
        <div className={admin.toolbar}>
          <Button type="submit" name="intent" value="save" variant="secondary" disabled={busy}>
            {t("products.saveDraft")}
          </Button>
          <Button type="submit" name="intent" value="publish" disabled={busy}>
            {t("products.savePublish")}
          </Button>
        </div>
      </PostForm>
    </>
  );
}
