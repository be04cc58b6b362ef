import { useNavigation } from "react-router";
import type { RequestStage } from "#db/schema.ts";
import { Button } from "#app/ui/Button.tsx";
import { RadioGroup, SelectField, TextArea, TextField } from "#app/ui/Field.tsx";
import type { FieldErrors } from "#app/lib/schema.ts";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { stagesOf, type RequestKind } from "#app/requests/kinds.ts";
import { Notice, PostForm } from "#app/features/console/parts.tsx";
import type { RequestDetail } from "#app/features/pipeline/request-detail.server.ts";
import type { StageHistoryEntry } from "#app/features/pipeline/pipeline.server.ts";
import { CLOSED_NOTE_MAX, CLOSED_REASONS, LENDER_MAX, nextStages } from "#app/features/pipeline/stages.ts";
import { useRefusedFields } from "#app/features/pipeline/refused-fields.ts";
import styles from "#app/features/console/console.module.css";

/** What the move form's action answered: done, or why not (with the values to show again). */
export type StageFormResult =
  | { ok: true; to: RequestStage }
  | {
      ok: false;
      error: "missing" | "stale" | "notAllowed" | "reason" | "consent" | "invalid";
      fields?: FieldErrors;
      values?: Record<string, string>;
    };

const won = (amount: number) => new Intl.NumberFormat("ko-KR").format(amount);

/** A consultation's lender, approval and closed reason, where it has them. */
export function LoanFactsList({ detail }: { detail: RequestDetail }) {
  const t = useAdminT();
  const loan = detail.loan;
  if (!loan || !(loan.lender || loan.approvedAmount || loan.closedReason)) return null;
  return (
    <dl className={styles.fields}>
      {loan.lender ? (
        <div>
          <dt>{t("pipeline.lender")}</dt>
          <dd>{loan.lender}</dd>
        </div>
      ) : null}
      {loan.approvedAmount !== null ? (
        <div>
          <dt>{t("pipeline.approved")}</dt>
          <dd>{t("pipeline.approvedValue", { amount: won(loan.approvedAmount), day: loan.approvedOn ?? "—" })}</dd>
        </div>
      ) : null}
      {detail.status === "closed" && loan.closedReason ? (
        <div>
          <dt>{t("pipeline.reason")}</dt>
          <dd>
            {t(`pipeline.reason.${loan.closedReason}`)}
            {loan.closedNote ? ` — ${loan.closedNote}` : ""}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * Moves the request to one of the stages its workflow allows from here. Every
 * field a move may need is on the form (it works without JavaScript); the
 * server reads the ones the chosen stage needs.
 */
export function StageForm({ detail, result }: { detail: RequestDetail; result?: StageFormResult }) {
  const t = useAdminT();
  // Busy until the page has read the move back: a second move sent meanwhile would carry the old
  // version and be refused as a conflict (409) by the request it was meant for.
  const busy = useNavigation().state !== "idle";
  const next = nextStages(detail.kind, detail.status);
  const failed = result && !result.ok ? result : undefined;
  const field = useRefusedFields(failed);
  const to = field("to");
  const reason = field("reason");
  return (
    <>
      {result?.ok ? <Notice tone="ok">{t("pipeline.moved", { stage: t(`pipeline.stage.${result.to}`) })}</Notice> : null}
      {failed ? <Notice tone="error">{t(`pipeline.error.${failed.error}`)}</Notice> : null}
      {next.length === 0 ? (
        <p className={styles.muted}>{t("pipeline.final")}</p>
      ) : (
        <PostForm intent="stage" className={styles.stack} key={`stage-${detail.status}-${detail.updated}`}>
          <input type="hidden" name="from" value={detail.status} />
          <RadioGroup
            legend={t("pipeline.moveTo")}
            options={next.map((stage) => ({ value: stage, label: t(`pipeline.stage.${stage}`) }))}
            {...to}
            defaultValue={to.defaultValue ?? next[0]}
          />
          {next.includes("with_lender") ? (
            <TextField label={t("pipeline.lender")} maxLength={LENDER_MAX} hint={t("pipeline.lenderHint")} {...field("lender")} />
          ) : null}
          {next.includes("approved") ? (
            <>
              <TextField label={t("pipeline.amount")} inputMode="numeric" hint={t("pipeline.amountHint")} {...field("amount")} />
              <TextField label={t("pipeline.approvedOn")} type="date" hint={t("pipeline.approvedOnHint")} {...field("approvedOn")} />
            </>
          ) : null}
          {next.includes("closed") && detail.kind === "consultation" ? (
            <>
              <SelectField
                label={t("pipeline.reason")}
                hint={t("pipeline.reasonHint")}
                {...reason}
                defaultValue={reason.defaultValue ?? ""}
              >
                <option value="">{t("pipeline.reasonPick")}</option>
                {CLOSED_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {t(`pipeline.reason.${reason}`)}
                  </option>
                ))}
              </SelectField>
              <TextArea
                label={t("pipeline.closedNote")}
                rows={2}
                maxLength={CLOSED_NOTE_MAX}
                hint={t("pipeline.closedNoteHint")}
                {...field("closedNote")}
              />
            </>
          ) : null}
          <Button type="submit" disabled={busy}>
            {t("pipeline.move")}
          </Button>
        </PostForm>
      )}
      <StageHelp kind={detail.kind} />
    </>
  );
}

/** What each stage (and each closed reason) means, for the operator who is not sure. */
export function StageHelp({ kind }: { kind: RequestKind }) {
  const t = useAdminT();
  return (
    <details className={styles.help}>
      <summary>{t("pipeline.help.title")}</summary>
      <dl className={styles.fields}>
        {stagesOf(kind).map((stage) => (
          <div key={stage}>
            <dt>{t(`pipeline.stage.${stage}`)}</dt>
            <dd>{t(`pipeline.help.${kind === "consultation" ? "loan" : "short"}.${stage}` as AdminKey)}</dd>
          </div>
        ))}
      </dl>
      {kind === "consultation" ? (
        <>
          <p className={styles.muted}>{t("pipeline.help.reasons")}</p>
          <dl className={styles.fields}>
            {CLOSED_REASONS.map((reason) => (
              <div key={reason}>
                <dt>{t(`pipeline.reason.${reason}`)}</dt>
                <dd>{t(`pipeline.help.reason.${reason}`)}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </details>
  );
}

/** Every move of the request, newest first: from, to, who, when, and what it recorded. */
export function StageHistory({ entries }: { entries: StageHistoryEntry[] }) {
  const t = useAdminT();
  return (
    <>
      <h3 className={styles.subsubtitle}>{t("pipeline.history")}</h3>
      {entries.length ? (
        <ul className={styles.plainList}>
          {entries.map((e) => (
            <li key={e.id}>
              <time>{e.at}</time> · {e.operator ?? t("pipeline.bySystem")} ·{" "}
              {t("pipeline.historyMove", {
                from: e.from ? t(`pipeline.stage.${e.from}`) : "—",
                to: t(`pipeline.stage.${e.to}`),
              })}
              {e.reason ? ` · ${t(`pipeline.reason.${e.reason}`)}` : ""}
              {e.lender ? ` · ${e.lender}` : ""}
              {e.amount !== null ? ` · ${t("pipeline.approvedValue", { amount: won(e.amount), day: e.approvedOn ?? "—" })}` : ""}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t("pipeline.noHistory")}</p>
      )}
    </>
  );
}
