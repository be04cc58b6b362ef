import { Link, href, useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import type { AdminLender } from "#app/features/lenders/lenders.server.ts";
import type { LenderListResult } from "#app/features/lenders/actions.server.ts";
import admin from "#app/features/console/console.module.css";

/**
 * The lenders the business sells products for (issue 47, item 1). The site
 * names only those of the live products; a lender no product names can be
 * deleted.
 */
export function LendersPage({ lenders, result }: { lenders: AdminLender[]; result?: LenderListResult }) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageTitle aside={<Link to="/admin/lenders/new">{t("lenders.add")}</Link>}>{t("lenders.title")}</PageTitle>
      <p className={admin.muted}>{t("lenders.intro")}</p>
      {result && "ok" in result ? <Notice tone="ok">{t("lenders.done.deleted")}</Notice> : null}
      {result && "error" in result ? <Notice tone="error">{t(`lenders.error.${result.error}` as AdminKey)}</Notice> : null}
      {lenders.length === 0 ? <p>{t("lenders.none")}</p> : null}
      <ol className={admin.cardList}>
        {lenders.map((lender) => (
          <li key={lender.id} className={admin.card}>
            <h2 className={admin.subtitle} lang="ko">
              {lender.legalName}
            </h2>
            <p className={admin.muted}>
              {lender.name} · {t("lenders.productCount", { count: lender.products })}
            </p>
            <div className={admin.toolbar}>
              <Link
                to={href("/admin/lenders/:id", { id: String(lender.id) })}
                aria-label={t("lenders.editNamed", { name: lender.legalName })}
              >
                {t("lenders.edit")}
              </Link>
              {lender.products === 0 ? (
                <PostForm preventScrollReset>
                  <input type="hidden" name="id" value={lender.id} />
                  <Button type="submit" name="intent" value="delete" variant="secondary" disabled={busy}>
                    {t("lenders.delete")}
                  </Button>
                </PostForm>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
