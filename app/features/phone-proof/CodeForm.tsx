import { Form, useNavigation } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { Button, SubmitButton } from "#app/ui/Button.tsx";
import { TextField } from "#app/ui/Field.tsx";
import type { ProofAnswer } from "#app/features/phone-proof/schema.ts";
import styles from "./proof.module.css";
import { Outcome } from "#app/ui/Outcome.tsx";

/**
 * The second step of proving a number (ADR 0049): "if this number has a
 * request, a code was sent", the code field, and a new code. The number and
 * whatever the first step asked (`keep`: the rights page's request) travel
 * in hidden fields, so it works without JavaScript; the same words for a
 * number we know and one we do not.
 */
export function CodeForm({ answer }: { answer: Extract<ProofAnswer, { step: "code" }> }) {
  const t = useT();
  const submitting = useNavigation().state === "submitting";
  const error =
    answer.error === "wrong"
      ? t("proof.errors.wrong", { count: answer.left ?? 0 })
      : answer.error === "locked"
        ? t("proof.errors.locked", { count: answer.retryAfter ?? 0 })
        : answer.error
          ? t(`proof.errors.${answer.error}`)
          : undefined;
  const hidden = { ...answer.keep, phone: answer.phone };
  return (
    <>
      <Outcome kind="success" data-code-sent="">
        {answer.resent ? t("proof.resent") : t("proof.sent")}
      </Outcome>
      <Form method="post" className={styles.form} noValidate>
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="step" value="check" />
        <TextField
          name="code"
          label={t("proof.code")}
          hint={t("proof.codeHint")}
          error={error}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          requiredLabel={t("proof.required")}
        />
        <SubmitButton disabled={submitting} submitting={submitting} label={t("proof.check")} busyLabel={t("proof.checking")} />
      </Form>
      <Form method="post" className={styles.other}>
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit" name="step" value="resend" variant="secondary" disabled={submitting}>
          {t("proof.resend")}
        </Button>
      </Form>
    </>
  );
}

/** The wait a refused step names (429), or null. */
export function proofWait(answer: ProofAnswer | undefined): number | null {
  return answer?.retryAfter ?? null;
}
