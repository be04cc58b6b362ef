import type { ComponentProps, ReactNode } from "react";
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
