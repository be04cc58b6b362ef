import type { ButtonHTMLAttributes, ReactNode } from "react";
import styles from "./Chip.module.css";

/** A pill-shaped choice: `pressed` for toggles/filters. */
export function Chip({
  pressed,
  className,
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { pressed?: boolean; children: ReactNode }) {
  return (
    <button type="button" aria-pressed={pressed} className={[styles.chip, className].filter(Boolean).join(" ")} {...rest}>
      {children}
    </button>
  );
}

/** A chip that is only a label (not interactive). */
export function StaticChip({ children, lang }: { children: ReactNode; lang?: string }) {
  return (
    <span className={`${styles.chip} ${styles.static}`} lang={lang}>
      {children}
    </span>
  );
}
