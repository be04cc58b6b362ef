import type { NamedLender } from "#app/features/consultation/LenderNotice.tsx";
import { Link, Form, useLocation } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { LANG_QUERY } from "#app/i18n/locales.ts";
import { policyHref } from "#app/features/legal/links.ts";
import { SubmitButton } from "#app/ui/Button.tsx";
import { Checkbox, PhoneField, RadioGroup, SelectField, TextField } from "#app/ui/Field.tsx";
import { Honeypot } from "#app/ui/Honeypot.tsx";
import { useHydrated } from "#app/ui/useHydrated.ts";
import { normalizePhone, type FormField } from "#app/features/consultation/schema.ts";
import { VISA_OPTIONS } from "#app/requests/questions.ts";
import { useConsultationForm } from "#app/features/consultation/useConsultationForm.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { CheckShare } from "#app/features/eligibility/CheckShare.tsx";
import type { FromCheck } from "#app/features/eligibility/eligibility.server.ts";
import { LenderNotice } from "#app/features/consultation/LenderNotice.tsx";
import styles from "./ConsultationForm.module.css";

/**
 * The loan consultation form (spec §2, §4, §5). Server-rendered and posted to
 * the route's action without JavaScript; with it, validated here with the
 * same schema and sent to POST /svc/answer/create (docs/decisions/0005).
 */
