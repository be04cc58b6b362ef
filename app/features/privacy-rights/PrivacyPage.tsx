import { Form } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { useAdminT } from "#app/features/console/i18n.ts";
import type { RightsRow } from "#app/features/privacy-rights/console-list.server.ts";
import { CsrfField, Notice, PageTitle, StatusBadge } from "#app/features/console/parts.tsx";
import styles from "#app/features/console/console.module.css";

export type PrivacyResult = { ok: "erased"; count: number } | { ok: "withdrawn"; count: number } | { error: "missing" };

/**
 * Visitors' rights (issue 16): each request with its number, and the one
 * action it asks for — erase everything under the number, or record the
 * withdrawal of marketing consent. An erasure is final: the browser asks
 * first, and the audit log keeps how many requests went, not the number.
 */
export function PrivacyPage({ rows, result }: { rows: RightsRow[]; result?: PrivacyResult }) {
  const t = useAdminT();
  return (
    <>
      <PageTitle>{t("privacy.title")}</PageTitle>
      <p className={styles.muted}>{t("privacy.intro")}</p>
      {result && "ok" in result ? <Notice tone="ok">{t(`privacy.done.${result.ok}`, { count: result.count })}</Notice> : null}
      {result && "error" in result ? <Notice tone="error">{t("privacy.error")}</Notice> : null}
      {rows.length === 0 ? (
        <p>{t("privacy.empty")}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t("inbox.col.received")}</th>
              <th scope="col">{t("privacy.col.request")}</th>
              <th scope="col">{t("inbox.col.phone")}</th>
              <th scope="col">{t("inbox.col.status")}</th>
              <th scope="col">{t("privacy.col.action")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.received}</td>
                <td>{t(`privacy.request.${row.request}`)}</td>
                <td>{row.phone}</td>
                <td>
                  <StatusBadge status={row.status} />
                </td>
                <td>
                  {row.status === "closed" ? null : (
                    <Form
                      method="post"
                      onSubmit={(event) => {
                        if (row.request === "erase" && !window.confirm(t("privacy.confirmErase", { phone: row.phone })))
                          event.preventDefault();
                      }}
                    >
                      <CsrfField />
                      <input type="hidden" name="id" value={row.id} />
                      <input type="hidden" name="intent" value={row.request} />
                      <Button type="submit" variant={row.request === "erase" ? "secondary" : "primary"}>
                        {t(`privacy.action.${row.request}`)}
                      </Button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
