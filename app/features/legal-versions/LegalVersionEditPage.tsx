import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { Checkbox, SelectField, TextArea, TextField } from "#app/ui/Field.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import { POLICY_LANGS, type PolicyKind } from "#app/features/legal/links.ts";
import { BODY_MAX } from "#app/features/legal-versions/schema.ts";
import type { LegalFormResult, LegalListResult } from "#app/features/legal-versions/actions.server.ts";
import admin from "#app/features/console/console.module.css";
import styles from "./legal-versions.module.css";

export interface LegalVersionForm {
  kind: PolicyKind;
  /** Set for a stored version. */
  id: number | null;
  /** False for a version in force or past: shown, never changed. */
  editable: boolean;
  /** The version's values (editing) or the texts in force (a new version starts from them). */
  values: Record<string, string>;
  /** The first days a version may take effect: 7 and 30 days from today (Korea). */
  earliest: { normal: string; significant: string };
  /** The document has only the seed's versions: this new one may take effect today. */
  firstOwn: boolean;
  /** Today in Korea. */
  today: string;
}

/**
 * A new version of a legal document, or a scheduled one edited (issue 36):
 * the Korean original and the five languages in the Markdown of the files,
 * a preview of any of them as the site shows it, whether the change is
 * significant, and the date it takes effect. Too soon a date is refused
 * beside the field; nothing is saved.
 */
export function LegalVersionEditPage({ form, result: sent }: { form: LegalVersionForm; result?: LegalFormResult | LegalListResult }) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  const problem = sent && "error" in sent ? sent.error : null;
  const result = sent && "values" in sent ? sent : undefined;
  const errors = result && "errors" in result ? result.errors : null;
  const values = result ? result.values : form.values;
  const error = (name: string) => (errors?.[name] ? t(errors[name] as AdminKey) : undefined);
  // A refused save was sent from the foot of a long form: take the operator to the first field refused.
  const fields = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors) fields.current?.querySelector<HTMLElement>("[aria-invalid]")?.focus();
  }, [errors]);
  const kindName = t(`legal.kind.${form.kind}`);
  return (
    <>
      <PageTitle>
        {form.id ? t("legal.editTitle", { kind: kindName, date: form.values.effective_on ?? "" }) : t("legal.newTitle", { kind: kindName })}
      </PageTitle>
      {errors ? <Notice tone="error">{t("legal.errorSummary")}</Notice> : null}
      {problem ? <Notice tone="error">{t(`legal.error.${problem}`)}</Notice> : null}
      {form.editable ? null : <p className={admin.muted}>{t("legal.readOnly")}</p>}
      {form.editable ? <p>{t(form.firstOwn ? "legal.rule.first" : "legal.rule.notice", { today: form.today })}</p> : null}
      <div ref={fields}>
        <PostForm className={`${admin.card} ${admin.stack}`} noValidate>
          <input type="hidden" name="kind" value={form.kind} />
          <TextField
            label={t("legal.field.effectiveOn")}
            hint={t(form.firstOwn ? "legal.field.effectiveOnHintFirst" : "legal.field.effectiveOnHint", {
              ...form.earliest,
              today: form.today,
            })}
            type="date"
            name="effective_on"
            required
            requiredLabel={t("form.required")}
            defaultValue={values.effective_on ?? ""}
            readOnly={!form.editable}
            error={error("effective_on")}
          />
          <Checkbox
            name="significant"
            label={t("legal.field.significant")}
            defaultChecked={values.significant === "on" || values.significant === "1"}
            disabled={!form.editable}
          />
          <fieldset className={styles.texts}>
            <legend>{t("legal.field.texts")}</legend>
            <p className={admin.muted}>{t("legal.field.textsHint")}</p>
            {POLICY_LANGS.map((lang) => (
              <TextArea
                key={lang}
                label={t(`legal.lang.${lang}`)}
                name={`body_${lang}`}
                lang={lang}
                rows={12}
                maxLength={BODY_MAX}
                required
                requiredLabel={t("form.required")}
                defaultValue={values[`body_${lang}`] ?? ""}
                readOnly={!form.editable}
                error={error(`body_${lang}`)}
              />
            ))}
          </fieldset>
          <div className={styles.previewTools}>
            <SelectField
              label={t("legal.previewLang")}
              name="preview_lang"
              defaultValue={result && "preview" in result ? result.preview.lang : "ko"}
            >
              {POLICY_LANGS.map((lang) => (
                <option key={lang} value={lang}>
                  {t(`legal.lang.${lang}`)}
                </option>
              ))}
            </SelectField>
            <Button type="submit" name="intent" value="preview" variant="secondary" disabled={busy}>
              {t("legal.preview")}
            </Button>
          </div>
          {result && "preview" in result ? (
            <section aria-label={t("legal.previewOf", { lang: t(`legal.lang.${result.preview.lang}`) })}>
              <h2 className={admin.subtitle}>{t("legal.previewOf", { lang: t(`legal.lang.${result.preview.lang}`) })}</h2>
              <div
                className={styles.preview}
                lang={result.preview.lang}
                // Rendered on the server by the legal texts' own Markdown subset, every character escaped.
                dangerouslySetInnerHTML={{ __html: result.preview.html }}
              />
            </section>
          ) : null}
          <div className={admin.toolbar}>
            <Button type="submit" name="intent" value="save" disabled={busy}>
              {form.id ? t("legal.saveEdit") : form.firstOwn ? t("legal.saveFirst") : t("legal.schedule")}
            </Button>
          </div>
        </PostForm>
      </div>
      {form.id && form.editable ? (
        <PostForm className={admin.card} preventScrollReset>
          <p className={admin.muted}>{t("legal.withdrawHint")}</p>
          <Button type="submit" name="intent" value="withdraw" variant="secondary" disabled={busy}>
            {t("legal.withdraw")}
          </Button>
        </PostForm>
      ) : null}
    </>
  );
}
