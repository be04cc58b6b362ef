import { useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { Checkbox, RadioGroup, TextArea, TextField } from "#app/ui/Field.tsx";
import type { FieldErrors } from "#app/lib/schema.ts";
import { useAdminT } from "#app/features/console/i18n.ts";
import { Notice, PostForm } from "#app/features/console/parts.tsx";
import type { CallState } from "#app/features/pipeline/calls.server.ts";
import { CALL_NOTE_MAX, CALL_OUTCOMES } from "#app/features/pipeline/calls.ts";
import { useRefusedFields } from "#app/features/pipeline/refused-fields.ts";
import styles from "#app/features/console/console.module.css";
import { LIFT_REASON_MAX, type LiftResult } from "#app/features/pipeline/lift-refusal.ts";

/** What the "Log a call" form's action answered. */
export type CallFormResult =
  | { ok: true; next: string | null; closed: boolean }
  | { ok: false; error: "missing" | "callbackPast" | "invalid"; fields?: FieldErrors; values?: Record<string, string> };

/** The number's owner forbade calls: shown on every request from it. */
export function DoNotContactBanner({ since }: { since?: CallState["doNotContactSince"] }) {
  const t = useAdminT();
  return (
    <p className={styles.noticeError} role="note" data-do-not-contact={since?.byPerson ? "person" : "agent"}>
      <strong>{t("calls.dnc.title")}</strong> {t("calls.dnc.body")}
      {since ? ` ${t(since.byPerson ? "calls.dnc.byPerson" : "calls.dnc.byAgent", { at: since.at })}` : null}
    </p>
  );
}

/** An administrator lifts the number's refusal of contact, with a reason kept in the audit log (issue 48 item 5). */
export function LiftRefusalForm({ result }: { result?: LiftResult }) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  if (result?.ok) return <Notice tone="ok">{t("calls.lift.done")}</Notice>;
  return (
    <section className={styles.card} aria-labelledby="lift-refusal">
      <h2 id="lift-refusal" className={styles.subtitle}>
        {t("calls.lift.title")}
      </h2>
      <p className={styles.muted}>{t("calls.lift.intro")}</p>
      <PostForm intent="lift_refusal" data-lift-refusal="">
        <TextField
          name="reason"
          label={t("calls.lift.reason")}
          hint={t("calls.lift.reasonHint")}
          maxLength={LIFT_REASON_MAX}
          required
          error={result && !result.ok ? t(result.error === "reason" ? "calls.lift.errorReason" : "calls.lift.errorNotRefused") : undefined}
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          {t("calls.lift.submit")}
        </Button>
      </PostForm>
    </section>
  );
}

/** The next call, the calls so far, and the form that logs one (its outcome in one tap, then Log). */
export function CallsSection({ calls, result, action }: { calls: CallState; result?: CallFormResult; action?: string }) {
  const t = useAdminT();
  return (
    <section className={styles.card} aria-labelledby="request-calls">
      <h2 id="request-calls" className={styles.subtitle}>
        {t("calls.title")}
      </h2>
      {calls.doNotContact ? <DoNotContactBanner since={calls.doNotContactSince} /> : null}
      <p className={calls.overdue ? styles.overdue : undefined}>
        {calls.nextCall
          ? t(calls.nextCallAsked ? "calls.nextAsked" : "calls.next", { at: calls.nextCall })
          : t(calls.doNotContact ? "calls.noneForbidden" : "calls.none")}
      </p>
      <p className={styles.muted}>
        {t("calls.counts", { count: calls.unanswered })}
        {calls.firstContact ? ` · ${t("calls.firstContact", { at: calls.firstContact })}` : ""}
      </p>
      <LogCallForm result={result} action={action} keepOpen={calls.keepOpen} />
      <CallHelp />
      <h3 className={styles.subsubtitle}>{t("calls.attempts")}</h3>
      {calls.attempts.length ? (
        <ul className={styles.plainList}>
          {calls.attempts.map((a) => (
            <li key={a.id}>
              <time>{a.at}</time> · {a.operator ?? "—"} · {t(`calls.outcome.${a.outcome}`)}
              {a.callbackAt ? ` (${a.callbackAt})` : ""}
              {a.note ? ` — ${a.note}` : ""}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t("calls.noAttempts")}</p>
      )}
    </section>
  );
}

/** Logs one call; works without JavaScript (every field is on the form, the server reads what the outcome needs). */
export function LogCallForm({ result, action, keepOpen }: { result?: CallFormResult; action?: string; keepOpen: boolean }) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  const failed = result && !result.ok ? result : undefined;
  const field = useRefusedFields(failed);
  return (
    <>
      {result?.ok ? (
        <Notice tone="ok">
          {result.closed ? t("calls.loggedClosed") : result.next ? t("calls.loggedNext", { at: result.next }) : t("calls.logged")}
        </Notice>
      ) : null}
      {failed ? <Notice tone="error">{t(`calls.error.${failed.error}`)}</Notice> : null}
      <PostForm intent="call" action={action} className={styles.stack}>
        <RadioGroup
          legend={t("calls.outcome")}
          options={CALL_OUTCOMES.map((o) => ({ value: o, label: t(`calls.outcome.${o}`) }))}
          {...field("outcome")}
        />
        <TextField label={t("calls.callbackAt")} type="datetime-local" hint={t("calls.callbackAtHint")} {...field("callbackAt")} />
        <TextArea label={t("calls.note")} rows={2} maxLength={CALL_NOTE_MAX} {...field("note")} />
        <Checkbox label={t("calls.keepOpen")} name="keepOpen" value="1" defaultChecked={keepOpen} />
        <Button type="submit" disabled={busy}>
          {t("calls.log")}
        </Button>
      </PostForm>
    </>
  );
}

/** What each outcome does, and the cadence, for the agent who is not sure. */
export function CallHelp() {
  const t = useAdminT();
  return (
    <details className={styles.help}>
      <summary>{t("calls.help.title")}</summary>
      <dl className={styles.fields}>
        {CALL_OUTCOMES.map((o) => (
          <div key={o}>
            <dt>{t(`calls.outcome.${o}`)}</dt>
            <dd>{t(`calls.help.${o}`)}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.muted}>{t("calls.help.cadence")}</p>
    </details>
  );
}
