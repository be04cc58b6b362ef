import type { ReactNode } from "react";
import { ExternalLink } from "#app/ui/ExternalLink.tsx";
import { ExternalIcon } from "#app/ui/icons.tsx";
import styles from "./LinkRow.module.css";

/**
 * A link to another site as a row (or a larger card): icon, label, optional
 * detail, the "new tab" arrow, and the same said to screen readers.
 */
export function LinkRow({
  href,
  icon,
  label,
  detail,
  newTab,
  card = false,
}: {
  href: string;
  icon?: ReactNode;
  label: ReactNode;
  detail?: ReactNode;
  newTab: string;
  card?: boolean;
}) {
  return (
    <li className={card ? `${styles.item} ${styles.card}` : styles.item}>
      <ExternalLink href={href} className={styles.row}>
        {icon ? (
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <span className={styles.text}>
          <span className={styles.label}>{label}</span>
          {detail ? <span className={styles.detail}>{detail}</span> : null}
        </span>
        <ExternalIcon size={18} className={styles.arrow} />
        <span className="visually-hidden"> {newTab}</span>
      </ExternalLink>
    </li>
  );
}

/** A list of LinkRows. */
export function LinkList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {children}
    </ul>
  );
}
