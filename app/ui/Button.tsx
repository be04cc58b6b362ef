import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import styles from "./Button.module.css";

type Variant = "primary" | "secondary" | "ghost";

function classes(variant: Variant, block?: boolean, extra?: string) {
  return [styles.button, styles[variant], block ? styles.block : "", extra ?? ""].filter(Boolean).join(" ");
}

export function Button({
  variant = "primary",
  block,
  className,
  type = "button",
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; block?: boolean }) {
  return <button type={type} className={classes(variant, block, className)} {...rest} />;
}

/** A form's submit button: it says `busyLabel` instead of `label` while the form is being sent. */
export function SubmitButton({
  submitting,
  label,
  busyLabel,
  ...rest
}: Omit<Parameters<typeof Button>[0], "type" | "children"> & { submitting: boolean; label: ReactNode; busyLabel: ReactNode }) {
  return (
    <Button type="submit" {...rest}>
      {submitting ? busyLabel : label}
    </Button>
  );
}

/** A link that looks like a button (navigation is a link, not a button). */
export function ButtonLink({ variant = "primary", block, className, ...rest }: LinkProps & { variant?: Variant; block?: boolean }) {
  return <Link className={classes(variant, block, className)} {...rest} />;
}

/** Class names for an `<a>` that must look like a button (tel:, external). */
export function buttonClass(variant: Variant = "primary", block = false) {
  return classes(variant, block);
}
