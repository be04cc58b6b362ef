import { Link, href, useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { useAdminLocale, useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import { MissingLocales } from "#app/features/console/locale-fields.tsx";
import { ExpiryWarning, useGapNames } from "#app/features/console/ad-approval.tsx";
import type { AdminProduct, ProductValues } from "#app/features/products/products.server.ts";
import type { ProductListResult } from "#app/features/products/actions.server.ts";
import admin from "#app/features/console/console.module.css";

/** The check's preview with every product's draft (signed-in operators only). */
export const PRODUCT_PREVIEW_HREF = "/our-products/eligibility?productPreview=1";

function Action({ id, intent, children }: { id: number; intent: string; children: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <PostForm preventScrollReset>
      <input type="hidden" name="id" value={id} />
      <Button type="submit" name="intent" value={intent} variant="secondary" disabled={busy}>
        {children}
      </Button>
    </PostForm>
  );
}

function Figures({ values }: { values: ProductValues }) {
  const t = useAdminT();
  const number = new Intl.NumberFormat(useAdminLocale());
  const won = (value: string | undefined) => (value && /^\d+$/.test(value) ? number.format(Number(value)) : (value ?? ""));
  return (
    <p className={admin.muted}>
      {t("products.figures", {
        amount: `${won(values.amount_min)}–${won(values.amount_max)}`,
        rate: `${values.rate_min}–${values.rate_max}`,
        term: `${values.term_min}–${values.term_max}`,
        visas: (values.visas ?? "").replaceAll(",", ", "),
      })}
    </p>
  );
}

/** The loan products the eligibility check offers (issue 27): on/off, the live figures, a scheduled change, the draft. */
export function ProductsPage({ products, result }: { products: AdminProduct[]; result?: ProductListResult }) {
  const t = useAdminT();
  const gapNames = useGapNames();
  return (
    <>
      <PageTitle aside={<Link to="/admin/products/new">{t("products.add")}</Link>}>{t("products.title")}</PageTitle>
      <p className={admin.muted}>{t("products.intro")}</p>
      <p className={admin.toolbar}>
        <a href={PRODUCT_PREVIEW_HREF}>{t("products.preview")}</a>
        <span className={admin.muted}>{t("products.previewHint")}</span>
      </p>
      {result && "ok" in result ? <Notice tone="ok">{t(`products.done.${result.ok}` as AdminKey)}</Notice> : null}
      <ExpiryWarning ads={products.filter((p) => p.expiring.length).map((p) => ({ name: p.name, expiring: p.expiring }))} />
      {result && "fields" in result ? (
        <Notice tone="error">{t("products.error.unapproved", { fields: gapNames(result.fields) })}</Notice>
      ) : result && "error" in result ? (
        <Notice tone="error">{t(`products.error.${result.error}` as AdminKey)}</Notice>
      ) : null}
      <ol className={admin.cardList}>
        {products.map((p) => (
          <li key={p.id} className={admin.card}>
            <h2 className={admin.subtitle}>{p.name}</h2>
            <p className={admin.muted}>
              {p.key} · {p.retired ? t("products.retire") : p.enabled ? t("products.on") : t("products.off")}
            </p>
            <p className={admin.muted} lang="ko">
              {p.lender ? t("products.lenderOf", { lender: p.lender.legalName }) : t("products.noLender")}
            </p>
            {p.retired ? <p>{t("products.retiredBadge")}</p> : null}
            {p.sample ? <div className={admin.muted}>{t("ads.sample")}</div> : null}
            <MissingLocales missing={p.missing} />
            {p.live ? (
              <>
                <p>{t("products.live")}</p>
                <Figures values={p.live} />
              </>
            ) : (
              <p>{t("products.noLive")}</p>
            )}
            {p.scheduled ? (
              <>
                <p>{t("products.scheduled", { from: p.scheduled.effectiveFrom.replace("T", " ") })}</p>
                <Figures values={p.scheduled.values} />
              </>
            ) : null}
            {p.draft ? (
              <>
                <p>{t("products.draft")}</p>
                <Figures values={p.draft} />
              </>
            ) : null}
            {p.retired ? null : (
              <div className={admin.toolbar}>
                <Link to={href("/admin/products/:id", { id: String(p.id) })}>{t("products.edit")}</Link>
                <Action id={p.id} intent={p.enabled ? "disable" : "enable"}>
                  {p.enabled ? t("products.disable") : t("products.enable")}
                </Action>
                <Action id={p.id} intent={p.published ? "retire" : "delete"}>
                  {p.published ? t("products.retire") : t("products.delete")}
                </Action>
                {p.draft ? (
                  <>
                    <Action id={p.id} intent="publish">
                      {t("products.publish")}
                    </Action>
                    <Action id={p.id} intent="discard">
                      {t("products.discard")}
                    </Action>
                  </>
                ) : null}
              </div>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
