import type { ReactNode } from "react";
import { ChevronDownIcon } from "#app/ui/icons.tsx";
import styles from "./Accordion.module.css";

/**
 * Questions and answers where one item is open at a time: exclusive
 * `<details name>` (no JavaScript; keyboard and screen-reader native).
 */
export function Accordion({ name, items }: { name: string; items: { id: string; summary: ReactNode; content: ReactNode }[] }) {
  return (
    <div className={styles.accordion}>
      {items.map((item) => (
        <details key={item.id} name={name} className={styles.item}>
          <summary className={styles.summary}>
            <span>{item.summary}</span>
            <ChevronDownIcon className={styles.chevron} size={20} />
          </summary>
          <div className={styles.content}>{item.content}</div>
        </details>
      ))}
    </div>
  );
}
