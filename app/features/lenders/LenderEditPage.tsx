import { useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { TextField } from "#app/ui/Field.tsx";
import { useAdminT } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import { LocaleFields, formState, useFieldProps } from "#app/features/console/locale-fields.tsx";
import { DISPLAY_NAME_MAX, LEGAL_NAME_MAX } from "#app/features/lenders/schema.ts";
import type { AdminLender } from "#app/features/lenders/lenders.server.ts";
import type { LenderFormResult } from "#app/features/lenders/actions.server.ts";
import { IMAGE_ACCEPT, UploadForm } from "#app/features/console/upload-form.tsx";
import admin from "#app/features/console/console.module.css";
import styles from "./lenders.module.css";

/** A new lender, or one being renamed: its legal name (상호) and its name in each language. */
export function LenderEditPage({ lender, result, created }: { lender: AdminLender | null; result?: LenderFormResult; created?: boolean }) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  const state = formState(result && "errors" in result ? result : undefined);
  const field = useFieldProps(state, lender?.values ?? {});
  const required = { required: true, requiredLabel: t("form.required") };
  return (
    <>
      <PageTitle>{lender ? t("lenders.editTitle", { name: lender.legalName }) : t("lenders.newTitle")}</PageTitle>
      {created && !result ? <Notice tone="ok">{t("lenders.done.created")}</Notice> : null}
      {result && "ok" in result ? <Notice tone="ok">{t(result.ok === "logo" ? "lenders.done.logo" : "lenders.done.saved")}</Notice> : null}
      {state ? <Notice tone="error">{t("lenders.errorSummary")}</Notice> : null}
      <PostForm className={`${admin.card} ${admin.stack}`} noValidate>
        <TextField
          label={t("lenders.field.legalName")}
          hint={t("lenders.field.legalNameHint")}
          maxLength={LEGAL_NAME_MAX}
          lang="ko"
          {...required}
          {...field("legal_name")}
        />
        <LocaleFields
          fields={(locale) => (
            <TextField
              label={t("lenders.field.name")}
              maxLength={DISPLAY_NAME_MAX}
              {...(locale === "en" ? required : {})}
              {...field(`name_${locale}`)}
            />
          )}
        />
        <div className={admin.toolbar}>
          <Button type="submit" disabled={busy}>
            {lender ? t("lenders.save") : t("lenders.create")}
          </Button>
        </div>
      </PostForm>
      {lender ? <LogoForm lender={lender} error={result && "logoError" in result ? t(result.logoError) : undefined} /> : null}
    </>
  );
}

/** The lender's logo on the partners page: the one shown now, a new upload, or none (its name alone is shown). */
function LogoForm({ lender, error }: { lender: AdminLender; error?: string }) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  return (
    <section className={`${admin.card} ${admin.stack}`} aria-labelledby="lender-logo">
      <h2 id="lender-logo" className={admin.subtitle}>
        {t("lenders.logo.title")}
      </h2>
      {lender.logo ? (
        <img src={lender.logo} alt="" width={320} height={160} className={styles.logo} decoding="async" />
      ) : (
        <p className={admin.muted}>{t("lenders.logo.none")}</p>
      )}
      <UploadForm
        name="logo"
        label={t("lenders.logo.file")}
        hint={t("lenders.logo.hint")}
        accept={IMAGE_ACCEPT}
        error={error}
        submit={t("lenders.logo.upload")}
      />
      {lender.logo ? (
        <PostForm intent="remove-logo" noValidate>
          <Button type="submit" variant="secondary" disabled={busy}>
            {t("lenders.logo.remove")}
          </Button>
        </PostForm>
      ) : null}
    </section>
  );
}
