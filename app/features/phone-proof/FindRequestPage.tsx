import { Form, Link, useNavigation } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { PageTitle } from "#app/features/site/PageTitle.tsx";
import { SubmitButton } from "#app/ui/Button.tsx";
import { PhoneField } from "#app/ui/Field.tsx";
import { Honeypot } from "#app/ui/Honeypot.tsx";
import { CodeForm } from "#app/features/phone-proof/CodeForm.tsx";
import type { ProofAnswer } from "#app/features/phone-proof/schema.ts";
import type { ProofFailure } from "#app/features/phone-proof/proof-action.server.ts";
import type { FoundLink } from "#app/features/phone-proof/find.server.ts";
import styles from "./proof.module.css";
import { Outcome } from "#app/ui/Outcome.tsx";

export type FindResult = { proof: ProofAnswer } | { found: FoundLink[] } | ProofFailure;

/**
 * /find-my-request (issue 49 item 4): the number, the code, the links. Plain
 * forms posted to the page's action, so it works without JavaScript.
 */
export function FindRequestPage({ result }: { result?: FindResult }) {
  const t = useT();
  const answer = result && "proof" in result ? result.proof : undefined;
  return (
    <>
      <PageTitle />
      <div className={styles.page}>
        {result && "found" in result ? (
          <Found links={result.found} />
        ) : answer?.step === "code" && answer.phone ? (
          <CodeForm answer={answer} />
        ) : answer?.step === "code" ? (
          <Outcome kind="success">{t("proof.sent")}</Outcome>
        ) : (
          <PhoneStep answer={answer} failure={result && "failed" in result ? result : undefined} />
        )}
      </div>
    </>
  );
}

function PhoneStep({ answer, failure }: { answer?: ProofAnswer; failure?: ProofFailure }) {
  const t = useT();
  const submitting = useNavigation().state === "submitting";
  const errors = answer?.step === "phone" ? answer.errors : {};
  const wait = answer?.retryAfter ?? failure?.retryAfter;
  return (
    <>
      <p>{t("proof.findIntro")}</p>
      {wait ? (
        <Outcome kind="failure">{t("proof.errors.tooMany", { count: wait })}</Outcome>
      ) : failure ? (
        <Outcome kind="failure">{t("proof.errors.failed")}</Outcome>
      ) : null}
      <Form method="post" className={styles.form} noValidate>
        <input type="hidden" name="step" value="send" />
        <PhoneField
          name="phone"
          label={t("proof.phone")}
          hint={t("proof.phoneHint")}
          defaultValue={answer?.step === "phone" ? answer.values.phone : undefined}
          error={errors.phone ? t(errors.phone) : undefined}
          maxLength={20}
          required
          requiredLabel={t("proof.required")}
        />
        <Honeypot label={t("proof.honeypot")} />
        <SubmitButton disabled={submitting} submitting={submitting} label={t("proof.sendCode")} busyLabel={t("proof.sending")} />
      </Form>
    </>
  );
}

function Found({ links }: { links: FoundLink[] }) {
  const t = useT();
  if (links.length === 0) return <Outcome kind="success">{t("proof.found.none")}</Outcome>;
  return (
    <>
      <h2>{t("proof.found.title")}</h2>
      <p>{t("proof.found.keep")}</p>
      <ul className={styles.links} data-found-links="">
        {links.map((link) => (
          <li key={link.path}>
            <Link to={link.path} reloadDocument rel="nofollow">
              {t(`proof.found.kind.${link.kind}`)}
              <span className={styles.when}>{t("proof.found.sent", { day: link.day })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
