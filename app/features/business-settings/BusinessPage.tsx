import { useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { TextField } from "#app/ui/Field.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import { formState, useFieldProps } from "#app/features/console/locale-fields.tsx";
import { FieldGroup } from "#app/features/console/fields.tsx";
import type { BusinessResult } from "#app/features/business-settings/actions.server.ts";
import type { BusinessModules } from "#app/business/modules.ts";
import { ModulesForm } from "#app/features/business-settings/ModulesForm.tsx";
import { ReviewerForm } from "#app/features/business-settings/ReviewerForm.tsx";
import type { ReviewerRole } from "#app/business/ad-review.ts";
import { ProcessorsForm } from "#app/features/business-settings/ProcessorsForm.tsx";
import type { Processor } from "#app/business/processors.ts";
import { UploadForm } from "#app/features/console/upload-form.tsx";
import admin from "#app/features/console/console.module.css";

type Field = { name: string; label: AdminKey; hint?: AdminKey; type?: string; inputMode?: "numeric" | "decimal" | "tel" | "email" | "url" };

/** The form's groups, in order; each field's label and hint are console catalog keys. */
const REGISTRATION: (prefix: string) => Field[] = (prefix) => [
  { name: `${prefix}_number`, label: "business.field.registrationNumber" },
  { name: `${prefix}_date`, label: "business.field.registrationDate", type: "date" },
  { name: `${prefix}_body_ko`, label: "business.field.bodyKo" },
  { name: `${prefix}_body_en`, label: "business.field.bodyEn" },
  { name: `${prefix}_verify_url`, label: "business.field.verifyUrl", type: "url", inputMode: "url" },
  { name: `${prefix}_verify_phone`, label: "business.field.verifyPhone", type: "tel", inputMode: "tel" },
];

const GROUPS: { legend: AdminKey; hint?: AdminKey; optional?: boolean; fields: Field[] }[] = [
  {
    legend: "business.group.names",
    fields: [
      { name: "legal_name_ko", label: "business.field.legalNameKo" },
      { name: "legal_name_en", label: "business.field.legalNameEn" },
      { name: "trade_name_ko", label: "business.field.tradeNameKo" },
      { name: "trade_name_en", label: "business.field.tradeNameEn", hint: "business.field.tradeNameHint" },
      { name: "representative_ko", label: "business.field.representativeKo" },
      { name: "representative_en", label: "business.field.representativeEn" },
      { name: "business_number", label: "business.field.businessNumber", hint: "business.field.businessNumberHint", inputMode: "numeric" },
    ],
  },
  { legend: "business.group.broker", hint: "business.group.brokerHint", fields: REGISTRATION("broker") },
  {
    legend: "business.group.daebu",
    hint: "business.group.daebuHint",
    optional: true,
    fields: [
      ...REGISTRATION("daebu"),
      { name: "daebu_name_exemption", label: "business.field.daebuNameExemption", hint: "business.field.daebuNameExemptionHint" },
    ],
  },
  {
    legend: "business.group.office",
    fields: [
      { name: "address_ko", label: "business.field.addressKo" },
      { name: "address_en", label: "business.field.addressEn" },
      { name: "lat", label: "business.field.lat", hint: "business.field.mapHint", inputMode: "decimal" },
      { name: "lng", label: "business.field.lng", inputMode: "decimal" },
    ],
  },
  {
    legend: "business.group.contact",
    fields: [
      { name: "phone", label: "business.field.phone", hint: "business.field.phoneHint", type: "tel", inputMode: "tel" },
      { name: "email", label: "business.field.email", type: "email", inputMode: "email" },
    ],
  },
  {
    legend: "business.group.privacyOfficer",
    hint: "business.group.privacyOfficerHint",
    fields: [
      { name: "privacy_officer_name_ko", label: "business.field.privacyOfficerNameKo" },
      { name: "privacy_officer_name_en", label: "business.field.privacyOfficerNameEn" },
      { name: "privacy_officer_position_ko", label: "business.field.privacyOfficerPositionKo" },
      { name: "privacy_officer_position_en", label: "business.field.privacyOfficerPositionEn" },
      { name: "privacy_officer_phone", label: "business.field.privacyOfficerPhone", type: "tel", inputMode: "tel" },
      { name: "privacy_officer_email", label: "business.field.privacyOfficerEmail", type: "email", inputMode: "email" },
    ],
  },
];

/**
 * The console's Business page (issue 36, item 1; administrators): who the
 * business is, as every page, the footer, the legal texts, the JSON-LD and
 * the loan-ad disclosure show it. A refused save keeps what was typed, with
 * each field's message beside it, and changes nothing.
 */
export function BusinessPage({
  stored,
  certificateUrl,
  modules,
  reviewerRole,
  processors,
  result,
}: {
  stored: Record<string, string>;
  certificateUrl: string;
  modules: BusinessModules;
  reviewerRole: ReviewerRole;
  processors: Processor[];
  result?: BusinessResult;
}) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  const state = formState(result);
  const field = useFieldProps(state, stored);
  return (
    <>
      <PageTitle>{t("business.title")}</PageTitle>
      <p className={admin.muted}>{t("business.intro")}</p>
      {result && "ok" in result ? <Notice tone="ok">{t(`business.done.${result.ok}`)}</Notice> : null}
      {state ? <Notice tone="error">{t("business.errorSummary")}</Notice> : null}
      <PostForm className={`${admin.card} ${admin.stack}`} noValidate>
        {GROUPS.map((group) => (
          <FieldGroup key={group.legend} legend={t(group.legend)} hint={group.hint ? t(group.hint) : undefined}>
            {group.fields.map((f) => (
              <TextField
                key={f.name}
                label={t(f.label)}
                hint={f.hint ? t(f.hint) : undefined}
                type={f.type ?? "text"}
                inputMode={f.inputMode}
                required={!group.optional}
                requiredLabel={t("form.required")}
                {...field(f.name)}
              />
            ))}
          </FieldGroup>
        ))}
        <div className={admin.toolbar}>
          <Button type="submit" disabled={busy}>
            {t("form.save")}
          </Button>
        </div>
      </PostForm>
      <UploadForm
        className={`${admin.card} ${admin.stack}`}
        name="certificate"
        label={t("business.certificate.file")}
        hint={t("business.certificate.hint")}
        accept="application/pdf,.pdf"
        error={result && "certificateError" in result ? t(result.certificateError) : undefined}
        submit={t("business.certificate.upload")}
      >
        <h2 className={admin.subtitle}>{t("business.certificate.title")}</h2>
        <p>
          <a href={certificateUrl} type="application/pdf">
            {t("business.certificate.current")}
          </a>
        </p>
      </UploadForm>
      <ReviewerForm role={reviewerRole} result={result} busy={busy} />
      <ModulesForm modules={modules} result={result} busy={busy} />
      <ProcessorsForm processors={processors} result={result} busy={busy} />
    </>
  );
}
