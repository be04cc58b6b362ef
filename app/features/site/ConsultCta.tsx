import { href } from "react-router";
import { useId } from "react";
import { ButtonLink } from "#app/ui/Button.tsx";
import styles from "./ConsultCta.module.css";

/** "Still have a question?" and the way to a free consultation. */
export function ConsultCta({ text, button }: { text: string; button: string }) {
  const id = useId();
  return (
    <aside className={styles.cta} aria-labelledby={id}>
      <p id={id}>{text}</p>
      <ButtonLink to={href("/loan-consultation")} block>
        {button}
      </ButtonLink>
    </aside>
  );
}
