import { Link, useNavigation, href } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { TextArea } from "#app/ui/Field.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import type { RequestDetail } from "#app/features/pipeline/request-detail.server.ts";
import type { AuditEntry } from "#app/features/audit/audit.server.ts";
import type { StageHistoryEntry } from "#app/features/pipeline/pipeline.server.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import { StageBadge } from "#app/features/pipeline/StageBadge.tsx";
import { StageForm, StageHistory, LoanFactsList, type StageFormResult } from "#app/features/pipeline/StageParts.tsx";
import type { CallState } from "#app/features/pipeline/calls.server.ts";
import { CallsSection, DoNotContactBanner, LiftRefusalForm, type CallFormResult } from "#app/features/pipeline/CallParts.tsx";
import type { LiftResult } from "#app/features/pipeline/lift-refusal.ts";
import type { Assignment, ReassignResult } from "#app/features/pipeline/assignment.server.ts";
import { AssignmentSection } from "#app/features/pipeline/AssignmentParts.tsx";
import type { TextSeen } from "#app/outbox/text.server.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";
import styles from "#app/features/console/console.module.css";

interface RequestPageData {
  detail: RequestDetail;
  /** Administrators only (null for an agent). */
  history: AuditEntry[] | null;
  stages: StageHistoryEntry[];
  /** Consultations only. */
  calls: CallState | null;
  /** Consultations only: who has the lead (and whom an administrator may give it to). */
  assignment: Assignment | null;
  /** The request's phone number asked not to be contacted (any kind). */
  doNotContact: boolean;
  /** An administrator, and the number is on the list: the form that lifts it is shown. */
  canLift?: boolean;
  /** The texts sent to the visitor about this request (issue 49): sent, delivered or failed. */
  texts?: TextSeen[];
  noteMax: number;
}

export type RequestActionResult =
  { note: "saved" | "error" } | { stage: StageFormResult } | { call: CallFormResult } | { assign: ReassignResult } | { lift: LiftResult };

/** One request: everything the visitor sent, its photos, consents, workflow and who has seen it. */
export function RequestPage({ data, result }: { data: RequestPageData; result?: RequestActionResult }) {
  const t = useAdminT();
  /** Coded answers in the operator's words; anything else as the visitor typed it. */
  const readable = (label: string, value: string): string => {
    if (label === "marketing") return t(value === "Y" ? "detail.agreed" : "detail.notAgreed");
    if (label === "intent" && (value === "yes" || value === "no")) return t(value === "yes" ? "detail.yes" : "detail.no");
    if (label === "expiry" && value.toLowerCase() === "unknown") return t("detail.expiryUnknown");
    return value || "—";
  };
  const { detail } = data;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <p className={styles.back}>
        <Link to={`${href("/admin")}?kind=${detail.kind}`}>{t("detail.back")}</Link>
      </p>
      <PageTitle aside={<StageBadge stage={detail.status} />}>
        {t(`kind.${detail.kind}`)} #{detail.id}
      </PageTitle>

      {data.doNotContact && !data.calls ? <DoNotContactBanner /> : null}
      {data.canLift || (result && "lift" in result) ? (
        <LiftRefusalForm result={result && "lift" in result ? result.lift : undefined} />
      ) : null}
      {data.assignment ? (
        <AssignmentSection assignment={data.assignment} result={result && "assign" in result ? result.assign : undefined} />
      ) : null}
      {data.calls ? <CallsSection calls={data.calls} result={result && "call" in result ? result.call : undefined} /> : null}

      <div className={styles.detailGrid}>
        <section className={styles.card} aria-labelledby="request-fields">
          <h2 id="request-fields" className={styles.subtitle}>
            {t("detail.content")}
          </h2>
          <dl className={styles.fields}>
            <div>
              <dt>{t("field.received")}</dt>
              <dd>{detail.received}</dd>
            </div>
            {detail.fields.map((field) => (
              <div key={field.label} className={field.long ? styles.longField : undefined}>
                <dt>{t(`field.${field.label}` as AdminKey)}</dt>
                <dd className={field.long ? styles.prewrap : undefined}>{readable(field.label, field.value)}</dd>
              </div>
            ))}
            <div>
              <dt>{t("field.lang")}</dt>
              <dd>{detail.lang}</dd>
            </div>
          </dl>

          {detail.photos.length ? (
            <>
              <h3 className={styles.subsubtitle}>{t("detail.photos", { count: detail.photos.length })}</h3>
              <ul className={styles.photos}>
                {detail.photos.map((photo, i) => (
                  <li key={photo.id}>
                    <a href={href("/admin/photos/:id", { id: String(photo.id) })}>
                      <img
                        src={href("/admin/photos/:id", { id: String(photo.id) })}
                        width={photo.width}
                        height={photo.height}
                        loading="lazy"
                        decoding="async"
                        alt={t("detail.photoAlt", { n: i + 1 })}
                      />
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}

          {detail.consents.length ? (
            <>
              <h3 className={styles.subsubtitle}>{t("detail.consents")}</h3>
              <ul className={styles.plainList}>
                {detail.consents.map((c) => (
                  <li key={`${c.kind}-${c.version}`}>
                    {t(c.agreed ? "detail.consentAgreed" : "detail.consentRefused", { kind: c.kind, version: c.version, at: c.at })}
                  </li>
                ))}
              </ul>
            </>
          ) : null}

          {data.texts?.length ? (
            <>
              <h3 className={styles.subsubtitle}>{t("detail.texts")}</h3>
              <ul className={styles.plainList}>
                {data.texts.map((text) => (
                  <li key={`${text.kind}-${text.at}`}>
                    {t("detail.textLine", {
                      kind: t(`textKind.${text.kind}` as AdminKey),
                      to: text.to,
                      at: formatSeoul(text.at),
                      state: t(`textState.${text.state}` as AdminKey),
                    })}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>

        <section className={styles.card} aria-labelledby="request-workflow">
          <h2 id="request-workflow" className={styles.subtitle}>
            {t("detail.workflow")}
          </h2>
          <LoanFactsList detail={detail} />
          <StageForm detail={detail} result={result && "stage" in result ? result.stage : undefined} />
          <StageHistory entries={data.stages} />

          {result && "note" in result && result.note === "saved" ? <Notice tone="ok">{t("detail.saved")}</Notice> : null}
          {result && "note" in result && result.note === "error" ? <Notice tone="error">{t("pipeline.error.note")}</Notice> : null}
          <PostForm intent="note" className={`${styles.stack} ${styles.noteForm}`} key={`note-${detail.updated}`}>
            <TextArea
              label={t("detail.note")}
              name="note"
              defaultValue={detail.note}
              maxLength={data.noteMax}
              rows={5}
              hint={t("detail.noteHint")}
            />
            <Button type="submit" disabled={busy}>
              {busy ? t("form.saving") : t("pipeline.saveNote")}
            </Button>
          </PostForm>
          <p className={styles.muted}>{t("detail.updated", { at: detail.updated })}</p>

          {data.history === null ? null : <h3 className={styles.subsubtitle}>{t("detail.history")}</h3>}
          {data.history === null ? null : data.history.length ? (
            <ul className={styles.plainList}>
              {data.history.map((entry) => (
                <li key={entry.id}>
                  <time>{entry.at}</time> · {entry.operator} · {t(`audit.action.${entry.action}`)}
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>{t("detail.noHistory")}</p>
          )}
        </section>
      </div>
    </>
  );
}
