import type { ReactNode } from "react";
import { useT } from "#app/i18n/useT.ts";
import { Header } from "#app/features/layout/Header.tsx";
import styles from "./AppShell.module.css";

/**
 * The shared layout (spec §2): one column at most 500px wide, centred on wide
 * screens, under the fixed header. Site-wide parts (footer, contact widget,
 * legal modal) are given by the root as `chrome`.
 */
export function AppShell({ children, chrome }: { children: ReactNode; chrome?: ReactNode }) {
  const t = useT();
  return (
    <div className={styles.app}>
      <a href="#main" className={styles.skip}>
        {t("common.skipToContent")}
      </a>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      {chrome}
    </div>
  );
}
