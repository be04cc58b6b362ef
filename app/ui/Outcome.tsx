import type { HTMLAttributes } from "react";
import styles from "./Outcome.module.css";

/**
 * What a form's post came to: a success is a polite status, a failure an
 * alert read out at once. One look for every public form that answers in
 * the page (the rights page, finding a request, a code sent).
 */
export function Outcome({ kind, ...rest }: { kind: "success" | "failure" } & HTMLAttributes<HTMLParagraphElement>) {
  return <p role={kind === "success" ? "status" : "alert"} className={styles[kind]} {...rest} />;
}
