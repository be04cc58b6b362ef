import { Link, href, useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import { POLICY_KINDS, type PolicyKind } from "#app/features/legal/links.ts";
import type { AdminLegalVersion } from "#app/features/legal-versions/legal-versions.server.ts";
import type { LegalListResult } from "#app/features/legal-versions/actions.server.ts";
import admin from "#app/features/console/console.module.css";
import styles from "./legal-versions.module.css";

export type LegalDone = "scheduled" | "published" | "updated" | "withdrawn";

/** The public page of one version: the home page with the legal modal open on it. */
export const publicVersionHref = (kind: PolicyKind, date: string) => `/?policy=${kind}&version=${date}`;

function Withdraw({ id, label }: { id: number; label: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <PostForm preventScrollReset className={styles.inline}>
      <input type="hidden" name="id" value={id} />
      <Button type="submit" name="intent" value="withdraw" variant="secondary" disabled={busy} aria-label={label}>
        {label}
      </Button>
    </PostForm>
  );
}

function VersionRow({ kind, v }: { kind: PolicyKind; v: AdminLegalVersion }) {
  const t = useAdminT();
  return (
    <li className={styles.version}>
      <p>
        <strong>{v.date}</strong> · {t(`legal.state.${v.state}` as AdminKey)}
        {v.significant ? ` · ${t("legal.significantShort")}` : ""}
      </p>
      <p className={admin.muted}>{v.createdBy ? t("legal.writtenBy", { who: v.createdBy }) : t("legal.fromFiles")}</p>
      <div className={admin.toolbar}>
        <a href={publicVersionHref(kind, v.date)}>{t("legal.viewOnSite")}</a>
        {v.state === "coming" ? (
          <>
            <Link to={href("/admin/legal/:id", { id: String(v.id) })}>{t("legal.edit")}</Link>
            <Withdraw id={v.id} label={t("legal.withdraw")} />
          </>
        ) : (
          <Link to={href("/admin/legal/:id", { id: String(v.id) })}>{t("legal.texts")}</Link>
        )}
      </div>
    </li>
  );
}

/** The four legal documents and their dated versions (issue 36): past, in force, coming. */
export function LegalVersionsPage({
  versions,
  today,
  done,
  result,
}: {
  versions: Record<PolicyKind, AdminLegalVersion[]>;
  /** Today in Korea (the first-version rule's day). */
  today: string;
  done: LegalDone | null;
  result?: LegalListResult;
}) {
  const t = useAdminT();
  return (
    <>
      <PageTitle>{t("legal.title")}</PageTitle>
      <p className={admin.muted}>{t("legal.intro")}</p>
      {done ? <Notice tone="ok">{t(`legal.done.${done}`)}</Notice> : null}
      {result && "error" in result ? <Notice tone="error">{t(`legal.error.${result.error}`)}</Notice> : null}
      <ol className={admin.cardList}>
        {POLICY_KINDS.map((kind) => (
          <li key={kind} className={admin.card}>
            <h2 className={admin.subtitle}>{t(`legal.kind.${kind}`)}</h2>
            <p className={admin.muted}>
              {t(versions[kind].some((v) => v.createdBy) ? "legal.rule.notice" : "legal.rule.first", { today })}
            </p>
            <ol className={styles.versions}>
              {[...versions[kind]].reverse().map((v) => (
                <VersionRow key={v.id} kind={kind} v={v} />
              ))}
            </ol>
            <p>
              <Link to={`${href("/admin/legal/new")}?kind=${kind}`}>{t("legal.new")}</Link>
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}
