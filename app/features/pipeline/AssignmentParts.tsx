import { useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { SelectField } from "#app/ui/Field.tsx";
import { useAdminT } from "#app/features/console/i18n.ts";
import { Notice, PostForm } from "#app/features/console/parts.tsx";
import type { Assignment, ReassignResult } from "#app/features/pipeline/assignment.server.ts";
import styles from "#app/features/console/console.module.css";

/**
 * Who has a lead (issue 26, item 3): the on-duty switch of My account, and
 * on a consultation its agent, with the administrators' reassign form. Plain
 * forms: they work without JavaScript.
 */

/** On duty: new consultations come to this operator in turn. `done`: the switch was just turned. */
export function DutySwitch({ on, done }: { on: boolean; done?: boolean }) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  return (
    <section className={styles.card} aria-labelledby="duty-title">
      <h2 id="duty-title" className={styles.subtitle}>
        {t("assign.duty.title")}
      </h2>
      {done ? <Notice tone="ok">{t(on ? "assign.duty.doneOn" : "assign.duty.doneOff")}</Notice> : null}
      <p>{t(on ? "assign.duty.on" : "assign.duty.off")}</p>
      <PostForm intent="duty">
        <Button type="submit" name="on" value={on ? "0" : "1"} variant={on ? "secondary" : "primary"} disabled={busy}>
          {t(on ? "assign.duty.goOff" : "assign.duty.goOn")}
        </Button>
      </PostForm>
    </section>
  );
}

/** A consultation's agent, for everyone; the form that gives it to someone else, for administrators. */
export function AssignmentSection({ assignment, result }: { assignment: Assignment; result?: ReassignResult }) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  const { operator, choices } = assignment;
  return (
    <section className={styles.card} aria-labelledby="request-agent">
      <h2 id="request-agent" className={styles.subtitle}>
        {t("assign.title")}
      </h2>
      {result?.ok ? (
        <Notice tone="ok">{result.to ? t("assign.done", { email: result.to }) : t("assign.doneNone")}</Notice>
      ) : result ? (
        <Notice tone="error">{t("assign.error.unknown")}</Notice>
      ) : null}
      <p>{operator ? t("assign.current", { email: operator.email }) : t("assign.nobody")}</p>
      {choices ? (
        <PostForm intent="assign" className={styles.inlineForm} key={`assign-${operator?.id ?? "none"}`}>
          <SelectField label={t("assign.to")} name="to" defaultValue={operator ? String(operator.id) : "none"}>
            <option value="none">{t("assign.none")}</option>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.email}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="secondary" disabled={busy}>
            {t("assign.submit")}
          </Button>
        </PostForm>
      ) : null}
    </section>
  );
}
