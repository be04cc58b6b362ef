import type { ReactNode } from "react";
import styles from "./PageHeading.module.css";

/** The page's one `<h1>`. */
export function PageHeading({ children, subtitle }: { children: ReactNode; subtitle?: ReactNode }) {
  return (
    <header className={styles.heading}>
      <h1>{children}</h1>
      {subtitle ? <p>{subtitle}</p> : null}
    </header>
  );
}
