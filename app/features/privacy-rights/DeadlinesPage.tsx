import {} from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import type { DeadlineResult, DeadlineRow } from "#app/features/privacy-rights/deadlines.server.ts";
import { ANSWER_METHODS } from "#app/features/privacy-rights/deadlines.ts";
import styles from "./deadlines.module.css";

/**
 * Rights requests and complaints still to answer (issue 28, point 5), with
 * the days left by our own policies' deadlines; the overdue ones first and
 * marked. Recording an answer (how, with a note) closes one; the console
 * keeps when and by whom.
 */
export function DeadlinesPage({ rows, result }: { rows: DeadlineRow[]; result?: DeadlineResult }) {
  const t = useAdminT();
  return (
    <>
      <PageTitle>
        <span id="deadlines-title">{t("deadlines.title")}</span>
      </PageTitle>
      <p className={styles.muted}>{t("deadlines.intro")}</p>
      {result && "ok" in result ? <Notice tone="ok">{t("deadlines.done")}</Notice> : null}
      {result && "error" in result ? <Notice tone="error">{t("deadlines.error")}</Notice> : null}
      {rows.length === 0 ? (
        <p>{t("deadlines.empty")}</p>
      ) : (
        <ul className={styles.list} aria-labelledby="deadlines-title">
          {rows.map((row) => (
            <li key={row.id} className={row.overdue ? styles.overdue : styles.item}>
              <p className={styles.head}>
                <strong>{t(`deadlines.kind.${row.request}` as AdminKey)}</strong> #{row.id}
                {row.overdue ? <span className={styles.badge}>{t("deadlines.overdue")}</span> : null}
              </p>
              <p>
                {t("deadlines.due", { due: row.due })} ·{" "}
                {row.overdue ? t("deadlines.late", { days: -row.daysLeft }) : t("deadlines.left", { days: row.daysLeft })}
              </p>
              <p className={styles.muted}>
                {t("deadlines.received", { at: row.received })} · {row.phone}
              </p>
              {row.message ? <p className={styles.message}>{row.message}</p> : null}
              <PostForm className={styles.answer}>
                <input type="hidden" name="id" value={row.id} />
                <label>
                  {t("deadlines.method")}
                  <select name="method" required defaultValue="">
                    <option value="" disabled>
                      {t("deadlines.choose")}
                    </option>
                    {ANSWER_METHODS.map((m) => (
                      <option key={m} value={m}>
                        {t(`deadlines.methods.${m}` as AdminKey)}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  {t("deadlines.note")}
                  <textarea name="note" rows={2} maxLength={1000} />
                </label>
                <Button type="submit">{t("deadlines.submit")}</Button>
              </PostForm>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
