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

/**
 * One of a GET form's choices: without JavaScript the chip submits its
 * `name=value`; with it, a tap calls `onChoose(value)` and the page stays.
 */
export function ChoiceChip<V extends string>({
  name,
  value,
  onChoose,
  ...chip
}: Omit<Parameters<typeof Chip>[0], "type" | "name" | "value" | "onClick"> & { name: string; value: V; onChoose: (value: V) => void }) {
  return (
    <Chip
      type="submit"
      name={name}
      value={value}
      onClick={(event) => {
        event.preventDefault();
        onChoose(value);
      }}
      {...chip}
    />
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
