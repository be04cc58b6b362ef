import { Button } from "#app/ui/Button.tsx";
import { Checkbox, TextArea, TextField } from "#app/ui/Field.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PostForm } from "#app/features/console/parts.tsx";
import { isPersonalColumn, REASON_MAX, ROW_CAP_LIMIT } from "#app/features/downloads/schema.ts";

import styles from "./downloads.module.css";

/**
 * The parts every personal-data download shows (issue 52 item 3): the reason,
 * the columns (personal ones unticked by default and marked), the password
 * shown once with the file's link, and the wait for a second administrator.
 */
export function ReasonField({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  const t = useAdminT();
  return (
    <TextArea
      label={t("download.reason")}
      hint={t("download.reasonHint")}
      name="reason"
      rows={2}
      maxLength={REASON_MAX}
      required
      requiredLabel={t("form.required")}
      defaultValue={defaultValue}
      error={error ? t(error as AdminKey) : undefined}
    />
  );
}

export function ColumnChoice({
  columns,
  chosen,
  error,
}: {
  columns: { id: string; label: string }[];
  chosen: readonly string[];
  error?: string;
}) {
  const t = useAdminT();
  const on = new Set(chosen);
  return (
    <fieldset className={styles.columns}>
      <legend>{t("download.columns")}</legend>
      <p className={styles.hint}>{t("download.columnsHint")}</p>
      <div className={styles.columnGrid}>
        {columns.map((c) => (
          <Checkbox
            key={c.id}
            name="column"
            value={c.id}
            defaultChecked={on.has(c.id)}
            label={isPersonalColumn(c.id) ? `${c.label} · ${t("download.personal")}` : c.label}
          />
        ))}
      </div>
      {error ? <p className={styles.error}>{t(error as AdminKey)}</p> : null}
    </fieldset>
  );
}

/** The file is ready: its link, and its password, which is never shown again. */
export function SealedFile({ href, filename, password, rows }: { href: string; filename: string; password: string; rows: number }) {
  const t = useAdminT();
  return (
    <section className={styles.sealed} aria-labelledby="sealed-title" data-sealed-file>
      <h2 id="sealed-title" className={styles.sealedTitle}>
        {t("download.ready", { rows })}
      </h2>
      <p>{t("download.passwordOnce")}</p>
      <p className={styles.passwordLine}>
        <span>{t("download.password")}</span>{" "}
        <code className={styles.password} data-password>
          {password}
        </code>
      </p>
      <p>
        <a href={href} download={filename} className={styles.fileLink}>
          {t("download.file", { filename })}
        </a>
      </p>
      <p className={styles.hint}>{t("download.howToOpen")}</p>
    </section>
  );
}

export function PendingApproval({ id, rows, cap }: { id: number; rows: number; cap: number }) {
  const t = useAdminT();
  return <Notice tone="ok">{t("download.pending", { id, rows, cap, count: rows })}</Notice>;
}

export interface ApprovalView {
  id: number;
  kind: string;
  rows: number;
  reason: string;
  requestedBy: string;
  requestedAt: string;
  status: string;
  decidedBy: string | null;
  /** What was asked, in words (kind, dates, columns). */
  what: string;
  /** The fields that make the same download again, with the approval (only on the asker's granted one). */
  resend?: [string, string][];
}

/**
 * Downloads over the row cap: each waits for a second administrator, who
 * grants or refuses it here; the one who asked sees it wait (and downloads it
 * with the same choices once granted). The cap itself is set here too.
 */
export function ApprovalsPanel({ approvals, me, cap }: { approvals: ApprovalView[]; me: string; cap: number }) {
  const t = useAdminT();
  return (
    <section className={styles.approvals} aria-labelledby="approvals-title">
      <h2 id="approvals-title">{t("download.approvals")}</h2>
      <p className={styles.hint}>{t("download.approvalsIntro", { cap, count: cap })}</p>
      {approvals.length === 0 ? (
        <p>{t("download.noApprovals")}</p>
      ) : (
        <ul className={styles.approvalList}>
          {approvals.map((a) => (
            <li key={a.id} data-approval={a.id}>
              <p>
                <strong>#{a.id}</strong> · {t(`download.kind.${a.kind}` as AdminKey)} · {a.what} · {t("download.rows", { rows: a.rows })}
              </p>
              <p>
                {t("download.askedBy", { who: a.requestedBy, at: a.requestedAt })} — “{a.reason}”
              </p>
              {a.status === "granted" ? (
                <>
                  <p>{t("download.grantedBy", { who: a.decidedBy ?? "" })}</p>
                  {a.resend ? (
                    <PostForm className={styles.decide}>
                      {a.resend.map(([name, value], i) => (
                        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
                      ))}
                      <input type="hidden" name="approval" value={a.id} />
                      <Button type="submit" name="intent" value="export">
                        {t("download.makeApproved")}
                      </Button>
                    </PostForm>
                  ) : null}
                </>
              ) : a.requestedBy === me ? (
                <p>{t("download.waitingOther")}</p>
              ) : (
                <PostForm className={styles.decide}>
                  <input type="hidden" name="id" value={a.id} />
                  <Button type="submit" name="intent" value="approve">
                    {t("download.approve")}
                  </Button>
                  <Button type="submit" name="intent" value="refuse" variant="secondary">
                    {t("download.refuse")}
                  </Button>
                </PostForm>
              )}
            </li>
          ))}
        </ul>
      )}
      <PostForm className={styles.capForm} intent="cap">
        <TextField
          label={t("download.cap")}
          hint={t("download.capHint")}
          name="cap"
          type="number"
          min={1}
          max={ROW_CAP_LIMIT}
          defaultValue={cap}
          required
          requiredLabel={t("form.required")}
        />
        <Button type="submit" variant="secondary">
          {t("download.capSave")}
        </Button>
      </PostForm>
    </section>
  );
}
