import type { ReactNode } from "react";
import { Link, href, useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import type { TwoStepStatus } from "#app/features/operators/account.server.ts";
import type { SessionRow } from "#app/features/console/session-store.server.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import { CodeField } from "#app/features/console/fields.tsx";
import styles from "#app/features/console/console.module.css";

export type AccountResult =
  { ok: "two_step_on" | "codes"; codes: string[] } | { ok: "sessions"; count: number } | { ok: "duty"; on: boolean } | { error: string };

/** Recovery codes: shown once, right after they were made. */
function RecoveryCodes({ codes, first }: { codes: string[]; first: boolean }) {
  const t = useAdminT();
  return (
    <section className={styles.card} aria-labelledby="recovery-title">
      <h2 id="recovery-title" className={styles.subtitle}>
        {t("account.recoveryTitle")}
      </h2>
      {first ? <Notice tone="ok">{t("account.done.two_step_on")}</Notice> : null}
      <p>{t("account.recoveryIntro")}</p>
      <ol className={styles.codes} aria-label={t("account.recoveryTitle")}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p>
        <Link to={href("/admin")}>{t("account.continue")}</Link>
      </p>
    </section>
  );
}

/** Setting up two-step sign-in: the QR code (drawn on the server), the key to type instead, and the first code. */
function SetUp({ status, error }: { status: Extract<TwoStepStatus, { enabled: false }>; error?: string }) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  return (
    <section className={styles.card} aria-labelledby="two-step-title">
      <h2 id="two-step-title" className={styles.subtitle}>
        {t("account.twoStep")}
      </h2>
      {status.required ? <Notice tone="error">{t("account.required")}</Notice> : null}
      <ol className={styles.steps}>
        <li>{t("account.step.app")}</li>
        <li>
          {t("account.step.scan")}
          {/* The SVG is drawn by the server (qrcode) from our own otpauth: URI; nothing in it comes from a visitor. */}
          <div className={styles.qr} role="img" aria-label={t("account.qrLabel")} dangerouslySetInnerHTML={{ __html: status.qrSvg }} />
          <p className={styles.hint}>
            {t("account.keyInstead")} <code className={styles.secret}>{status.secret}</code>
          </p>
        </li>
        <li>{t("account.step.code")}</li>
      </ol>
      {error ? <Notice tone="error">{t(error as AdminKey)}</Notice> : null}
      <PostForm intent="confirm" className={styles.inlineForm}>
        <CodeField label={t("account.code")} />
        <Button type="submit" disabled={busy}>
          {t("account.confirm")}
        </Button>
      </PostForm>
    </section>
  );
}

/** The operator's signed-in browsers: device, place (an address prefix), last seen; sign out of one or all. */
function Sessions({ sessions, result }: { sessions: SessionRow[]; result?: AccountResult }) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  return (
    <section className={styles.card} aria-labelledby="sessions-title">
      <h2 id="sessions-title" className={styles.subtitle}>
        {t("sessions.title")}
      </h2>
      <p className={styles.muted}>{t("sessions.intro")}</p>
      {result && "ok" in result && result.ok === "sessions" ? (
        <Notice tone="ok">{t("sessions.done", { count: result.count })}</Notice>
      ) : null}
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t("sessions.device")}</th>
            <th scope="col">{t("sessions.place")}</th>
            <th scope="col">{t("sessions.signedIn")}</th>
            <th scope="col">{t("sessions.lastSeen")}</th>
            <th scope="col">
              <span className={styles.visuallyHidden}>{t("operators.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id}>
              <th scope="row" data-label={t("sessions.device")}>
                {s.device ?? t("sessions.unknownDevice")}
                {s.current ? <strong className={`${styles.badge} ${styles.current}`}>{t("sessions.current")}</strong> : null}
              </th>
              <td data-label={t("sessions.place")}>{s.place ?? "–"}</td>
              <td data-label={t("sessions.signedIn")} className={styles.nowrap}>
                {s.signedIn}
              </td>
              <td data-label={t("sessions.lastSeen")} className={styles.nowrap}>
                {s.lastSeen}
              </td>
              <td>
                <PostForm>
                  <input type="hidden" name="id" value={s.id} />
                  <Button type="submit" name="intent" value="end_session" variant="secondary" disabled={busy}>
                    {t("sessions.end")}
                  </Button>
                </PostForm>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <PostForm className={styles.buttonRow}>
        <Button type="submit" name="intent" value="end_others" variant="secondary" disabled={busy || sessions.length < 2}>
          {t("sessions.endOthers")}
        </Button>
        <Button type="submit" name="intent" value="end_all" variant="ghost" disabled={busy}>
          {t("sessions.endAll")}
        </Button>
      </PostForm>
    </section>
  );
}

/**
 * The operator's own account: two-step sign-in and sessions, under `duty`
 * (the pipeline's on-duty switch, which the route puts there; none until
 * two-step sign-in is set up where required).
 */
export function AccountPage({
  data,
  result,
  duty,
}: {
  data: { twoStep: TwoStepStatus; sessions: SessionRow[] };
  result?: AccountResult;
  duty?: ReactNode;
}) {
  const t = useAdminT();
  const { twoStep } = data;
  const error = result && "error" in result ? result.error : undefined;
  return (
    <>
      <PageTitle>{t("account.title")}</PageTitle>
      {duty}
      {result && "codes" in result ? <RecoveryCodes codes={result.codes} first={result.ok === "two_step_on"} /> : null}
      {twoStep.enabled ? (
        result && "codes" in result ? null : (
          <section className={styles.card} aria-labelledby="two-step-title">
            <h2 id="two-step-title" className={styles.subtitle}>
              {t("account.twoStep")}
            </h2>
            <p>{t("account.on")}</p>
            <p className={styles.muted}>{t("account.recoveryLeft", { count: twoStep.recoveryLeft })}</p>
            <PostForm intent="codes">
              <Button type="submit" variant="secondary">
                {t("account.newCodes")}
              </Button>
            </PostForm>
          </section>
        )
      ) : (
        <SetUp status={twoStep} error={error} />
      )}
      <Sessions sessions={data.sessions} result={result} />
    </>
  );
}
