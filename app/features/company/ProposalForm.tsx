import { useRef, useState, type FormEvent } from "react";
import { Form, Link, useLocation } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { validate, digitsOnly, type FieldErrors } from "#app/lib/schema.ts";
import { newSubmissionId } from "#app/lib/submission.ts";
import { postSvc } from "#app/lib/svc-fetch.ts";
import { useHydrated } from "#app/ui/useHydrated.ts";
import { policyHref } from "#app/features/legal/links.ts";
import { AlertDialog } from "#app/ui/AlertDialog.tsx";
import { Button } from "#app/ui/Button.tsx";
import { TextArea, TextField } from "#app/ui/Field.tsx";
import { ConsentField } from "#app/ui/ConsentField.tsx";
import { Honeypot } from "#app/ui/Honeypot.tsx";
import { HONEYPOT_FIELD } from "#app/lib/honeypot.ts";
import { PROPOSAL_FIELDS, proposalFormSchema, type ProposalField } from "#app/features/company/schema.ts";
import type { ProposalActionData } from "#app/features/company/proposal.server.ts";
import styles from "./company.module.css";

type Values = Record<ProposalField, string>;
const EMPTY: Values = { proposer_name: "", proposer_phone: "", proposer_email: "", proposal_content: "" };
type Alert = "success" | "failure" | null;

/**
 * The partnership proposal (spec §2 /company/contact-us, §4, §5, §8). Without
 * JavaScript it posts to the page's action; with it, it checks the fields,
 * sends JSON to /svc/proposal/create and shows the result in an alert dialog,
 * clearing the form after a success. Submit is disabled until consent is
 * ticked (once hydrated: before that the server checks consent).
 */
export function ProposalForm({ submissionId: initialId, result }: { submissionId: string; result?: ProposalActionData }) {
  const t = useT();
  const location = useLocation();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => (result?.status === "invalid" ? { ...EMPTY, ...result.values } : EMPTY));
  const [errors, setErrors] = useState<FieldErrors>(() => (result?.status === "invalid" ? result.errors : {}));
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [alert, setAlert] = useState<Alert>(null);
  const [submissionId, setSubmissionId] = useState(initialId);
  // The answer to a post made without JavaScript (or before it loaded), shown until the next submit.
  const [notice, setNotice] = useState(result && result.status !== "invalid" ? result.status : null);

  const set = (field: ProposalField, value: string) => {
    setValues((v) => ({ ...v, [field]: field === "proposer_phone" ? digitsOnly(value) : value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setNotice(null);
    const check = validate(proposalFormSchema, { ...values, agree: agreed });
    if (!check.success) {
      setErrors(check.errors);
      const first = [...PROPOSAL_FIELDS, "agree"].find((f) => check.errors[f]);
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    const { agree: _agree, ...payload } = check.output;
    const sent = await postSvc("/svc/proposal/create", { ...payload, submission_id: submissionId, [HONEYPOT_FIELD]: honeypot ?? "" });
    setSubmitting(false);
    if (sent.ok) {
      setValues(EMPTY);
      setAgreed(false);
      setErrors({});
      setSubmissionId(newSubmissionId());
      setAlert("success");
    } else {
      // The server's messages are already in the page's language.
      setErrors(sent.errors);
      setAlert("failure");
    }
  }

  const error = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  const field = (name: ProposalField) => ({
    name,
    value: values[name],
    error: error(name),
    required: true,
    requiredLabel: t("company.contact.required"),
    onChange: (e: { currentTarget: { value: string } }) => set(name, e.currentTarget.value),
  });

  return (
    <>
      {notice ? (
        <p role="status" className={notice === "sent" ? styles.success : styles.failure}>
          {t(notice === "sent" ? "company.contact.alert.success" : "company.contact.alert.failure")}
        </p>
      ) : null}
      <Form method="post" ref={formRef} onSubmit={onSubmit} className={styles.form}>
        <input type="hidden" name="submission_id" value={submissionId} />
        <Honeypot label={t("company.contact.honeypot")} />
        <TextField {...field("proposer_name")} label={t("company.contact.fields.name")} autoComplete="organization" maxLength={200} />
        <TextField {...field("proposer_phone")} label={t("company.contact.fields.phone")} hint={t("company.contact.fields.phoneHint")}
          type="tel" inputMode="numeric" autoComplete="tel" maxLength={20} />
        <TextField {...field("proposer_email")} label={t("company.contact.fields.email")}
          type="text" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} maxLength={320} />
        <TextArea {...field("proposal_content")} label={t("company.contact.fields.content")} rows={6} maxLength={5000} />

        <ConsentField name="agree" value="on" checked={agreed} required requiredLabel={t("company.contact.required")}
          summary={t("company.contact.consent.summary")} label={t("company.contact.consent.label")} error={error("agree")}
          onChange={(e) => {
            setAgreed(e.currentTarget.checked);
            setErrors(({ agree: _cleared, ...rest }) => rest);
          }}
          policyLink={<Link to={policyHref(location, "privacy")} preventScrollReset>{t("company.contact.consent.view")}</Link>} />

        <Button type="submit" block disabled={hydrated && (!agreed || submitting)} aria-busy={submitting || undefined}>
          {submitting ? t("company.contact.submitting") : t("company.contact.submit")}
        </Button>
      </Form>
      <AlertDialog open={alert !== null} confirmLabel={t("company.contact.alert.confirm")}
        onClose={() => {
          // After a success the submit button is disabled again: give focus to the empty form instead.
          if (alert === "success") formRef.current?.querySelector<HTMLElement>('[name="proposer_name"]')?.focus();
          setAlert(null);
        }}
        message={alert === "success" ? t("company.contact.alert.success") : t("company.contact.alert.failure")} />
    </>
  );
}
