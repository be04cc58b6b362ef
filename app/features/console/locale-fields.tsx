import type { ReactNode } from "react";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import admin from "./console.module.css";
import styles from "./locale-fields.module.css";

/**
 * The console's editing kit for content kept per language (campaigns,
 * products): a form's refused state, each field's props, one group of fields
 * per language, and the languages still missing. Every error is a console
 * catalog key; a refused form shows the values sent.
 */
export type FormState = { errors: Record<string, string>; values: Record<string, string> } | null;

export function formState(result: { errors: Record<string, string>; values: Record<string, string> } | object | undefined): FormState {
  return result && "errors" in result && "values" in result ? (result as NonNullable<FormState>) : null;
}

export function useFieldProps(state: FormState, stored: Record<string, string>) {
  const t = useAdminT();
  return (name: string) => ({
    name,
    defaultValue: state ? (state.values[name] ?? "") : (stored[name] ?? ""),
    error: state?.errors[name] ? t(state.errors[name] as AdminKey) : undefined,
  });
}

export function MissingLocales({ missing }: { missing: readonly Locale[] }) {
  const t = useAdminT();
  const others = missing.filter((l) => l !== "en");
  if (!others.length) return null;
  return <p className={styles.meta}>{t("campaigns.missing", { langs: others.map((l) => t(`campaigns.lang.${l}`)).join(", ") })}</p>;
}

/** One group of fields per language (English first and required). */
export function LocaleFields({ fields }: { fields: (locale: Locale) => ReactNode }) {
  const t = useAdminT();
  return (
    <fieldset className={admin.group}>
      <legend>{t("campaigns.field.texts")}</legend>
      <p className={styles.meta}>{t("campaigns.field.langHint")}</p>
      {LOCALES.map((locale) => (
        <fieldset key={locale} className={styles.lang} lang={locale}>
          <legend>{t(`campaigns.lang.${locale}`)}</legend>
          {fields(locale)}
        </fieldset>
      ))}
    </fieldset>
  );
}
