import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { SubmitButton } from "#app/ui/Button.tsx";
import { Checkbox } from "#app/ui/Field.tsx";
import styles from "./ConsentField.module.css";

/**
 * A consent box: what is collected, why and for how long (`summary`), the
 * checkbox, and under it the link to the full policy (e.g. the legal modal's
 * `?policy=privacy`). The link has its own line so that a long label in
 * Burmese or Mongolian is never squeezed beside it.
 */
export function ConsentField({
  summary,
  policyLink,
  ...checkbox
}: ComponentProps<typeof Checkbox> & { summary: ReactNode; policyLink: ReactNode }) {
  return (
    <div className={styles.consent}>
      <p className={styles.summary}>{summary}</p>
      <Checkbox {...checkbox} />
      <p className={styles.policy}>{policyLink}</p>
    </div>
  );
}

/**
 * The end of a public form: the required consent box (`agree=on`), its link
 * to the policy (`policyTo`, kept in place on the page), and the full-width
 * submit button, busy while the form is being sent.
 */
export function ConsentSubmit({
  agreed,
  onAgree,
  requiredLabel,
  summary,
  label,
  error,
  policyTo,
  policyLabel,
  submitting,
  disabled,
  submitLabel,
  busyLabel,
}: {
  agreed: boolean;
  onAgree: (agreed: boolean) => void;
  requiredLabel: string;
  summary: ReactNode;
  label: ReactNode;
  error?: string;
  policyTo: string;
  policyLabel: ReactNode;
  submitting: boolean;
  disabled: boolean;
  submitLabel: ReactNode;
  busyLabel: ReactNode;
}) {
  return (
    <>
      <ConsentField
        name="agree"
        value="on"
        checked={agreed}
        required
        requiredLabel={requiredLabel}
        summary={summary}
        label={label}
        error={error}
        onChange={(e) => onAgree(e.currentTarget.checked)}
        policyLink={
          <Link to={policyTo} preventScrollReset>
            {policyLabel}
          </Link>
        }
      />
      <SubmitButton
        block
        disabled={disabled}
        aria-busy={submitting || undefined}
        submitting={submitting}
        label={submitLabel}
        busyLabel={busyLabel}
      />
    </>
  );
}
