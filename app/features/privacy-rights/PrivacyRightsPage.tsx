import { Form, Link, useLocation, useNavigation } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { waitMessage, type FormResult } from "#app/lib/form-result.ts";
import { policyHref } from "#app/features/legal/links.ts";
import { PageTitle } from "#app/features/site/PageTitle.tsx";
import { SubmitButton } from "#app/ui/Button.tsx";
import { PhoneField, RadioGroup, TextArea } from "#app/ui/Field.tsx";
import { Honeypot } from "#app/ui/Honeypot.tsx";
import { ALLOW_CONTACT, COMPLAINT_MAX, DEADLINE_KINDS, REFUSE_CONTACT, RIGHTS_KINDS } from "#app/features/privacy-rights/schema.ts";
import { StatusLinkBox } from "#app/requests/StatusLinkBox.tsx";
import { DEADLINE_DAYS } from "#app/features/privacy-rights/deadlines.ts";
import { CodeForm } from "#app/features/phone-proof/CodeForm.tsx";
import { FindRequestLink } from "#app/features/phone-proof/FindRequestLink.tsx";
import type { ProofAnswer } from "#app/features/phone-proof/schema.ts";
import type { RightsRequestKind } from "#db/schema.ts";
import styles from "./privacy-rights.module.css";
import { Outcome } from "#app/ui/Outcome.tsx";

export type RightsResult = FormResult | { proof: ProofAnswer };

/**
 * /privacy-rights (issue 16): a person asks to withdraw marketing consent or
 * to have their data erased, giving the phone number they used. One form,
 * posted to the page's action with or without JavaScript. The answer is the
 * same whether or not we hold that number, so nobody learns whose it is.
 * A refusal of contact, its lifting and an erasure then ask for the one-time
 * code sent to the number (ADR 0049): they take effect only once it is proven.
 */
export function PrivacyRightsPage({ result: answer }: { result?: RightsResult }) {
  const t = useT();
  const location = useLocation();
  const proof = answer && "proof" in answer ? answer.proof : undefined;
  const result = answer && "status" in answer ? answer : undefined;
  const errors = result?.status === "invalid" ? result.errors : proof?.step === "phone" ? proof.errors : {};
  const wait = proof?.step === "phone" && proof.retryAfter ? { key: "proof.errors.tooMany", count: proof.retryAfter } : waitMessage(result);
  const values = proof?.step === "phone" ? proof.values : result && result.status !== "sent" ? (result.values ?? {}) : {};
  const field = (name: string) => ({ name, defaultValue: values[name], error: errors[name] ? t(errors[name]) : undefined });
  return (
    <>
      <PageTitle />
      <div className={styles.page}>
        <p>{t("rights.intro")}</p>
        <ul className={styles.rights}>
          <li>{t("rights.withdrawExplained")}</li>
          <li>{t("rights.eraseExplained")}</li>
          <li>{t("rights.deadline.accessExplained", { count: DEADLINE_DAYS.access })}</li>
          <li>{t("rights.deadline.complaintExplained", { count: DEADLINE_DAYS.complaint })}</li>
          <li data-refuse-contact="">
            <span lang="ko" className={styles.statute}>
              {t("rights.rightsKo.refuseContact")}
            </span>{" "}
            {t("rights.refuseContact.explained")}
          </li>
          <li>{t("rights.allowContact.explained")}</li>
        </ul>
        <p>{t("rights.proof.why")}</p>
        {result?.status === "sent" ? <SentNote kind={result.kind} /> : null}
        {result?.status === "sent" && result.statusPath ? <StatusLinkBox path={result.statusPath} /> : null}
        {result?.status === "failed" || wait ? (
          <Outcome kind="failure">{wait ? t(wait.key, { count: wait.count }) : t("rights.failed")}</Outcome>
        ) : null}
        {proof?.step === "code" ? <CodeForm answer={proof} /> : <RightsForm field={field} />}
        <p className={styles.note}>
          <FindRequestLink />
        </p>
        <p className={styles.note}>
          {t("rights.policyNote")}{" "}
          <Link to={policyHref(location, "privacy")} preventScrollReset>
            {t("rights.policyLink")}
          </Link>
        </p>
      </div>
    </>
  );
}

type FieldProps = (name: string) => { name: string; defaultValue: string | undefined; error: string | undefined };

function kindLabel(t: ReturnType<typeof useT>, value: RightsRequestKind): string {
  if (value === REFUSE_CONTACT) return t("rights.refuseContact.kind");
  if (value === ALLOW_CONTACT) return t("rights.allowContact.kind");
  return DEADLINE_KINDS.includes(value) ? t(`rights.deadline.kinds.${value}`) : t(`rights.kinds.${value}`);
}

/** The request, the number and a complaint's text. */
function RightsForm({ field }: { field: FieldProps }) {
  const t = useT();
  const submitting = useNavigation().state === "submitting";
  return (
    <Form method="post" className={styles.form} noValidate>
      <RadioGroup
        {...field("request")}
        legend={t("rights.request")}
        options={RIGHTS_KINDS.map((value) => ({ value, label: kindLabel(t, value) }))}
        required
        requiredLabel={t("rights.required")}
      />
      <PhoneField
        {...field("phone")}
        label={t("rights.phone")}
        hint={t("rights.phoneHint")}
        maxLength={20}
        required
        requiredLabel={t("rights.required")}
      />
      <TextArea
        {...field("message")}
        label={t("rights.deadline.message")}
        hint={t("rights.deadline.messageHint")}
        rows={4}
        maxLength={COMPLAINT_MAX}
      />
      <Honeypot label={t("rights.honeypot")} />
      <SubmitButton disabled={submitting} submitting={submitting} label={t("rights.submit")} busyLabel={t("rights.submitting")} />
    </Form>
  );
}

/**
 * The confirmation names the deadline of the kind that was sent (issue 37), from
 * the one table of deadlines (deadlines.ts); a complaint is not about what we
 * hold, so it does not get the privacy sentence.
 */
function SentNote({ kind }: { kind?: string }) {
  const t = useT();
  if (kind === REFUSE_CONTACT || kind === ALLOW_CONTACT)
    return <Outcome kind="success">{t(kind === REFUSE_CONTACT ? "rights.refuseContact.sent" : "rights.allowContact.sent")}</Outcome>;
  const known = kind !== undefined && kind in DEADLINE_DAYS;
  const days = known ? DEADLINE_DAYS[kind as RightsRequestKind] : DEADLINE_DAYS.erase;
  return (
    <Outcome kind="success">
      {t("rights.sentWithin", { count: days })}
      {kind === "complaint" ? null : ` ${t("rights.sentPrivacy")}`}
    </Outcome>
  );
}
