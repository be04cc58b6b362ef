import { Form, Link } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { SelectField } from "#app/ui/Field.tsx";
import type { AuditAction } from "#db/schema.ts";
import { useAdminT } from "#app/features/console/i18n.ts";
import { requestHref } from "#app/features/console/kinds.ts";
import { isRequestKind } from "#app/requests/kinds.ts";
import type { AuditEntry } from "#app/features/audit/audit.server.ts";
import { PageTitle, Pager } from "#app/features/console/parts.tsx";
import styles from "#app/features/console/console.module.css";
import { ColumnHeads } from "#app/ui/Table.tsx";

interface AuditData {
  entries: AuditEntry[];
  total: number;
  page: number;
  pages: number;
  action?: AuditAction;
  actions: readonly AuditAction[];
}

/** Who viewed, changed or exported which record, when (newest first). */
export function AuditPage({ data }: { data: AuditData }) {
  const t = useAdminT();
  return (
    <>
      <PageTitle aside={<span className={styles.muted}>{t("time.zoneNote")}</span>}>{t("audit.title")}</PageTitle>
      <Form method="get" className={`${styles.card} ${styles.filters}`} aria-label={t("audit.filter")}>
        <SelectField label={t("audit.col.action")} name="action" defaultValue={data.action ?? ""}>
          <option value="">{t("audit.allActions")}</option>
          {data.actions.map((a) => (
            <option key={a} value={a}>
              {t(`audit.action.${a}`)}
            </option>
          ))}
        </SelectField>
        <div className={styles.filterActions}>
          <Button type="submit">{t("inbox.apply")}</Button>
        </div>
      </Form>
      <p className={styles.muted} role="status">
        {t("audit.count", { count: data.total })}
      </p>
      {data.entries.length ? (
        <table className={styles.table}>
          <caption className="visually-hidden">{t("audit.title")}</caption>
          <ColumnHeads
            columns={[t("audit.col.at"), t("audit.col.operator"), t("audit.col.action"), t("audit.col.record"), t("audit.col.detail")]}
          />
          <tbody>
            {data.entries.map((e) => (
              <tr key={e.id}>
                <td data-label={t("audit.col.at")} className={styles.nowrap}>
                  {e.at}
                </td>
                <td data-label={t("audit.col.operator")}>{e.operator}</td>
                <td data-label={t("audit.col.action")}>{t(`audit.action.${e.action}`)}</td>
                <td data-label={t("audit.col.record")}>
                  {e.recordKind && e.recordId !== null ? (
                    isRequestKind(e.recordKind) ? (
                      <Link to={requestHref(e.recordKind, e.recordId)}>
                        {t(`kind.${e.recordKind}`)} #{e.recordId}
                      </Link>
                    ) : (
                      `${e.recordKind} #${e.recordId}`
                    )
                  ) : (
                    "—"
                  )}
                </td>
                <td data-label={t("audit.col.detail")}>{e.detail || "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={styles.empty}>{t("audit.empty")}</p>
      )}
      <Pager page={data.page} pages={data.pages} />
    </>
  );
}
