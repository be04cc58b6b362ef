import type { ReactNode } from "react";
import { Form, Link, useLocation, type FormProps } from "react-router";
import { useAdminShell, useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import type { RightsStatus } from "#db/schema.ts";
import type { RequestKind } from "#app/requests/kinds.ts";
import styles from "./console.module.css";

/** The session-bound form token every console form posts back. */
export function CsrfField() {
  return <input type="hidden" name="csrf" value={useAdminShell()?.csrf ?? ""} />;
}

/** A console form that posts: the form token first, then the action's `intent` where it has more than one. */
export function PostForm({ intent, children, ...form }: Omit<FormProps, "method"> & { intent?: string }) {
  return (
    <Form method="post" {...form}>
      <CsrfField />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {children}
    </Form>
  );
}

/** The narrow card of the pages before a session (sign in, the second step, setting a password), titled by its h1. */
export function SignInCard({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.signIn} aria-labelledby={id}>
      <h1 id={id} className={styles.title}>
        {title}
      </h1>
      {children}
    </section>
  );
}

export function PageTitle({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className={styles.titleRow}>
      <h1 className={styles.title}>{children}</h1>
      {aside ? <div className={styles.titleAside}>{aside}</div> : null}
    </div>
  );
}

/** A visitors' rights request's status (the requests' own stages: StageBadge in app/features/pipeline). */
export function StatusBadge({ status }: { status: RightsStatus }) {
  const t = useAdminT();
  return <span className={`${styles.badge} ${styles[`status_${status}`]}`}>{t(`status.${status}` as AdminKey)}</span>;
}

export function KindLabel({ kind }: { kind: RequestKind }) {
  const t = useAdminT();
  return <span className={styles.kind}>{t(`kind.${kind}` as AdminKey)}</span>;
}

/** Previous/next links that keep the current query (filters). */
export function Pager({ page, pages }: { page: number; pages: number }) {
  const t = useAdminT();
  const { pathname, search } = useLocation();
  if (pages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(p));
    return `${pathname}?${params}`;
  };
  return (
    <nav className={styles.pager} aria-label={t("pager.label")}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          {t("pager.previous")}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span>{t("pager.position", { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next">
          {t("pager.next")}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}

/** A short confirmation or error after a form post, announced to screen readers. */
export function Notice({ tone, children }: { tone: "ok" | "error"; children: ReactNode }) {
  return (
    <p className={tone === "ok" ? styles.noticeOk : styles.noticeError} role={tone === "ok" ? "status" : "alert"}>
      {children}
    </p>
  );
}
