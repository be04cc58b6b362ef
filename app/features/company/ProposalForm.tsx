import { useRef, useState, type FormEvent } from "react";
import { Form, useLocation, href } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { validate, digitsOnly } from "#app/lib/schema.ts";
import { useSubmissionId } from "#app/ui/useSubmissionId.ts";
import { postSvc, rejectedErrors } from "#app/lib/svc-fetch.ts";
import { readSource } from "#app/features/attribution/session.ts";
import { statusPathOf } from "#app/requests/status-link.ts";
import { StatusLinkBox } from "#app/requests/StatusLinkBox.tsx";
import { useForm } from "#app/ui/useForm.ts";
import { useHydrated } from "#app/ui/useHydrated.ts";
import { policyHref } from "#app/features/legal/links.ts";
import { AlertDialog } from "#app/ui/AlertDialog.tsx";
import { PhoneField, TextArea, TextField } from "#app/ui/Field.tsx";
import { ConsentSubmit } from "#app/ui/ConsentField.tsx";
import { Honeypot } from "#app/ui/Honeypot.tsx";
import { HONEYPOT_FIELD } from "#app/lib/honeypot.ts";
import { PROPOSAL_FIELDS, proposalFormSchema, type ProposalField } from "#app/features/company/schema.ts";
import { waitMessage, type FormResult } from "#app/lib/form-result.ts";
import styles from "./company.module.css";

type Values = Record<ProposalField, string>;
const EMPTY: Values = { proposer_name: "", proposer_phone: "", proposer_email: "", proposal_content: "" };
const ORDER = [...PROPOSAL_FIELDS, "agree"] as const;
type Alert = "success" | "failure" | null;

/**
 * The partnership proposal (spec §2 /company/contact-us, §4, §5, §8). Without
 * JavaScript it posts to the page's action; with it, it checks the fields,
 * sends JSON to /svc/proposal/create and shows the result in an alert dialog,
 * clearing the form after a success. Submit is disabled until consent is
 * ticked (once hydrated: before that the server checks consent).
 */
export function ProposalForm({ result }: { result?: FormResult }) {
  const t = useT();
  const location = useLocation();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  // What was typed comes back with field errors, and with a refusal (the service briefly away).
  const [values, setValues] = useState<Values>(() => (result && result.status !== "sent" ? { ...EMPTY, ...result.values } : EMPTY));
  const { errors, setErrors, clear, showErrors, submitting, submit } = useForm({
    form: formRef,
    order: ORDER,
    initialErrors: result?.status === "invalid" ? result.errors : {},
  });
  const [agreed, setAgreed] = useState(false);
  const [alert, setAlert] = useState<Alert>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [submissionId, renewSubmissionId] = useSubmissionId();
  // The answer to a post made without JavaScript (or before it loaded), shown until the next submit.
  const [notice, setNotice] = useState(result && result.status !== "invalid" ? result.status : null);
  const wait = waitMessage(result);
  // The sent proposal's private status link (issue 28): from the answer, or from the page's action without JavaScript.
  const [statusPath, setStatusPath] = useState(result?.status === "sent" ? (result.statusPath ?? null) : null);

  const set = (field: ProposalField, value: string) => {
    setValues((v) => ({ ...v, [field]: field === "proposer_phone" ? digitsOnly(value) : value }));
    clear(field);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    void submit(async () => {
      setNotice(null);
      setStatusPath(null);
      const check = validate(proposalFormSchema, { ...values, agree: agreed });
      if (!check.success) return showErrors(check.errors);
      const { agree: _agree, ...payload } = check.output;
      const sent = await postSvc(href("/svc/proposal/create"), {
        ...payload,
        submission_id: submissionId,
        source: readSource(),
        [HONEYPOT_FIELD]: honeypot ?? "",
      });
      if (sent.kind === "ok") {
        setStatusPath(statusPathOf(sent.data));
        setValues(EMPTY);
        setAgreed(false);
        setErrors({});
        renewSubmissionId();
        setAlert("success");
      } else {
        // The server's messages are already in the page's language; a refusal for a while says when to try again.
        setErrors(rejectedErrors(sent));
        setRefusal(sent.kind === "rejected" && sent.retryAfter ? (sent.message ?? null) : null);
        setAlert("failure");
      }
    });
  }

  const error = (field: (typeof ORDER)[number]) => (errors[field] ? t(errors[field]) : undefined);
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
          {notice === "sent"
            ? t("company.contact.alert.success")
            : wait
              ? t(wait.key, { count: wait.count })
              : t("company.contact.alert.failure")}
        </p>
      ) : null}
      {statusPath ? <StatusLinkBox path={statusPath} /> : null}
      <Form method="post" ref={formRef} onSubmit={onSubmit} className={styles.form}>
        <input type="hidden" name="submission_id" value={submissionId} />
        <Honeypot label={t("company.contact.honeypot")} />
        <TextField {...field("proposer_name")} label={t("company.contact.fields.name")} autoComplete="organization" maxLength={200} />
        <PhoneField
          {...field("proposer_phone")}
          label={t("company.contact.fields.phone")}
          hint={t("company.contact.fields.phoneHint")}
          maxLength={20}
        />
        <TextField
          {...field("proposer_email")}
          label={t("company.contact.fields.email")}
          type="text"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={320}
        />
        <TextArea {...field("proposal_content")} label={t("company.contact.fields.content")} rows={6} maxLength={5000} />

        <ConsentSubmit
          agreed={agreed}
          onAgree={(on) => {
            setAgreed(on);
            clear("agree");
          }}
          requiredLabel={t("company.contact.required")}
          summary={t("company.contact.consent.summary")}
          label={t("company.contact.consent.label")}
          error={error("agree")}
          policyTo={policyHref(location, "privacy")}
          policyLabel={t("company.contact.consent.view")}
          submitting={submitting}
          disabled={hydrated && (!agreed || submitting)}
          submitLabel={t("company.contact.submit")}
          busyLabel={t("company.contact.submitting")}
        />
      </Form>
      <AlertDialog
        open={alert !== null}
        confirmLabel={t("company.contact.alert.confirm")}
        onClose={() => {
          // After a success the submit button is disabled again: give focus to the empty form instead.
          if (alert === "success") formRef.current?.querySelector<HTMLElement>('[name="proposer_name"]')?.focus();
          setAlert(null);
        }}
        message={alert === "success" ? t("company.contact.alert.success") : (refusal ?? t("company.contact.alert.failure"))}
      />
    </>
  );
}
