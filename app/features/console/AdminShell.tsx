import type { ReactNode } from "react";
import { Form, Link, NavLink, useLocation, href } from "react-router";
import { useBrand, useBrandSettings } from "#app/business/useBusiness.ts";
import { BrandMark } from "#app/ui/BrandMark.tsx";
import { ADMIN_LANGS, useAdminShell, useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { PostForm } from "#app/features/console/parts.tsx";
import appShell from "#app/features/layout/AppShell.module.css";
import styles from "./AdminShell.module.css";

/**
 * The sections; `admin`: administrators only (the server refuses the others with 403, ADR 0022);
 * `officer`: the privacy officer's, who sees those and its account only (ADR 0053).
 */
const NAV: { to: string; label: AdminKey; end?: boolean; admin?: boolean; officer?: boolean }[] = [
  { to: href("/admin"), label: "nav.inbox", end: true },
  { to: href("/admin/calls"), label: "mycalls.nav" },
  { to: href("/admin/notifications"), label: "nav.notifications" },
  { to: href("/admin/blog-links"), label: "nav.blogLinks", admin: true },
  { to: href("/admin/campaigns"), label: "nav.campaigns", admin: true },
  { to: href("/admin/products"), label: "products.nav", admin: true },
  { to: href("/admin/lenders"), label: "lenders.nav", admin: true },
  { to: href("/admin/calendar"), label: "calendar.nav", admin: true },
  { to: href("/admin/home-claims"), label: "nav.homeClaims", admin: true },
  { to: href("/admin/legal"), label: "legal.nav", admin: true },
  { to: href("/admin/banners"), label: "nav.banners" },
  { to: href("/admin/privacy"), label: "nav.privacy", admin: true },
  { to: href("/admin/downloads"), label: "nav.downloads", admin: true },
  { to: href("/admin/breach"), label: "nav.breach", admin: true },
  { to: href("/admin/deadlines"), label: "nav.deadlines", admin: true },
  { to: href("/admin/audit"), label: "nav.audit", admin: true },
  { to: href("/admin/reports"), label: "nav.reports", admin: true },
  { to: href("/admin/operators"), label: "nav.operators", admin: true },
  { to: href("/admin/business"), label: "nav.business", admin: true },
  { to: href("/admin/brand"), label: "nav.brand", admin: true },
  { to: href("/admin/go-live"), label: "nav.goLive", admin: true },
  { to: href("/admin/access"), label: "nav.access", officer: true },
  { to: href("/admin/destruction"), label: "nav.destruction", officer: true },
  { to: href("/admin/account"), label: "nav.account" },
];

function navFor(role: string | undefined) {
  if (role === "officer") return NAV.filter((item) => item.officer || item.to === href("/admin/account"));
  return NAV.filter((item) => !item.officer && (!item.admin || role === "admin"));
}

const LANG_LABEL = { ko: "한국어", en: "English" } as const;

/**
 * The console's own layout (not the visitors' 500px column): a top bar with
 * the sections, the operator and sign-out, and a language switch (ko/en);
 * content up to 1200px wide, one column on a phone.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const shell = useAdminShell();
  const t = useAdminT();
  const location = useLocation();
  const here = location.pathname + location.search;
  const lang = shell?.lang ?? "ko";
  return (
    <div className={styles.shell} lang={lang}>
      <a href="#admin-main" className={appShell.skip}>
        {t("shell.skip")}
      </a>
      <header className={styles.bar}>
        <div className={styles.barInner}>
          <Link to={href("/admin")} className={styles.brand}>
            <BrandMark src={useBrandSettings().logo} size={28} />
            <span>{useBrand()}</span>
            <span className={styles.console}>{t("shell.console")}</span>
          </Link>
          <div className={styles.tools}>
            <Form method="post" action={href("/admin/lang")} reloadDocument className={styles.langs} aria-label={t("shell.language")}>
              <input type="hidden" name="next" value={here} />
              {ADMIN_LANGS.map((code) => (
                <button key={code} type="submit" name="lang" value={code} lang={code} aria-pressed={code === lang} className={styles.lang}>
                  {LANG_LABEL[code]}
                </button>
              ))}
            </Form>
            {shell?.operator ? (
              <PostForm action={href("/admin/sign-out")} reloadDocument className={styles.signOut}>
                <span className={styles.operator}>{shell.operator.email}</span>
                <button type="submit" className={styles.signOutButton}>
                  {t("shell.signOut")}
                </button>
              </PostForm>
            ) : null}
          </div>
        </div>
        {shell?.operator ? (
          <nav className={styles.nav} aria-label={t("shell.sections")}>
            <ul>
              {navFor(shell.operator?.role).map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink)}
                  >
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="admin-main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
