import { Link, useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { SelectField, TextField } from "#app/ui/Field.tsx";
import { useAdminT } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import { formState, useFieldProps } from "#app/features/console/locale-fields.tsx";
import { PARTNER_KEY_MAX } from "#app/features/products/schema.ts";
import type { NewProductResult } from "#app/features/products/actions.server.ts";
import admin from "#app/features/console/console.module.css";

/** Adds a product (issue 47, item 1): its partner key, for good, and its lender; its page then asks for the rest. */
export function NewProductPage({ lenders, result }: { lenders: { id: number; legalName: string }[]; result?: NewProductResult }) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  const state = formState(result);
  const field = useFieldProps(state, {});
  const required = { required: true, requiredLabel: t("form.required") };
  return (
    <>
      <PageTitle>{t("products.newTitle")}</PageTitle>
      <p className={admin.muted}>{t("products.newIntro")}</p>
      {state ? <Notice tone="error">{t("products.errorSummary")}</Notice> : null}
      {lenders.length === 0 ? (
        <Notice tone="error">
          {t("lenders.none")} <Link to="/admin/lenders/new">{t("lenders.add")}</Link>
        </Notice>
      ) : null}
      <PostForm className={`${admin.card} ${admin.stack}`} noValidate>
        <TextField
          label={t("products.field.partnerKey")}
          hint={t("products.field.partnerKeyHint")}
          maxLength={PARTNER_KEY_MAX}
          autoCapitalize="none"
          spellCheck={false}
          {...required}
          {...field("partner_key")}
        />
        <SelectField label={t("products.field.lender")} hint={t("products.field.lenderHint")} {...required} {...field("lender_id")}>
          <option value="">{t("products.field.choose")}</option>
          {lenders.map((l) => (
            <option key={l.id} value={l.id} lang="ko">
              {l.legalName}
            </option>
          ))}
        </SelectField>
        <div className={admin.toolbar}>
          <Button type="submit" disabled={busy}>
            {t("products.create")}
          </Button>
        </div>
      </PostForm>
    </>
  );
}