export function ConsultationForm({
  actionData,
  fromCheck,
  lenders,
  texts = false,
}: {
  actionData?: FormResult;
  /** The text channel is on (issue 49): the phone field says the link and the call notice come by 알림톡 or text. */
  texts?: boolean;
  fromCheck?: FromCheck | null;
  /** The lenders named before the request (금융소비자보호법 제26조①1). */
  lenders: readonly NamedLender[];
}) {
  const t = useT();
  const location = useLocation();
  const hydrated = useHydrated();
  const { formRef, state, errors, status, submitting, update, chooseExpiry, onDateChange, onSubmit } = useConsultationForm(
    actionData,
    fromCheck,
  );

  const error = (field: FormField) => (errors[field] ? t(errors[field]) : undefined);
  const requiredLabel = t("consultation.form.requiredLabel");
  const lang = new URLSearchParams(location.search).get(LANG_QUERY);
  // A post without JavaScript keeps the check in its URL, so a form sent back with errors still carries it.
  const query = [lang ? `${LANG_QUERY}=${encodeURIComponent(lang)}` : "", fromCheck?.query ?? ""].filter(Boolean).join("&");
  const action = `/loan-consultation${query ? `?${query}` : ""}`;
  const policyLink = (
    <Link to={policyHref(location, "privacy")} preventScrollReset className={styles.policyLink}>
      {t("consultation.consent.viewPolicy")}
    </Link>
  );

  return (
    <Form ref={formRef} method="post" action={action} noValidate onSubmit={onSubmit} className={styles.form}>
      <input type="hidden" name="submissionId" value={state.submissionId} />
      <Honeypot label={t("consultation.form.honeypot")} />
      <p className={styles.requiredNote}>
        <span aria-hidden="true">* </span>
        {t("consultation.form.requiredNote")}
      </p>

      <RadioGroup
        legend={t("consultation.intent.legend")}
        name="type"
        options={[
          { value: "yes", label: t("consultation.intent.yes") },
          { value: "no", label: t("consultation.intent.no") },
        ]}
        value={state.type}
        onChange={(value) => update("type", value)}
        error={error("type")}
        required
        requiredLabel={requiredLabel}
      />

      <SelectField
        label={t("consultation.visa.label")}
        name="visaType"
        value={state.visaType}
        onChange={(e) => update("visaType", e.currentTarget.value)}
        error={error("visaType")}
        required
        requiredLabel={requiredLabel}
      >
        <option value="" disabled>
          {t("consultation.visa.placeholder")}
        </option>
        {VISA_OPTIONS.map((visa) => (
          <option key={visa} value={visa}>
            {visa === "Others" ? t("consultation.visa.others") : visa}
          </option>
        ))}
      </SelectField>

      <div className={styles.group}>
        <RadioGroup
          legend={t("consultation.expiry.legend")}
          name="expiryChoice"
          options={[
            { value: "date", label: t("consultation.expiry.date") },
            { value: "unknown", label: t("consultation.expiry.unknown") },
          ]}
          value={state.expiryChoice}
          onChange={chooseExpiry}
          error={error("expiryChoice")}
          required
          requiredLabel={requiredLabel}
        />
        <TextField
          label={t("consultation.expiry.dateLabel")}
          hint={t("consultation.expiry.dateHint")}
          name="expiryDate"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t("consultation.expiry.datePlaceholder")}
          maxLength={10}
          value={state.expiryDate}
          onChange={onDateChange}
          error={error("expiryDate")}
          className={state.expiryChoice === "unknown" ? styles.muted : undefined}
        />
      </div>

      {fromCheck ? <CheckShare fromCheck={fromCheck} /> : null}

      <TextField
        label={t("consultation.nationality.label")}
        name="nationality"
        autoComplete="country-name"
        maxLength={100}
        value={state.nationality}
        onChange={(e) => update("nationality", e.currentTarget.value)}
        error={error("nationality")}
        required
        requiredLabel={requiredLabel}
      />
      <TextField
        label={t("consultation.name.label")}
        name="name"
        autoComplete="name"
        autoCapitalize="characters"
        maxLength={100}
        value={state.name}
        onChange={(e) => update("name", e.currentTarget.value)}
        error={error("name")}
        required
        requiredLabel={requiredLabel}
      />
      <PhoneField
        label={t("consultation.phone.label")}
        hint={texts ? `${t("consultation.phone.hint")} ${t("consultation.phone.texts")}` : t("consultation.phone.hint")}
        name="phone"
        placeholder="010XXXXXXXX"
        value={state.phone}
        onChange={(e) => update("phone", normalizePhone(e.currentTarget.value))}
        error={error("phone")}
        required
        requiredLabel={requiredLabel}
      />

      <div className={styles.consents}>
        <Checkbox
          label={t("consultation.consent.required")}
          name="agreeRequired"
          value="Y"
          checked={state.agreeRequired}
          onChange={(e) => update("agreeRequired", e.currentTarget.checked)}
          error={error("agreeRequired")}
          aside={policyLink}
          required
          requiredLabel={requiredLabel}
        />
        <Checkbox
          label={t("consultation.consent.marketing")}
          name="agreeMarketing"
          value="Y"
          checked={state.agreeMarketing}
          onChange={(e) => update("agreeMarketing", e.currentTarget.checked)}
          error={error("agreeMarketing")}
          aside={policyLink}
        />
        {state.contactOk || errors.contactOk ? (
          <div className={styles.refused} data-contact-ask="">
            <p>{t("consultation.refused.body")}</p>
            <Checkbox
              label={t("consultation.refused.allow")}
              name="contactOk"
              value="Y"
              checked={state.contactOk}
              onChange={(e) => update("contactOk", e.currentTarget.checked)}
              error={error("contactOk")}
            />
          </div>
        ) : null}
      </div>

      <div className={styles.footer}>
        <LenderNotice lenders={lenders} />
        {status.kind === "error" ? (
          <p role="alert" className={styles.alert}>
            {t(status.message, status.count === undefined ? undefined : { count: status.count })}
          </p>
        ) : null}
        {!state.agreeRequired ? (
          <p id="consultation-consent-notice" className={styles.notice}>
            {t("consultation.consent.notice")}
          </p>
        ) : null}
        <SubmitButton
          block
          disabled={hydrated && (submitting || !state.agreeRequired)}
          aria-describedby={!state.agreeRequired ? "consultation-consent-notice" : undefined}
          submitting={submitting}
          label={t("consultation.submit.idle")}
          busyLabel={t("consultation.submit.busy")}
        />
      </div>
    </Form>
  );
}
